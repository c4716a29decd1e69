import { createHash } from "node:crypto";
import type { Sharp } from "sharp";
import { MOCKUP_WIDTHS, placementToPixels, type MockupRef, type Placement, type TemplateRect } from "../../contracts/index.ts";
import { storage as defaultStorage, type Storage } from "../storage/index.ts";
import { loadSharp } from "./sharp.ts";

/** Bump when the rendering changes so every mockup hash (and so every cached file) changes. */
export const MOCKUP_RENDER_VERSION = 1;
/**
 * WebP settings of stored mockups: quality 82; effort 2 for the small widths, 0 for the largest
 * (effort mostly buys a few % of bytes; 0 halves the encode time of the 1024 px file).
 */
const webpOptions = (width: number) => ({ quality: 82, effort: width >= 1000 ? 0 : 2 });

/** Decoded pixels: `channels` bytes per pixel, rows top to bottom. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

// ---- small LRU caches of decoded inputs (templates and artwork previews are reused constantly) ---

class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  clear(): void {
    this.map.clear();
  }
}

interface DecodedTemplate extends RawImage {
  sha: string;
  /** Decoded size / original size (templates wider than the largest mockup are decoded smaller). */
  scale: number;
}

/** Mockups are rendered at the largest stored width: nothing larger is ever shown. */
const RENDER_WIDTH = Math.max(...MOCKUP_WIDTHS);
// 24 decoded 1200×1200 RGB templates ≈ 100 MB at most.
const templateCache = new Lru<Promise<DecodedTemplate>>(24);
const artCache = new Lru<Promise<RawImage>>(16);
const shortSha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

/** Forget decoded templates and artwork (benchmarks measure cold renders with it). */
export function clearImageCaches(): void {
  templateCache.clear();
  artCache.clear();
}

