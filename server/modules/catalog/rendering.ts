// Mockups, previews and print files of a product: the one place the catalogue calls the image pipeline.
import { LRUCache } from "lru-cache";
import { createHash } from "node:crypto";
import { printFileSize, renderMockupPreview, renderPrintFile, renderProductMockups } from "../../infra/images/index.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { rectFor, type BlankDetail } from "../fulfillment/index.ts";
import type { Placement, TemplateRect } from "./types.ts";

/** What rendering needs from the context: the storage port its files come from and go to. */
type Files = Pick<Ctx, "ports">;

/** A tiny in-process LRU of inputs (templates and artwork previews) for fast previews. */
const cache = new LRUCache<string, Buffer>({ max: 200 });
async function cachedGet(ctx: Files, key: string): Promise<Buffer> {
  const hit = cache.get(key);
  if (hit) return hit;
  const obj = await ctx.ports.storage.get(key);
  if (!obj) throw new AppError("missing-file", "A file of this design is missing; upload the artwork again.", 409);
  cache.set(key, obj.body);
  return obj.body;
}

export interface ArtworkForRender {
  sha256: string;
  previewKey: string;
  storageKey: string;
  width: number;
  height: number;
}

export interface RenderedMockup {
  color: string;
  areaKey: string;
  hash: string;
  width: number;
  height: number;
}

/** One mockup per colour x used print area, stored as WebP in MOCKUP_WIDTHS (cache hits skip rendering). */
export async function renderMockupsFor(
  ctx: Files,
  detail: BlankDetail,
  artwork: ArtworkForRender,
  placements: Partial<Record<string, Placement>>,
  colors: readonly string[],
): Promise<RenderedMockup[]> {
  const preview = await cachedGet(ctx, artwork.previewKey);
  const out: RenderedMockup[] = [];
  for (const [areaKey, placement] of Object.entries(placements)) {
    const area = detail.areas.find((a) => a.key === areaKey);
    if (!area || !placement) continue;
    const cs: { color: string; template: Buffer; rect?: TemplateRect }[] = [];
    for (const color of colors) {
      const t = rectFor(detail, color, areaKey);
      if (t) cs.push({ color, template: await cachedGet(ctx, t.templateKey), rect: t.rect });
    }
    if (!cs.length) continue;
    const refs = await renderProductMockups({
      areaKey,
      rect: area.templateRect,
      colors: cs,
      artwork: { preview, width: artwork.width, height: artwork.height, sha256: artwork.sha256 },
      placement,
    });
    for (const r of refs) out.push({ color: r.color, areaKey, hash: r.hash, width: r.width, height: r.height });
  }
  return out;
}

/** The designer's live preview: one colour, one area, WebP at 640 px. */
export async function renderPreviewWebp(
  ctx: Files,
  detail: BlankDetail,
  artwork: ArtworkForRender,
  color: string,
  areaKey: string,
  placement: Placement,
): Promise<Buffer> {
  const t = rectFor(detail, color, areaKey);
  if (!t) throw new AppError("unknown-area", "This blank has no such colour or print area.", 422, "areaKey");
  const area = detail.areas.find((a) => a.key === areaKey)!;
  return renderMockupPreview({
    template: await cachedGet(ctx, t.templateKey),
    rect: t.rect,
    artwork: await cachedGet(ctx, artwork.previewKey),
    artworkWidth: artwork.width,
    artworkHeight: artwork.height,
    placement,
    areaAspect: area.widthIn / area.heightIn,
    width: 640,
  });
}

export interface RenderedPrintFile {
  areaKey: string;
  storageKey: string;
  widthPx: number;
  heightPx: number;
  dpi: number;
}

/** Full-resolution print files per used area, stored (privately) under print-files/<productId>/<area>.png. */
export async function renderPrintFilesFor(
  ctx: Files,
  productId: string,
  detail: BlankDetail,
  artwork: ArtworkForRender,
  placements: Partial<Record<string, Placement>>,
): Promise<RenderedPrintFile[]> {
  const full = (await ctx.ports.storage.get(artwork.storageKey))?.body;
  if (!full) throw new AppError("missing-file", "The artwork file is missing; upload it again.", 409, "artwork");
  const out: RenderedPrintFile[] = [];
  for (const plan of planPrintFilesFor(productId, detail, artwork, placements)) {
    const area = detail.areas.find((a) => a.key === plan.areaKey)!;
    const r = await renderPrintFile({
      artwork: full,
      artworkWidth: artwork.width,
      artworkHeight: artwork.height,
      placement: placements[plan.areaKey]!,
      area: { widthIn: area.widthIn, heightIn: area.heightIn, dpi: area.requiredDpi },
    });
    await ctx.ports.storage.put(plan.storageKey, r.png, { contentType: "image/png" });
    out.push({ ...plan, widthPx: r.widthPx, heightPx: r.heightPx, dpi: r.dpi });
  }
  return out;
}

/**
 * The print files a product's placements make, named and sized but not drawn (the demo seed's
 * products: drawn on the first download, `ensurePrintFile`). The key carries a hash of the
 * artwork, placement and area, so an order's line keeps pointing at the file it was sold with
 * after the product is edited.
 */
export function planPrintFilesFor(
  productId: string,
  detail: BlankDetail,
  artwork: Pick<ArtworkForRender, "sha256">,
  placements: Partial<Record<string, Placement>>,
): RenderedPrintFile[] {
  const out: RenderedPrintFile[] = [];
  for (const [areaKey, placement] of Object.entries(placements)) {
    const area = detail.areas.find((a) => a.key === areaKey);
    if (!area || !placement) continue;
    const size = printFileSize({ widthIn: area.widthIn, heightIn: area.heightIn, dpi: area.requiredDpi });
    const hash = createHash("sha256")
      .update(JSON.stringify([artwork.sha256, placement, area.widthIn, area.heightIn, area.requiredDpi]))
      .digest("hex")
      .slice(0, 16);
    out.push({ areaKey, storageKey: `print-files/${productId}/${areaKey}-${hash}.png`, ...size });
  }
  return out;
}
