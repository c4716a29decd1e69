// POST /api/designer/artwork: multipart upload of a store's artwork (fields `store` = "@handle", `artwork` = file).
// Answers JSON { artworkId, previewUrl, width, height, hasAlpha, flagged? } or { error, field } with a 4xx.
import { data } from "react-router";
import type { Route } from "./+types/designer-artwork";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { readBoundedForm } from "#app/lib/jobs/apply.server.ts";
import { isStorageUnavailable, STORAGE_UNAVAILABLE_MESSAGE } from "#app/lib/storage-errors.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { ARTWORK_MAX_BYTES, uploadArtwork } from "#server/modules/catalog/index.ts";

const LIMIT = ARTWORK_MAX_BYTES + 256 * 1024;
const json = (body: unknown, status = 200) => data(body, { status, headers: { "Cache-Control": "no-store" } });
const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

export function loader() {
  return json({ error: "Upload artwork with a POST request." }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Upload artwork with a POST request." }, 405);
  const handle = new URL(request.url).searchParams.get("store") ?? "";
  // The store comes in the query string so access is checked before the body is read.
  const { ctx, store } = await requireStoreAccess(request, handle, "products");
  const read = await readBoundedForm(request, LIMIT);
  if (!read.ok) {
    return read.status === 413
      ? json({ error: `The file is larger than ${mb(ARTWORK_MAX_BYTES)}. Export a smaller PNG, JPEG or WebP.`, field: "artwork" }, 413)
      : json({ error: "The upload could not be read. Choose the file again.", field: "artwork" }, 400);
  }
  const file = read.form.get("artwork");
  if (!(file instanceof File) || file.size === 0)
    return json({ error: "Choose a PNG, JPEG or WebP file to upload.", field: "artwork" }, 400);
  try {
    const out = await uploadArtwork(ctx, store.id, { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
    return json(out, 201);
  } catch (e) {
    if (e instanceof AppError) return json({ error: e.message, field: e.field ?? "artwork" }, e.status);
    if (isStorageUnavailable(e)) return json({ error: STORAGE_UNAVAILABLE_MESSAGE, field: "artwork" }, 503);
    throw e;
  }
}
