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

    // catalogue and discovery (issue 3)
    route("shop", "routes/shop/index.tsx"),
    route("shop/products/:category", "routes/shop/category.tsx"),
    route("shop/product/:id", "routes/shop/product.tsx"),
    route("shop/stores/:handle", "routes/shop/store-front.tsx"),
    route("shop/partners/register", "routes/partners/register.tsx"),
    route("shop/partners/terms", "routes/partners/terms.tsx"),
    route("shop/partners/:handle", "routes/partners/profile.tsx"),
    route("shop/partners/:handle/products", "routes/shop/partner-products.tsx", { id: "partner-products" }),
    route("shop/partners/:handle/products/:category", "routes/shop/partner-products.tsx", { id: "partner-products-category" }),
    route("shop/partners/:handle/partners", "routes/partners/team.tsx"),
    route("shop/partners/:handle/fanClub", "routes/partners/fan-club.tsx"),
    // partner administration subpages in the default layout (spec section 2): analytics (issue 23)
    route("shop/partners/:handle/administration/analytics", "routes/seller/analytics.tsx"),
    // becoming a print shop (issue 23): the application, its terms, the set-up, the shop's public page
    route("shop/partners/:handle/fulfillment-application", "routes/fulfillment/apply.tsx"),
    route("shop/partners/:handle/fulfillment/terms", "routes/fulfillment/terms.tsx"),
    route("shop/partners/:handle/fulfillment/register", "routes/fulfillment/register.tsx"),
    route("shop/partners/:handle/fulfillment/:shop", "routes/fulfillment/public.tsx"),
    route("fan-club/unsubscribe/:token", "routes/partners/fan-club-unsubscribe.tsx"),
    route("team/invite/:token", "routes/partners/team-invite.tsx"),
    route("search", "routes/search/index.tsx"),
    route("product-request", "routes/shopping/product-request.tsx"),
    route("wishes", "routes/shopping/wishes.tsx"),
    route("cart", "routes/shopping/cart.tsx"),

    // checkout, payment and the shopper's order page (issue 8)
    route("checkout", "routes/checkout/index.tsx"),
    route("payment", "routes/checkout/payment.tsx"),
    route("payment/authenticate", "routes/checkout/authenticate.tsx"),
    route("payment/return", "routes/checkout/payment-return.tsx"),
    route("shop/orders/:id", "routes/shop/order.tsx"),
    // cases (issue 23 §3): report a problem, the shopper's case
    route("shop/orders/:id/problem", "routes/shop/order-problem.tsx"),
    route("shop/orders/:id/cases/:caseId", "routes/shop/order-case.tsx"),

    // admin routes in the default layout (spec section 2)
    ...prefix("admin", [
      route("brevo", "routes/admin/brevo/index.tsx"),
      route("brevo/messages/:id", "routes/admin/brevo/message.tsx"),
      route("brevo/order-success", "routes/admin/brevo/template.tsx", { id: "brevo-order-success" }),
      route("brevo/order-shipment-created", "routes/admin/brevo/template.tsx", { id: "brevo-order-shipment-created" }),
      route("brevo/order-shipment-delivered", "routes/admin/brevo/template.tsx", { id: "brevo-order-shipment-delivered" }),
      route("config", "routes/admin/config.tsx"),
      route("fulfillers", "routes/admin/fulfillers.tsx"),
      route("contact/respond", "routes/admin/contact-respond.tsx"),
      route("jobs", "routes/admin/jobs/index.tsx"),
      route("jobs/new", "routes/admin/jobs/edit.tsx", { id: "admin-jobs-new" }),
      route("jobs/:jobId", "routes/admin/jobs/edit.tsx", { id: "admin-jobs-edit" }),
      route("jobs/applications/:applicationId/cv", "routes/admin/jobs/cv.ts"),
      route("users/setRoleByUid", "routes/admin/set-role.tsx"),
    ]),
  ]),

  // ---- admin layout ------------------------------------------------------------------------
  layout("layouts/admin.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/partners", "routes/admin/partners/index.tsx"),
    route("admin/partners/applicants", "routes/admin/partners/applicants.tsx"),
    route("admin/products", "routes/admin/products.tsx"),
    route("admin/wishes", "routes/admin/wishes.tsx"),
    // orders (issue 8): overview, every order, one status, the CSV export, one order
    route("admin/orders/status-overview", "routes/admin/orders/overview.tsx"),
    route("admin/orders/status", "routes/admin/orders/list.tsx", { id: "admin-orders-all" }),
    route("admin/orders/status/:status", "routes/admin/orders/list.tsx", { id: "admin-orders-status" }),
    route("admin/orders/export", "routes/admin/orders/export.ts"),
    route("admin/orders/:id", "routes/admin/orders/detail.tsx"),
    // cases (issue 23 §3): the queue and one case
    route("admin/cases", "routes/admin/cases/list.tsx"),
    route("admin/cases/:id", "routes/admin/cases/detail.tsx"),
  ]),

  // ---- seller layout -----------------------------------------------------------------------
  layout("layouts/seller.tsx", [
    route("ash", "routes/seller/ash.tsx"),
    ...prefix("shop/partners/:handle/administration", [
      index("routes/seller/dashboard.tsx"),
      route("getting-started", "routes/seller/getting-started.tsx"),
      route("profile", "routes/seller/profile.tsx"),
      route("workerprofile", "routes/seller/workerprofile.tsx"),
      route("products", "routes/seller/products.tsx"),
      route("products/create", "routes/seller/designer.tsx", { id: "designer-create" }),
      route("products/:productId", "routes/seller/designer.tsx", { id: "designer-edit" }),
    ]),
  ]),

  // ---- orders of a store's partners and of fulfillers (issue 8) ----------------------------
  layout("layouts/seller.tsx", { id: "seller-orders" }, [
    route("shop/partners/:handle/administration/orders", "routes/seller/orders.tsx"),
    // a fulfiller's administration: overview, orders, shipping and stock (issue 8)
    layout("layouts/fulfiller.tsx", [
      ...prefix("fulfillment/:handle/administration", [
        index("routes/fulfillment/overview.tsx"),
        route("orders", "routes/fulfillment/orders.tsx"),
        route("config", "routes/fulfillment/config.tsx"),
        route("carriers", "routes/fulfillment/carriers.tsx"),
        route("warehouses", "routes/fulfillment/warehouses.tsx"),
        route("warehouses/create", "routes/fulfillment/warehouse-create.tsx"),
        route("warehouses/:warehouseId", "routes/fulfillment/warehouse.tsx"),
        route("warehouses/:warehouseName/batches", "routes/fulfillment/batches.tsx"),
        route("blanks", "routes/fulfillment/blanks.tsx"),
        route("blanks/create", "routes/fulfillment/blank-create.tsx"),
        route("analytics", "routes/fulfillment/analytics.tsx"),
        route("cases", "routes/fulfillment/cases.tsx", { id: "fulfillment-cases" }),
        route("cases/:caseId", "routes/fulfillment/cases.tsx", { id: "fulfillment-case" }),
        route("getting-started", "routes/fulfillment/getting-started.tsx"),
        route("parcels", "routes/fulfillment/parcels.tsx"),
        route("shipments", "routes/fulfillment/shipments.tsx"),
        route("manifests", "routes/fulfillment/manifests.tsx"),
        route("team", "routes/fulfillment/team.tsx"),
      ]),
    ]),
  ]),
  route("fulfillment/:handle/administration/orders/:groupId/files/:lineId/:area", "routes/fulfillment/order-file.ts"),
  route("fulfillment/:handle/administration/warehouses/:warehouseId/stock.csv", "routes/fulfillment/warehouse-stock-csv.ts"),
  route("fulfillment/:handle/administration/carriers/:carrierCode/rates.csv", "routes/fulfillment/carriers-csv.ts"),
  route("fulfillment/:handle/administration/analytics/:series", "routes/fulfillment/analytics-csv.ts"),
  route("shop/partners/:handle/administration/analytics/:series", "routes/seller/analytics-csv.ts"),
  route("fulfillment/:handle/administration/warehouses/:warehouseName/batches/:batchId/:document", "routes/fulfillment/batch-document.ts"),
  route("fulfillment/:handle/administration/parcels/:parcelId/:document", "routes/fulfillment/parcel-document.ts"),
  route("fulfillment/:handle/administration/shipments/:shipmentId/:document", "routes/fulfillment/shipment-label.ts"),
  route("fulfillment/:handle/administration/manifests/:manifestId/:document", "routes/fulfillment/manifest-document.ts"),

  // ---- APIs and resources (no layout) ------------------------------------------------------
  route("cases/:caseId/photos/:n", "routes/cases/photo.ts"),
  route("api/__session", "routes/api/session.ts"),
  route("identity/token", "routes/api/identity-token.ts"),
  route("identity/.well-known/jwks.json", "routes/api/jwks.ts"),
  route("identity/.well-known/openid-configuration", "routes/api/openid-configuration.ts"),
  route("resources/theme", "routes/resources/theme.ts"),
  route("api/designer/artwork", "routes/api/designer-artwork.ts"),
  route("api/designer/preview", "routes/api/designer-preview.ts"),
  route("api/search", "routes/api/search.ts"),
  route("api/cart", "routes/api/cart.ts"),
  route("api/wishes", "routes/api/wishes.ts"),
  route("api/payments/stripe/webhook", "routes/api/stripe-webhook.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),

  // ---- everything else is a 404 ------------------------------------------------------------
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