/** Template PNG -> RGB pixels at most RENDER_WIDTH wide (cached by content). */
export function decodeTemplate(template: Buffer): Promise<DecodedTemplate> {
  const sha = shortSha(template);
  let hit = templateCache.get(sha);
  if (!hit) {
    // The promise is cached at once (before sharp loads), so concurrent renders share one decode.
    hit = loadSharp().then(async (sharp) => {
      const { data, info } = await sharp(template)
        .flatten({ background: "#ffffff" })
        .toColourspace("srgb")
        .resize({ width: RENDER_WIDTH, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const original = (await sharp(template).metadata()).width ?? info.width;
      return { data, width: info.width, height: info.height, channels: 3 as const, sha, scale: info.width / original };
    });
    hit.catch(() => undefined);
    templateCache.set(sha, hit);
  }
  return hit;
}

/** Artwork (preview) PNG -> RGBA pixels (cached by content). */
function decodeArtwork(artwork: Buffer): Promise<RawImage> {
  const sha = shortSha(artwork);
  let hit = artCache.get(sha);
  if (!hit) {
    hit = loadSharp().then(async (sharp) => {
      const { data, info } = await sharp(artwork).toColourspace("srgb").ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, channels: 4 as const };
    });
    hit.catch(() => undefined);
    artCache.set(sha, hit);
  }
  return hit;
}

/**
 * The artwork placed in a `boxW`×`boxH` box (the print area), clipped to it: RGBA, transparent
 * outside the artwork. `source` is the artwork at any resolution; `aspect` its true width/height.
 */
export async function placeArtwork(
  source: RawImage | Buffer,
  aspect: number,
  placement: Placement,
  boxW: number,
  boxH: number,
): Promise<RawImage> {
  const out: RawImage = { data: Buffer.alloc(boxW * boxH * 4), width: boxW, height: boxH, channels: 4 };
  const px = placementToPixels(placement, { x: 0, y: 0, w: boxW, h: boxH }, aspect);
  const w = Math.round(px.width);
  const h = Math.round(px.height);
  if (w < 1 || h < 1) return out;
  const sharp = await loadSharp();
  const input = Buffer.isBuffer(source)
    ? sharp(source, { limitInputPixels: 200_000_000 })
    : sharp(source.data, { raw: { width: source.width, height: source.height, channels: source.channels } });
  let pipeline = input.ensureAlpha().resize(w, h, { fit: "fill", kernel: w * h > 4_000_000 ? "lanczos3" : "cubic" });
  const rotation = ((placement.rotation % 360) + 360) % 360;
  if (rotation !== 0) {
    // sharp rotates before it resizes in one pipeline, so rotate the resized pixels in a second one.
    const resized = await pipeline.raw().toBuffer({ resolveWithObject: true });
    pipeline = sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: 4 } }).rotate(rotation, {
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
  }
  const { data: art, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const aw = info.width;
  const ah = info.height;
  const left = Math.round(px.cx - aw / 2);
  const top = Math.round(px.cy - ah / 2);
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(boxW, left + aw);
  const y1 = Math.min(boxH, top + ah);
  if (x1 <= x0 || y1 <= y0) return out;
  const rowBytes = (x1 - x0) * 4;
  for (let y = y0; y < y1; y++) {
    const src = ((y - top) * aw + (x0 - left)) * 4;
    art.copy(out.data, (y * boxW + x0) * 4, src, src + rowBytes);
  }
  return out;
}

/** How strongly the fabric's folds and shadows shade the ink (0 = flat sticker look, 1 = full). */
const SHADE_STRENGTH = 0.75;

/**
 * Composites an RGBA layer (the print area's size) onto an RGB template at `rect`, shading the ink
 * with the template's own light: brighter than the area's average lightens, darker darkens. So
 * folds, seams and the curve of a mug show through the print.
 */
export function blendOntoTemplate(template: RawImage, rect: TemplateRect, layer: RawImage): RawImage {
  const data = Buffer.from(template.data); // copy: the template stays cached
  const tw = template.width;
  const rx = Math.round(rect.x);
  const ry = Math.round(rect.y);
  // average luminance of the area on the template = "no shading"
  let sum = 0;
  let count = 0;
  for (let y = 0; y < layer.height; y += 4) {
    const ty = ry + y;
    if (ty < 0 || ty >= template.height) continue;
    for (let x = 0; x < layer.width; x += 4) {
      const tx = rx + x;
      if (tx < 0 || tx >= tw) continue;
      const i = (ty * tw + tx) * 3;
      sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      count++;
    }
  }
  const ref = Math.max(count ? sum / count : 128, 1);
  const norm = 1 / Math.max(ref, 60);
  const ld = layer.data;
  for (let y = 0; y < layer.height; y++) {
    const ty = ry + y;
    if (ty < 0 || ty >= template.height) continue;
    for (let x = 0; x < layer.width; x++) {
      const li = (y * layer.width + x) * 4;
      const a = ld[li + 3]!;
      if (a === 0) continue;
      const tx = rx + x;
      if (tx < 0 || tx >= tw) continue;
      const ti = (ty * tw + tx) * 3;
      const r0 = data[ti]!;
      const g0 = data[ti + 1]!;
      const b0 = data[ti + 2]!;
      const lum = 0.299 * r0 + 0.587 * g0 + 0.114 * b0;
      let shade = 1 + SHADE_STRENGTH * (lum - ref) * norm;
      shade = shade < 0.3 ? 0.3 : shade > 1.2 ? 1.2 : shade;
      const alpha = (a / 255) * 0.97; // a hint of the fabric's texture under the ink
      const inv = 1 - alpha;
      const r = ld[li]! * shade;
      const g = ld[li + 1]! * shade;
      const b = ld[li + 2]! * shade;
      data[ti] = Math.min(255, r * alpha + r0 * inv);
      data[ti + 1] = Math.min(255, g * alpha + g0 * inv);
      data[ti + 2] = Math.min(255, b * alpha + b0 * inv);
    }
  }
  return { data, width: template.width, height: template.height, channels: 3 };
}

export interface RenderMockupInput {
  /** Template PNG of one colour and print area. */
  template: Buffer;
  /** Where the print area sits on the template, in template pixels. */
  rect: TemplateRect;
  /** The artwork; the preview PNG (<= 1024 px) is plenty and fast. */
  artwork: Buffer;
  /** Full-resolution size of the artwork (its aspect ratio is what counts). */
  artworkWidth: number;
  artworkHeight: number;
  placement: Placement;
  /** Print area width/height in inches; informative (the rect already has this shape). */
  areaAspect?: number;
}

/** Renders one mockup: the template with the artwork in its print area (clipped, shaded). RGB pixels. */
export async function renderMockup(input: RenderMockupInput): Promise<RawImage> {
  const [template, art] = await Promise.all([decodeTemplate(input.template), decodeArtwork(input.artwork)]);
  const rect = scaleRect(input.rect, template.scale);
  const layer = await placeArtwork(art, input.artworkWidth / input.artworkHeight, input.placement, rect.w, rect.h);
  return blendOntoTemplate(template, rect, layer);
}

const scaleRect = (r: TemplateRect, s: number): TemplateRect => roundRect({ x: r.x * s, y: r.y * s, w: r.w * s, h: r.h * s });
const roundRect = (r: TemplateRect): TemplateRect => ({
  x: Math.round(r.x),
  y: Math.round(r.y),
  w: Math.max(1, Math.round(r.w)),
  h: Math.max(1, Math.round(r.h)),
});

const rawSharp = async (image: RawImage): Promise<Sharp> =>
  (await loadSharp())(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });

