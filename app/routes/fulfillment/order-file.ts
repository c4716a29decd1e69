import type { Route } from "./+types/order-file";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { printFileForLine } from "#server/modules/orders/index.ts";

/** An ASCII file name for Content-Disposition (plus the UTF-8 form for browsers that read it). */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 120) || "print-file";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A line's print file, as a download, for the fulfiller the line's shipment is routed to (or an
 * admin). Visitors sign in; anyone else, and an unknown shipment, line or print area, gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx } = await requireFulfillerAccess(request, params.handle, { floor: true });
  let file: Awaited<ReturnType<typeof printFileForLine>>;
  try {
    file = await printFileForLine(ctx, { groupId: params.groupId, lineId: params.lineId, areaKey: params.area });
  } catch (error) {
    if (error instanceof AppError) {
      const status = error.status === 403 ? 404 : error.status;
      const message = status === 404 ? notFoundMessage(new URL(request.url).pathname) : error.message;
      throw new Response(message, { status });
    }
    throw error;
  }
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Content-Disposition": disposition(file.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
