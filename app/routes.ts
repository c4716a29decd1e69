import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Every route of the spec, under its layout (spec section 2). Later issues add theirs here.
 * Guards live in each route's loader and action, never only in a layout.
 */
export default [
  // ---- default layout: public pages --------------------------------------------------------
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("login/forgot", "routes/auth/forgot.tsx"),
    route("login/reset", "routes/auth/reset.tsx"),
    route("login/verify", "routes/auth/verify.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    route("account", "routes/account/index.tsx"),
    route("legal", "routes/legal/index.tsx"),
    route("legal/:doc", "routes/legal/document.tsx"),
    route("shop/faqs", "routes/shop/faqs.tsx"),
    route("shop/shoppers", "routes/shop/shoppers.tsx"),
    route("contact", "routes/contact.tsx"),
    route("jobs", "routes/jobs/index.tsx"),
    route("jobs/general", "routes/jobs/general.tsx"),
    route("jobs/:id", "routes/jobs/detail.tsx"),

    // admin routes in the default layout (spec section 2)
    ...prefix("admin", [
      route("brevo", "routes/admin/brevo/index.tsx"),
      route("brevo/messages/:id", "routes/admin/brevo/message.tsx"),
      route("brevo/order-success", "routes/admin/brevo/template.tsx", { id: "brevo-order-success" }),
      route("brevo/order-shipment-created", "routes/admin/brevo/template.tsx", { id: "brevo-order-shipment-created" }),
      route("brevo/order-shipment-delivered", "routes/admin/brevo/template.tsx", { id: "brevo-order-shipment-delivered" }),
      route("config", "routes/admin/config.tsx"),
      route("contact/respond", "routes/admin/contact-respond.tsx"),
      route("jobs", "routes/admin/jobs/index.tsx"),
      route("jobs/new", "routes/admin/jobs/edit.tsx", { id: "admin-jobs-new" }),
      route("jobs/:jobId", "routes/admin/jobs/edit.tsx", { id: "admin-jobs-edit" }),
      route("jobs/applications/:applicationId/cv", "routes/admin/jobs/cv.ts"),
      route("users/setRoleByUid", "routes/admin/set-role.tsx"),
    ]),
  ]),

  // ---- admin layout ------------------------------------------------------------------------
  layout("layouts/admin.tsx", [route("admin", "routes/admin/dashboard.tsx")]),

  // ---- seller layout (its routes arrive with the catalogue) --------------------------------
  layout("layouts/seller.tsx", []),

  // ---- APIs and resources (no layout) ------------------------------------------------------
  route("api/__session", "routes/api/session.ts"),
  route("identity/token", "routes/api/identity-token.ts"),
  route("identity/.well-known/jwks.json", "routes/api/jwks.ts"),
  route("identity/.well-known/openid-configuration", "routes/api/openid-configuration.ts"),
  route("resources/theme", "routes/resources/theme.ts"),

  // ---- everything else is a 404 ------------------------------------------------------------
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
