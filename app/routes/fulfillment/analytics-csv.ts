import type { Route } from "./+types/analytics-csv";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { parseAnalyticsRange, shopAnalytics, shopCsv, shopTimeZone } from "#server/modules/analytics/index.ts";
import { isShopSeries } from "#server/modules/analytics/types.ts";
import { countPrintShopCases } from "#server/modules/cases/index.ts";

/**
 * One chart of the print shop's analytics as CSV (`/fulfillment/@{name}/administration/analytics/{series}?from=&to=`,
 * series: units, on-time, payouts), for its owner and admins. Visitors sign in; anyone else and an
 * unknown series get a 404; a bad range a 422 naming the field.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const series = String(params.series ?? "");
  if (!isShopSeries(series)) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404 });
  const url = new URL(request.url);
  const timeZone = await orRespond(shopTimeZone(ctx, fulfiller.id));
  const parsed = parseAnalyticsRange({ from: url.searchParams.get("from"), to: url.searchParams.get("to") }, ctx.clock.now(), timeZone);
  if (!parsed.ok) throw new Response(Object.values(parsed.errors).join(" "), { status: 422 });
  const analytics = await orRespond(
    shopAnalytics(ctx, { fulfillerId: fulfiller.id, range: parsed.range, countCases: countPrintShopCases }),
  );
  const body = new TextEncoder().encode(`\uFEFF${shopCsv(analytics, series)}`);
  const name = `${fulfiller.handle}-${series}-${parsed.range.from}-to-${parsed.range.to}.csv`;
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
