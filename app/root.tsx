import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import { AppUpdateNotifier } from "./components/AppUpdateNotifier.tsx";
import { IdentitySync } from "./components/auth/IdentitySync.tsx";
import { DocumentHead, DocumentRoot } from "./components/DocumentRoot.tsx";
import { ErrorView } from "./components/ErrorView.tsx";
import { pageHydrated } from "./components/ui/ServerPart.tsx";
import { SiteFrame } from "./components/SiteFrame.tsx";
import { UserDataSync } from "./components/UserDataSync.tsx";
import { useRootData, type RootLoaderData } from "./components/root-data.ts";
import { ShoppingSync } from "./components/cart/ShoppingSync.tsx";
import { THEME_COOKIE } from "./lib/constants.ts";
import { configureHttp, http } from "./lib/http.client.ts";
import { useNonce } from "./lib/nonce.tsx";
import { visitorCartIdFrom } from "./lib/cart-cookie.server.ts";
import { getCtx, getSession } from "./lib/session.server.ts";
import { AppThemeProvider } from "./theme/ThemeProvider.tsx";
import { DEFAULT_THEME, isThemeName } from "./theme/themes.ts";
import { env } from "#server/config/env.ts";
import { toServerUser } from "#server/modules/identity/index.ts";
import { getSettingsCached } from "#server/modules/platform/index.ts";
import { cartCount } from "#server/modules/shopping/index.ts";

export async function loader({ request }: Route.LoaderArgs): Promise<RootLoaderData> {
  const session = await getSession(request);
  const themeCookie = THEME_COOKIE_PATTERN.exec(request.headers.get("Cookie") ?? "")?.[1];
  // A signed-in user's saved theme wins (chosen on another device); else this browser's cookie.
  const accountTheme = session?.user.theme;
  // The server cart's size, so the header badge is right before (or without) JavaScript.
  const ctx = await getCtx(request);
  const [cartItems, settings] = await Promise.all([
    cartCount(ctx, session ? null : await visitorCartIdFrom(request)),
    getSettingsCached(ctx),
  ]);
  return {
    user: session ? toServerUser(session.user) : null,
    theme: isThemeName(accountTheme) ? accountTheme : isThemeName(themeCookie) ? themeCookie : DEFAULT_THEME,
    cartCount: cartItems,
    buildId: process.env.PLATEN_BUILD_ID ?? "dev",
    pricesIncludeTax: settings.pricesIncludeTax,
    /** Runtime configuration for browser code (never secrets). */
    publicConfig: { apiBaseUrl: env().API_BASE_URL ?? "" },
  };
}

const THEME_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([A-Za-z]+)`);

export { useRootData, type RootLoaderData };

export const meta: Route.MetaFunction = () => [
  { title: "Platen: custom-printed products from independent artists" },
  {
    name: "description",
    content:
      "Platen is a marketplace for custom-printed products: t-shirts, hoodies, mugs, posters and more, designed by independent artists and printed by local print shops.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  // The page is interactive: every component below has hydrated (a parent's effects run after its
  // children's). End-to-end tests wait for `html[data-hydrated]` instead of for a quiet network.
  useEffect(() => {
    pageHydrated();
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <DocumentRoot lang="en">
      <DocumentHead>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="emotion-insertion-point" content="" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </DocumentHead>
      <body>
        <AppThemeProvider initial={data?.theme ?? DEFAULT_THEME} signedIn={Boolean(data?.user)}>
          {children}
        </AppThemeProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </DocumentRoot>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Before any child effect runs (effects run children first), so every request uses it.
  if (typeof window !== "undefined" && http().baseUrl !== loaderData.publicConfig.apiBaseUrl.replace(/\/+$/, "")) {
    configureHttp({ baseUrl: loaderData.publicConfig.apiBaseUrl });
  }
  return (
    <>
      <UserDataSync user={loaderData.user} />
      <ShoppingSync user={loaderData.user} />
      <IdentitySync user={loaderData.user} />
      <AppUpdateNotifier buildId={loaderData.buildId} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const root = useRootData();
  let view: ReactNode;
  if (isRouteErrorResponse(error)) {
    view = <ErrorView status={error.status} message={typeof error.data === "string" ? error.data : undefined} path={location.pathname} />;
  } else if (import.meta.env.DEV && error instanceof Error) {
    view = <ErrorView status={500} message={error.message} detail={error.stack} path={location.pathname} />;
  } else view = <ErrorView status={500} path={location.pathname} />;
  // With the root's data (a page failed, not the whole site) the error shows inside the site's
  // header and footer, so a 404 still offers the navigation, search and cart.
  return root ? <SiteFrame>{view}</SiteFrame> : <main id="main">{view}</main>;
}
