import Box from "@mui/material/Box";
import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { AppHeader } from "../components/AppHeader.tsx";
import { SideNavLayout, type SideNavSection } from "../components/SideNavLayout.tsx";
import { requireAdmin } from "../lib/session.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
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
    title: "Platform",
    items: [
      { to: "/admin/config", label: "Configuration" },
      { to: "/admin/brevo", label: "E-mail" },
    ],
  },
];

/** The admin layout (spec section 2): admin header and side navigation. */
export default function AdminLayout() {
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }} data-layout="admin">
      <AppHeader title="Admin" nav={[]} homeTo="/admin" />
      <SideNavLayout sections={ADMIN_NAV} label="Admin">
        <Outlet />
      </SideNavLayout>
    </Box>
  );
}
