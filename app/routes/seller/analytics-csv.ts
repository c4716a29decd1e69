import type { Route } from "./+types/analytics-csv";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { orRespond } from "#app/lib/party-orders.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { parseAnalyticsRange, storeAnalytics, storeCsv } from "#server/modules/analytics/index.ts";
import { isStoreSeries } from "#server/modules/analytics/types.ts";

/**
 * One chart of a store's analytics as CSV (`/shop/partners/@{name}/administration/analytics/{series}?from=&to=`,
 * series: revenue, sales, audience, products), for its owner, team members with the Analytics
 * permission and admins. Visitors sign in; other users get a 403, an unknown series a 404 and a
 * bad range a 422 naming the field.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "analytics");
  const series = String(params.series ?? "");
  if (!isStoreSeries(series)) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404 });
  const url = new URL(request.url);
  const parsed = parseAnalyticsRange({ from: url.searchParams.get("from"), to: url.searchParams.get("to") }, ctx.clock.now());
  if (!parsed.ok) throw new Response(Object.values(parsed.errors).join(" "), { status: 422 });
  const analytics = await orRespond(storeAnalytics(ctx, { storeId: store.id, range: parsed.range }));
  const body = new TextEncoder().encode(`\uFEFF${storeCsv(analytics, series)}`);
  const name = `${store.handle}-${series}-${parsed.range.from}-to-${parsed.range.to}.csv`;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Length": String(body.byteLength),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
