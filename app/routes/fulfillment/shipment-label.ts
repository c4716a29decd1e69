import type { Route } from "./+types/shipment-label";
import { serveShippingFile } from "#app/lib/shipping-files.server.ts";
import { shipmentLabel } from "#server/modules/shipping/index.ts";

/**
 * A shipment's 4×6 in label (`/fulfillment/@{name}/administration/shipments/{shipmentId}/label.pdf`,
 * 288 × 432 pt) or the same label in ZPL for a thermal printer (`…/label.zpl`, a download), for the
 * print shop's owner and admins; anyone else gets a 404, a voided label a 410 with the reason.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveShippingFile(
    request,
    { handle: params.handle, id: params.shipmentId, document: params.document },
    {
      "label.pdf": async (ctx, shipmentId) => {
        const label = await shipmentLabel(ctx, { shipmentId, format: "pdf" });
        return { body: label.body, contentType: label.contentType, filename: label.filename, disposition: "inline" };
      },
      "label.zpl": async (ctx, shipmentId) => {
        const label = await shipmentLabel(ctx, { shipmentId, format: "zpl" });
        return { body: label.body, contentType: label.contentType, filename: label.filename, disposition: "attachment" };
      },
    },
  );
}
