import Box from "#app/components/ui/Box.tsx";
import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { AppHeader } from "../components/AppHeader.tsx";
import { SideNavLayout, type SideNavSection } from "../components/SideNavLayout.tsx";
import { requireAdmin } from "../lib/session.server.ts";
import { countPendingFulfillerApplications } from "#server/modules/fulfillment/index.ts";
import { countPendingApplications } from "#server/modules/stores/index.ts";
import { countActiveCases } from "#server/modules/cases/index.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const [pendingApplications, pendingPrintShops, activeCases] = await Promise.all([
    countPendingApplications(ctx),
    countPendingFulfillerApplications(ctx),
    countActiveCases(ctx),
  ]);
  return { pendingApplications, pendingPrintShops, activeCases };
}

export const ADMIN_NAV: SideNavSection[] = [
  { items: [{ to: "/admin", label: "Dashboard", end: true }] },
  {
    title: "People",
    items: [
      { to: "/admin/users/setRoleByUid", label: "Users and roles" },
      { to: "/admin/contact/respond", label: "Contact inbox" },
      { to: "/admin/jobs", label: "Jobs" },
    ],
  },
  {
    title: "Orders",
    items: [
      { to: "/admin/orders/status-overview", label: "Overview" },
      { to: "/admin/orders/status", label: "All orders" },
      { to: "/admin/cases", label: "Cases" },
    ],
  },
  {
    title: "Marketplace",
    items: [
      { to: "/admin/partners", label: "Partners", end: true },
      { to: "/admin/partners/applicants", label: "Applicants" },
      { to: "/admin/fulfillers", label: "Print shops" },
      { to: "/admin/products", label: "Products" },
      { to: "/admin/wishes", label: "Wishes" },
    ],
  },
  {
    title: "Platform",
    items: [
      { to: "/admin/config", label: "Configuration" },
      { to: "/admin/brevo", label: "E-mail" },
    ],
  },
];

/** The admin layout (spec section 2): admin header and side navigation. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const pending = loaderData?.pendingApplications ?? 0;
  const printShops = loaderData?.pendingPrintShops ?? 0;
  const cases = loaderData?.activeCases ?? 0;
  const sections =
    pending || printShops || cases
      ? ADMIN_NAV.map((s) => ({
          ...s,
          items: s.items.map((i) =>
            i.to === "/admin/partners/applicants" && pending
              ? { ...i, label: `Applicants (${pending} pending)` }
              : i.to === "/admin/fulfillers" && printShops
                ? { ...i, label: `Print shops (${printShops} pending)` }
                : i.to === "/admin/cases" && cases
                  ? { ...i, label: `Cases (${cases} pending)` }
                  : i,
          ),
        }))
      : ADMIN_NAV;
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }} data-layout="admin">
      <AppHeader title="Admin" nav={[]} homeTo="/admin" />
      <SideNavLayout sections={sections} label="Admin">
        <Outlet />
      </SideNavLayout>
    </Box>
  );
}
