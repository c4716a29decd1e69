// The print shop's shipping documents as downloads (packing slips, parcel photos, labels,
// manifests): the shop's owner and admins get the file; visitors sign in (requireFulfillerAccess);
// anyone else, an unknown document or a malformed address gets the site's 404, so nobody learns
// which parcels or labels exist.
import { notFoundMessage } from "#app/lib/not-found.ts";
import { requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError, type Ctx } from "#server/kernel/index.ts";
import type { FulfillerRow } from "#server/modules/fulfillment/index.ts";

/** A shipping module id (`prc_…`, `shp_…`, `mnf_…`): a prefix and a ULID. */
const ID = /^(prc|shp|mnf)_[0-9a-z]{26}$/;

export interface ShippingFile {
  body: Buffer;
  contentType: string;
  filename: string;
  /** `inline` (a PDF or a photo opened in the browser) or `attachment` (a ZPL file for a printer). */
  disposition: "inline" | "attachment";
}

function notFound(request: Request): Response {
  return new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
}

/**
 * Serves one shipping document of the print shop named in the address. `read` gets the document
 * (or null for none); a refusal of the module (404/403: not this shop's) is the 404 page, another
 * (a voided label, a suspended shop) is its message with its status.
 */
export async function serveShippingFile(
  request: Request,
  params: { handle?: string; id?: string; document?: string },
  documents: Record<string, (ctx: Ctx, id: string, fulfiller: FulfillerRow) => Promise<ShippingFile | null>>,
): Promise<Response> {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const read = Object.hasOwn(documents, params.document ?? "") ? documents[params.document!] : undefined;
  if (!read || !ID.test(params.id ?? "")) throw notFound(request);
  let file: ShippingFile | null;
  try {
    file = await read(ctx, params.id!, fulfiller);
  } catch (error) {
    if (error instanceof AppError)
      throw error.status === 404 || error.status === 403
        ? notFound(request)
        : new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
  if (!file) throw notFound(request);
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Content-Disposition": `${file.disposition}; filename="${file.filename.replace(/[^A-Za-z0-9._-]+/g, "-")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
