import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import { AppUpdateNotifier } from "./components/AppUpdateNotifier.tsx";
import { IdentitySync } from "./components/auth/IdentitySync.tsx";
import { ErrorView } from "./components/ErrorView.tsx";
import { UserDataSync } from "./components/UserDataSync.tsx";
import { useRootData, type RootLoaderData } from "./components/root-data.ts";
import { ShoppingSync } from "./components/cart/ShoppingSync.tsx";
import { THEME_COOKIE } from "./lib/constants.ts";
import { configureHttp, http } from "./lib/http.client.ts";
import { useNonce } from "./lib/nonce.tsx";
import { getSession } from "./lib/session.server.ts";
import { AppThemeProvider } from "./theme/ThemeProvider.tsx";
import { DEFAULT_THEME, isThemeName } from "./theme/themes.ts";
import { env } from "#server/config/env.ts";
import { toServerUser } from "#server/modules/identity/index.ts";

export async function loader({ request }: Route.LoaderArgs): Promise<RootLoaderData> {
  const session = await getSession(request);
  const themeCookie = THEME_COOKIE_PATTERN.exec(request.headers.get("Cookie") ?? "")?.[1];
  return {
    user: session ? toServerUser(session.user) : null,
    theme: isThemeName(themeCookie) ? themeCookie : DEFAULT_THEME,
    buildId: process.env.PLATEN_BUILD_ID ?? "dev",
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
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="emotion-insertion-point" content="" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <AppThemeProvider initial={data?.theme ?? DEFAULT_THEME}>{children}</AppThemeProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
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
  if (isRouteErrorResponse(error)) {
    return <ErrorView status={error.status} message={typeof error.data === "string" ? error.data : undefined} path={location.pathname} />;
  }
  if (import.meta.env.DEV && error instanceof Error) {
    return <ErrorView status={500} message={error.message} detail={error.stack} path={location.pathname} />;
  }
  return <ErrorView status={500} path={location.pathname} />;
}
