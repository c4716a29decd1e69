// /robots.txt: crawl the storefront; keep out of accounts, administration, APIs and sign-in pages.
import { env } from "#server/config/env.ts";

export function robotsTxt(base: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /api/",
    "Disallow: /ash",
    "Disallow: /identity/",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /logout",
    "Disallow: /wishes",
    "Disallow: /team/invite/",
    "Disallow: /fan-club/unsubscribe/",
    "Disallow: /resources/",
    "Disallow: /shop/partners/*/administration",
    "Disallow: /search?",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

export function loader() {
  return new Response(robotsTxt(env().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
