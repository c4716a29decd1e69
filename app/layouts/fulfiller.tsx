import { Outlet, useLoaderData, useParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/fulfiller";
import { SideNavLayout, type SideNavSection } from "../components/SideNavLayout.tsx";
import { isFloorWorkerOf } from "#app/lib/party-orders.server.ts";

/** The pages a print shop's floor workers may open (the others are its owner's). */
const FLOOR_PAGES = new Set(["orders", "parcels", "shipments", "manifests"]);

/** The pages of a fulfiller's administration, in the order of the side navigation (a floor worker's: the floor only). */
export function fulfillerNav(handle: string, worker = false): SideNavSection[] {
  const base = `/fulfillment/${handle}/administration`;
  const sections: SideNavSection[] = [
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
        { to: `${base}/team`, label: "Team" },
      ],
    },
  ];
  return worker ? sections.map((s) => ({ ...s, items: s.items.filter((i) => FLOOR_PAGES.has(i.to.slice(base.length + 1))) })) : sections;
}

/** Whether the signed-in user works this print shop's floor without owning it (each page still checks access). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return { worker: await isFloorWorkerOf(request, params.handle) };
}

/** Who may see which entries changes only with the print shop (or a form posted to the team page). */
export function shouldRevalidate({ currentParams, nextParams, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentParams.handle !== nextParams.handle) return true;
  return formAction ? defaultShouldRevalidate : false;
}

/**
 * A fulfiller's administration (`/fulfillment/@{name}/administration/...`), inside the seller layout:
 * side navigation from md up, tabs below. Each page checks access itself (requireFulfillerAccess).
 */
export default function FulfillerLayout() {
  const { handle = "" } = useParams();
  const { worker } = useLoaderData<typeof loader>();
  return (
    <SideNavLayout sections={fulfillerNav(handle, worker)} label="Fulfillment administration">
      <Outlet />
    </SideNavLayout>
  );
}
