import type { Route } from "./+types/warehouse-stock-csv";
import { orRespond } from "#app/lib/party-orders.server.ts";
import { requireWarehouse } from "#app/lib/warehouses.server.ts";
import { exportStockSheet } from "#server/modules/fulfillment/index.ts";

/**
 * A warehouse's stock sheet as a CSV download (`sku,on_hand,bin`), for the print shop's owner or an
 * admin; visitors sign in, anyone else (and an unknown warehouse) gets a 404. The byte order mark
 * tells spreadsheets the file is UTF-8; the import reads it back.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, warehouse } = await requireWarehouse(request, params.handle, params.warehouseId);
  const sheet = await orRespond(exportStockSheet(ctx, warehouse.id));
  const body = new TextEncoder().encode(`\uFEFF${sheet.csv}`);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Length": String(body.byteLength),
      "Content-Disposition": `attachment; filename="${sheet.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
