import type { Route } from "./+types/manifest-document";
import { serveShippingFile } from "#app/lib/shipping-files.server.ts";
import { manifestDocument } from "#server/modules/shipping/index.ts";

/**
 * A manifest's PDF (`/fulfillment/@{name}/administration/manifests/{manifestId}/manifest.pdf`): the
 * page the carrier's driver scans at the hand-over, for the print shop's owner and admins; anyone
 * else gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveShippingFile(
    request,
    { handle: params.handle, id: params.manifestId, document: params.document },
    {
      "manifest.pdf": async (ctx, id) => {
        const doc = await manifestDocument(ctx, id);
        return { body: doc.body, contentType: "application/pdf", filename: doc.filename, disposition: "inline" };
      },
    },
  );
}
