import type { Route } from "./+types/export";
import { parseOrderFilter } from "#app/lib/admin-orders.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { exportOrdersCsv } from "#server/modules/orders/index.ts";

/**
 * GET /admin/orders/export?status=…&store=…: every order matching the list's filters (all pages)
 * as a CSV download, for admins only (anonymous: sign in; other roles: 403).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const csv = await exportOrdersCsv(ctx, filter);
  const day = ctx.clock.now().toISOString().slice(0, 10);
  const name = `platen-orders-${filter.status ? `${filter.status}-` : ""}${day}.csv`;
  return new Response(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
