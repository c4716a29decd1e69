import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { SideNavLayout, type SideNavSection } from "#app/components/SideNavLayout.tsx";

/** What the store administration frame needs to know about the store (serialisable loader data). */
export interface StoreAdminStore {
  handle: string;
  name: string;
  status?: string;
  suspendedReason?: string;
  avatarKey?: string | null;
  accentColor?: string;
}

export type StoreAdminSection =
  "dashboard" | "getting-started" | "profile" | "workerprofile" | "products" | "orders" | "analytics" | "fan-club";

/** The side navigation of a store's administration (`/shop/partners/@{name}/administration/...`). */
export function storeAdminNav(handle: string): SideNavSection[] {
  const base = `/shop/partners/@${handle}/administration`;
  return [
    {
      title: "Store",
      items: [
        { to: base, label: "Dashboard", end: true },
        { to: `${base}/getting-started`, label: "Getting started" },
        { to: `${base}/profile`, label: "Profile" },
        { to: `${base}/workerprofile`, label: "Team" },
      ],
    },
    {
      title: "Catalogue",
      items: [
        { to: `${base}/products`, label: "Products", end: true },
        { to: `${base}/products/create`, label: "Design a product" },
      ],
    },
    {
      title: "Sales",
      items: [
        { to: `${base}/orders`, label: "Orders" },
        { to: `${base}/analytics`, label: "Analytics" },
      ],
    },
    {
      title: "Shop front",
      items: [
        { to: `/shop/partners/@${handle}/fanClub`, label: "Fan club" },
        { to: `/shop/partners/@${handle}`, label: "Public profile", end: true },
      ],
    },
  ];
}

/**
 * The frame of every store administration page: the store's name, a side navigation (tabs on
 * small screens) and, for a suspended store, a banner. `active` is informational (the nav
 * highlights the current URL itself).
 */
export function StoreAdminShell({
  store,
  active,
  children,
}: {
  store: StoreAdminStore;
  active?: StoreAdminSection | string;
  children: ReactNode;
}) {
  return (
    <SideNavLayout sections={storeAdminNav(store.handle)} label={`${store.name} administration`}>
      <Box data-store-admin={active ?? ""} sx={{ maxWidth: 1100, mx: "auto" }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap", rowGap: 1 }}>
          <Avatar
            src={store.avatarKey ? `/media/${store.avatarKey}` : undefined}
            alt=""
            sx={{ width: 36, height: 36, bgcolor: store.accentColor ?? "primary.main", color: "#fff", fontSize: "1rem" }}
          >
            {store.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.2 }} noWrap>
              {store.name}
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              @{store.handle}
            </Typography>
          </Box>
          <Button component={Link} to={`/shop/partners/@${store.handle}`} size="small" variant="outlined">
            View public profile
          </Button>
        </Stack>
        {store.status === "suspended" ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            This store is suspended and hidden from shoppers.{store.suspendedReason ? ` Reason: ${store.suspendedReason}` : ""} Contact
            support if you have questions.
          </Alert>
        ) : null}
        {children}
      </Box>
    </SideNavLayout>
  );
}
