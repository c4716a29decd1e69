import type { Route } from "./+types/parcel-document";
import { serveShippingFile } from "#app/lib/shipping-files.server.ts";
import { packingSlip, parcelPhoto } from "#server/modules/shipping/index.ts";

/**
 * A parcel's packing slip (`/fulfillment/@{name}/administration/parcels/{parcelId}/packing-slip.pdf`)
 * or the photo of its packed items (`…/photo`), for the print shop's owner and admins; anyone else
 * gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveShippingFile(
    request,
    { handle: params.handle, id: params.parcelId, document: params.document },
    {
      "packing-slip.pdf": async (ctx, id) => {
        const slip = await packingSlip(ctx, id);
        return { body: slip.body, contentType: "application/pdf", filename: slip.filename, disposition: "inline" };
      },
      photo: async (ctx, id) => {
        const photo = await parcelPhoto(ctx, id);
        return photo ? { body: photo.body, contentType: photo.contentType, filename: `${id}.webp`, disposition: "inline" } : null;
      },
    },
  );
}
