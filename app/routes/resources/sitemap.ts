// /sitemap.xml: the public pages search engines should know (storefront, stores, legal, jobs).
import { getCtx } from "#app/lib/session.server.ts";
import { env } from "#server/config/env.ts";
import { escapeHtml } from "#server/contracts/index.ts";
import { sitemapEntries } from "#server/modules/catalog/index.ts";
import { listOpenJobs } from "#server/modules/careers/index.ts";
import { legalIndex } from "#server/modules/content/index.ts";

/** Rebuilt at most every few minutes; proxies may keep it as long. */
const TTL_MS = 5 * 60 * 1000;
let cached: { xml: string; at: number; base: string } | null = null;

const xmlEscape = escapeHtml; // the five XML-special characters; &#39; is as valid in XML as &apos;

interface UrlEntry {
  loc: string;
  lastmod?: string | null;
  changefreq?: "daily" | "weekly" | "monthly";
  priority?: number;
}

function day(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

export function renderSitemap(entries: UrlEntry[]): string {
  const body = entries
    .map((e) => {
      const parts = [`<loc>${xmlEscape(e.loc)}</loc>`];
      if (e.lastmod) parts.push(`<lastmod>${xmlEscape(e.lastmod)}</lastmod>`);
      if (e.changefreq) parts.push(`<changefreq>${e.changefreq}</changefreq>`);
      if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
      return `  <url>${parts.join("")}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

async function build(request: Request, base: string): Promise<string> {
  const ctx = await getCtx(request);
  const [catalogue, jobs] = await Promise.all([
    sitemapEntries(ctx),
    listOpenJobs(ctx)
      .then((r) => r.jobs)
      .catch(() => []),
  ]);
  const abs = (path: string) => `${base}${path}`;
  const newest = catalogue.products[0]?.lastmod ?? null;
  const entries: UrlEntry[] = [
    { loc: abs("/"), lastmod: day(newest), changefreq: "daily", priority: 1 },
    { loc: abs("/shop"), lastmod: day(newest), changefreq: "daily", priority: 0.9 },
    { loc: abs("/search"), changefreq: "weekly", priority: 0.3 },
    ...catalogue.categories.map((c) => ({
      loc: abs(`/shop/products/${c.category}`),
      lastmod: day(c.lastmod),
      changefreq: "daily" as const,
      priority: 0.8,
    })),
    ...catalogue.products.map((p) => ({
      loc: abs(`/shop/product/${encodeURIComponent(p.id)}`),
      lastmod: day(p.lastmod),
      changefreq: "weekly" as const,
      priority: 0.7,
    })),
    ...catalogue.stores.flatMap((s) => [
      { loc: abs(`/shop/stores/@${encodeURIComponent(s.handle)}`), lastmod: day(s.lastmod), changefreq: "weekly" as const, priority: 0.6 },
      {
        loc: abs(`/shop/partners/@${encodeURIComponent(s.handle)}`),
        lastmod: day(s.lastmod),
        changefreq: "monthly" as const,
        priority: 0.4,
      },
      {
        loc: abs(`/shop/partners/@${encodeURIComponent(s.handle)}/products`),
        lastmod: day(s.lastmod),
        changefreq: "weekly" as const,
        priority: 0.4,
      },
    ]),
    { loc: abs("/shop/faqs"), changefreq: "monthly", priority: 0.4 },
    { loc: abs("/shop/shoppers"), changefreq: "monthly", priority: 0.4 },
    { loc: abs("/shop/partners/register"), changefreq: "monthly", priority: 0.4 },
    { loc: abs("/shop/partners/terms"), changefreq: "monthly", priority: 0.3 },
    { loc: abs("/product-request"), changefreq: "monthly", priority: 0.3 },
    { loc: abs("/contact"), changefreq: "monthly", priority: 0.3 },
    { loc: abs("/legal"), changefreq: "monthly", priority: 0.2 },
    ...legalIndex().map((d) => ({ loc: abs(d.path), lastmod: day(d.updated), changefreq: "monthly" as const, priority: 0.2 })),
    { loc: abs("/jobs"), changefreq: "weekly", priority: 0.3 },
    ...jobs.map((j) => ({
      loc: abs(`/jobs/${encodeURIComponent(j.id)}`),
      lastmod: day(j.updatedAt),
      changefreq: "weekly" as const,
      priority: 0.3,
    })),
  ];
  return renderSitemap(entries);
}

export async function loader({ request }: { request: Request }) {
  const base = env().PUBLIC_URL;
  if (!cached || cached.base !== base || Date.now() - cached.at > TTL_MS) {
    cached = { xml: await build(request, base), at: Date.now(), base };
  }
  return new Response(cached.xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300", "X-Robots-Tag": "noindex" },
  });
}
