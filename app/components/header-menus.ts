import { lazy } from "react";

// The header's pop-ups (menus, the mobile drawer) come from HeaderMenus.tsx, fetched when one of
// their buttons is first pointed at, focused or tapped. Each is rendered from its first opening on,
// so that it can close with its transition.
const loadHeaderMenus = () => import("./HeaderMenus.tsx");

/** A link of the header's navigation. */
export interface NavItem {
  to: string;
  label: string;
}

/** Start fetching the pop-ups' code before the click. */
export const preloadHeaderMenus = () => void loadHeaderMenus();

export const ShopCategoriesMenu = lazy(() => loadHeaderMenus().then((m) => ({ default: m.ShopCategoriesMenu })));
export const AccountMenu = lazy(() => loadHeaderMenus().then((m) => ({ default: m.AccountMenu })));
export const ThemeMenu = lazy(() => loadHeaderMenus().then((m) => ({ default: m.ThemeMenu })));
export const MobileNavDrawer = lazy(() => loadHeaderMenus().then((m) => ({ default: m.MobileNavDrawer })));
