import type { Route } from "./+types/batch-document";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { listWarehouses } from "#server/modules/fulfillment/index.ts";
import { batchDocument, getBatch } from "#server/modules/production/index.ts";

/**
 * A batch's pick list or print sheet (PDF), for the print shop that owns the batch (or an admin).
 * Visitors sign in; anyone else, an unknown batch or a batch of another warehouse gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const notFound = () => new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  const kind = params.document === "pick-list.pdf" ? "pick-list" : params.document === "print-sheet.pdf" ? "print-sheet" : null;
  if (!kind) throw notFound();
  const warehouse = (await listWarehouses(ctx, fulfiller.id)).find((w) => w.name === params.warehouseName);
  if (!warehouse) throw notFound();
  try {
    const { batch } = await getBatch(ctx, params.batchId);
    if (batch.warehouseId !== warehouse.id) throw notFound();
    const file = await batchDocument(ctx, { batchId: batch.id, kind });
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(file.body.byteLength),
        "Content-Disposition": `inline; filename="${file.filename.replace(/[^A-Za-z0-9._-]+/g, "-")}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof AppError)
      throw error.status === 404 || error.status === 403 ? notFound() : new Response(error.message, { status: error.status });
    throw error;
  }
}
