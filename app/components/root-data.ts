// The root route's loader data, for components anywhere in the page. Declared here rather than
// inferred from app/root.tsx so that components never import the root route (the root imports
// components: `npm run lint` refuses cycles between the app's layers). root.tsx's loader is typed
// with it, so the two cannot drift apart.
import { useRouteLoaderData } from "react-router";
import { taxNoteFor } from "./content/availability.ts";
import type { toServerUser } from "#server/modules/identity/index.ts";
import type { ThemeName } from "#app/theme/themes.ts";

export interface RootLoaderData {
  user: ReturnType<typeof toServerUser> | null;
  theme: ThemeName;
  /** Items in the server cart (the account's, or this browser's visitor cart) when the page was rendered. */
  cartCount: number;
  buildId: string;
  /** The platform's tax mode (/admin/config): prices include tax (EU style) or tax is added at checkout (US style). */
  pricesIncludeTax: boolean;
  /** Runtime configuration for browser code (never secrets). */
  publicConfig: { apiBaseUrl: string };
}

export const useRootData = () => useRouteLoaderData<RootLoaderData>("root");

/** Whether prices include tax, for the sentences that depend on it (footer, cart, FAQ, "How buying works"). */
export const usePricesIncludeTax = (): boolean => useRootData()?.pricesIncludeTax ?? false;

/** The one sentence about prices, taxes and shipping, for the platform's tax mode. */
export const useTaxNote = (): string => taxNoteFor(usePricesIncludeTax());
