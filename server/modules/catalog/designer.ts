// The designer's live server preview (members of the store only).
import { z } from "zod";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { getBlankDetail } from "../fulfillment/index.ts";
import { assertStoreProducts } from "./access.ts";
import { getStoreArtwork } from "./artwork.ts";
import { renderPreviewWebp } from "./rendering.ts";
import { placementSchema } from "./types.ts";

export const previewRequestSchema = z.object({
  artworkId: z.string().min(1).max(40),
  blankId: z.string().min(1).max(40),
  color: z.string().min(1).max(40),
  areaKey: z.string().min(1).max(20),
  placement: placementSchema,
});

/** WebP (640 px) of the artwork placed on one colour's template: for the designer, nothing stored. */
export async function renderDesignerPreview(ctx: Ctx, storeId: string, raw: unknown): Promise<Buffer> {
  await assertStoreProducts(ctx, storeId);
  const parsed = previewRequestSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError("invalid-input", parsed.error.issues[0]!.message, 422, String(parsed.error.issues[0]!.path[0] ?? ""));
  const req = parsed.data;
  const artwork = await getStoreArtwork(ctx.db, storeId, req.artworkId);
  const detail = await getBlankDetail(ctx, req.blankId);
  return renderPreviewWebp(ctx, detail, artwork, req.color, req.areaKey, req.placement);
}
