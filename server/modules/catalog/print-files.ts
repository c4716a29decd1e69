// Print files drawn on demand (the demo seed's products name and size their print files without
// drawing them, to keep the first start fast): the first download of one draws it from the
// product's artwork and placement, exactly as publishing would have, and keeps it.
import { and, eq } from "drizzle-orm";
import { renderPrintFile } from "../../infra/images/index.ts";
import type { Ctx } from "../../kernel/index.ts";
import { getBlankDetail } from "../fulfillment/index.ts";
import { getStoreArtwork } from "./artwork.ts";
import { printFiles, products } from "./schema.ts";

/**
 * Makes sure the print file stored under `storageKey` exists, drawing it when it was only planned.
 * True when it exists afterwards; false when no product names that key any more (it was edited
 * since, and the file was never drawn).
 */
export async function ensurePrintFile(ctx: Ctx, storageKey: string): Promise<boolean> {
  if (await ctx.ports.storage.exists(storageKey)) return true;
  const [row] = await ctx.db
    .select({ file: printFiles, product: products })
    .from(printFiles)
    .innerJoin(products, eq(products.id, printFiles.productId))
    .where(and(eq(printFiles.storageKey, storageKey)))
    .limit(1);
  if (!row || !row.product.artworkId) return false;
  const placement = row.product.placements[row.file.areaKey as keyof typeof row.product.placements];
  const [artwork, detail] = await Promise.all([
    getStoreArtwork(ctx.db, row.product.storeId, row.product.artworkId),
    getBlankDetail(ctx, row.product.blankId),
  ]);
  const area = detail.areas.find((a) => a.key === row.file.areaKey);
  const full = (await ctx.ports.storage.get(artwork.storageKey))?.body;
  if (!placement || !area || !full) return false;
  const r = await renderPrintFile({
    artwork: full,
    artworkWidth: artwork.width,
    artworkHeight: artwork.height,
    placement,
    area: { widthIn: area.widthIn, heightIn: area.heightIn, dpi: area.requiredDpi },
  });
  await ctx.ports.storage.put(storageKey, r.png, { contentType: "image/png" });
  return true;
}