/** One rendered mockup as WebP at `width` (for the designer's live preview). */
export async function encodeWebp(image: RawImage, width = 640, quality = 80): Promise<Buffer> {
  return (await rawSharp(image))
    .resize({ width: Math.min(width, image.width) })
    .webp({ quality, effort: 1 })
    .toBuffer();
}

/** Storage key of a mockup file: `mockups/{hash}-{width}.webp` (served at `/media/<key>`). */
export const mockupKey = (hash: string, width: number) => `mockups/${hash}-${width}.webp`;

/**
 * Content hash of a mockup: everything that changes its pixels (template bytes, rect, artwork,
 * placement, renderer version). 32 lowercase hex characters.
 */
export function mockupHash(parts: { templateSha: string; rect: TemplateRect; artworkSha: string; placement: Placement }): string {
  const p = parts.placement;
  const json = JSON.stringify({
    v: MOCKUP_RENDER_VERSION,
    t: parts.templateSha,
    r: roundRect(parts.rect),
    a: parts.artworkSha,
    p: [p.x, p.y, p.scale, p.rotation],
  });
  return createHash("sha256").update(json).digest("hex").slice(0, 32);
}

/** True when every width of the mockup is already stored (an unchanged mockup is not rendered again). */
export async function mockupsExist(
  hash: string,
  store: Storage = defaultStorage(),
  widths: readonly number[] = MOCKUP_WIDTHS,
): Promise<boolean> {
  const found = await Promise.all(widths.map((w) => store.exists(mockupKey(hash, w))));
  return found.every(Boolean);
}

export interface EncodedMockup {
  hash: string;
  files: { width: number; height: number; key: string; bytes: number }[];
}

/**
 * Encodes a rendered mockup as WebP at each width and stores it under `mockups/{hash}-{w}.webp`.
 * Widths larger than the image are stored at the image's own size (the key keeps the nominal width).
 */
