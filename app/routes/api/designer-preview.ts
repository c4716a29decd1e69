// POST /api/designer/preview?store=@handle with JSON { artworkId, blankId, color, areaKey, placement }
// -> image/webp (640 px) of the mockup. Members of the store only; nothing is stored.
import { data } from "react-router";
import type { Route } from "./+types/designer-preview";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { renderDesignerPreview } from "#server/modules/catalog/index.ts";

const json = (body: unknown, status: number) => data(body, { status, headers: { "Cache-Control": "no-store" } });

export function loader() {
  return json({ error: "Request a preview with a POST request." }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Request a preview with a POST request." }, 405);
  const { ctx, store } = await requireStoreAccess(request, new URL(request.url).searchParams.get("store") ?? "", "products");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > 16 * 1024) return json({ error: "The request is too large." }, 413);
  let body: unknown;
  try {
    body = JSON.parse((await request.text()).slice(0, 16 * 1024));
  } catch {
    return json({ error: "Send the placement as JSON." }, 400);
  }
  try {
    const webp = await renderDesignerPreview(ctx, store.id, body);
    return new Response(new Uint8Array(webp), {
      status: 200,
      headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
    });
  } catch (e) {
    if (e instanceof AppError) return json({ error: e.message, field: e.field }, e.status);
    throw e;
  }
}
