import { Outlet, useParams } from "react-router";
import { SideNavLayout, type SideNavSection } from "../components/SideNavLayout.tsx";

/** The pages of a fulfiller's administration, in the order of the side navigation. */
export function fulfillerNav(handle: string): SideNavSection[] {
  const base = `/fulfillment/${handle}/administration`;
  return [
    {
      items: [
        { to: base, label: "Overview", end: true },
        { to: `${base}/getting-started`, label: "Getting started" },
        { to: `${base}/orders`, label: "Orders" },
        { to: `${base}/parcels`, label: "Parcels" },
        { to: `${base}/shipments`, label: "Shipments" },
        { to: `${base}/manifests`, label: "Manifests" },
        { to: `${base}/cases`, label: "Cases" },
        { to: `${base}/warehouses`, label: "Warehouses" },
        { to: `${base}/blanks`, label: "Blanks" },
        { to: `${base}/config`, label: "Shipping and stock" },
        { to: `${base}/carriers`, label: "Carriers" },
        { to: `${base}/analytics`, label: "Analytics" },
      ],
    },
  ];
}

/**
 * A fulfiller's administration (`/fulfillment/@{name}/administration/...`), inside the seller layout:
 * side navigation from md up, tabs below. Each page checks access itself (requireFulfillerAccess).
 */
export default function FulfillerLayout() {
  const { handle = "" } = useParams();
  return (
    <SideNavLayout sections={fulfillerNav(handle)} label="Fulfillment administration">
      <Outlet />
    </SideNavLayout>
  );
}