export async function encodeWebpWidths(
  image: RawImage,
  hash: string,
  widths: readonly number[] = MOCKUP_WIDTHS,
  store: Storage = defaultStorage(),
): Promise<EncodedMockup> {
  // One pipeline per width over the same pixels: sharp's clone() would structuredClone the raw
  // buffer (megabytes, on the main thread) for each.
  const files = await Promise.all(
    widths.map(async (w) => {
      const target = Math.min(w, image.width);
      const pipeline = (await rawSharp(image)).resize({ width: target }).webp(webpOptions(target));
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      const key = mockupKey(hash, w);
      await store.put(key, data, { contentType: "image/webp" });
      return { width: info.width, height: info.height, key, bytes: data.byteLength };
    }),
  );
  return { hash, files };
}

export interface ProductMockupColor {
  color: string;
  /** Template PNG bytes, or its storage key (read from `store`). */
  template: Buffer | string;
  /** Override of the area's rectangle for this colour. */
  rect?: TemplateRect;
}

export interface RenderProductMockupsInput {
  areaKey: string;
  /** The area's rectangle on the templates (unless a colour overrides it). */
  rect: TemplateRect;
  colors: ProductMockupColor[];
  /** The normalised artwork: its preview PNG, full-resolution size and sha256. */
  artwork: { preview: Buffer; width: number; height: number; sha256: string };
  placement: Placement;
  store?: Storage;
  /** Render even when the files exist. */
  force?: boolean;
}

/**
 * All colours of one print area in one call: renders what is not cached yet (in parallel),
 * stores WebP in every MOCKUP_WIDTHS width, returns one MockupRef per colour (width/height =
 * the largest stored file). Save the refs in product_mockups.
 */
export async function renderProductMockups(input: RenderProductMockupsInput): Promise<MockupRef[]> {
  const store = input.store ?? defaultStorage();
  const maxWidth = Math.max(...MOCKUP_WIDTHS);
  const aspect = input.artwork.width / input.artwork.height;
  // The placed artwork depends only on the rect's size: build it once for all colours.
  const layers = new Map<string, Promise<RawImage>>();
  const layerFor = (rect: TemplateRect) => {
    const key = `${rect.w}x${rect.h}`;
    let layer = layers.get(key);
    if (!layer) {
      layer = decodeArtwork(input.artwork.preview).then((art) => placeArtwork(art, aspect, input.placement, rect.w, rect.h));
      layers.set(key, layer);
    }
    return layer;
  };
  return Promise.all(
    input.colors.map(async (c): Promise<MockupRef> => {
      let bytes: Buffer;
      if (typeof c.template === "string") {
        const obj = await store.get(c.template);
        if (!obj) throw new Error(`Template ${c.template} is missing from storage`);
        bytes = obj.body;
      } else bytes = c.template;
      const rect = roundRect(c.rect ?? input.rect);
      const hash = mockupHash({ templateSha: shortSha(bytes), rect, artworkSha: input.artwork.sha256, placement: input.placement });
      if (!input.force && (await mockupsExist(hash, store))) {
        const sharp = await loadSharp();
        const meta = await sharp(bytes).metadata();
        const width = Math.min(maxWidth, meta.width ?? maxWidth);
        return {
          hash,
          color: c.color,
          areaKey: input.areaKey,
          width,
          height: Math.round(((meta.height ?? width) * width) / (meta.width ?? width)),
        };
      }
      const template = await decodeTemplate(bytes);
      const scaled = scaleRect(rect, template.scale);
      const image = blendOntoTemplate(template, scaled, await layerFor(scaled));
      const encoded = await encodeWebpWidths(image, hash, MOCKUP_WIDTHS, store);
      const largest = encoded.files.reduce((a, b) => (b.width > a.width ? b : a));
      return { hash, color: c.color, areaKey: input.areaKey, width: largest.width, height: largest.height };
    }),
  );
}

/** Live designer preview: one colour, WebP at `width` px, nothing stored. */
export async function renderMockupPreview(input: RenderMockupInput & { width?: number }): Promise<Buffer> {
  return encodeWebp(await renderMockup(input), input.width ?? 640);
}
