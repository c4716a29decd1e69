// The root route's loader data, for components anywhere in the page. Declared here rather than
// inferred from app/root.tsx so that components never import the root route (the root imports
// components: `npm run lint` refuses cycles between the app's layers). root.tsx's loader is typed
// with it, so the two cannot drift apart.
import { useRouteLoaderData } from "react-router";
import type { toServerUser } from "#server/modules/identity/index.ts";
import type { ThemeName } from "#app/theme/themes.ts";

export interface RootLoaderData {
  user: ReturnType<typeof toServerUser> | null;
  theme: ThemeName;
  /** Items in the server cart (the account's, or this browser's visitor cart) when the page was rendered. */
  cartCount: number;
  buildId: string;
  /** Runtime configuration for browser code (never secrets). */
  publicConfig: { apiBaseUrl: string };
}

export const useRootData = () => useRouteLoaderData<RootLoaderData>("root");
