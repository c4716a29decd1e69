/**
 * Image pipeline (sharp only). Public API; everything else in this folder is internal.
 *
 * Uploads
 *   inspectUpload(bytes, limits?)      type by CONTENT (PNG/JPEG/WebP), byte/pixel/side caps read from the
 *                                      header before decoding. SVG is REFUSED (415) with a "export a PNG"
 *                                      message. Throws AppError(413|415|422, field "artwork").
 *   normalizeArtwork(bytes)            -> { png (sRGB, EXIF-rotated, metadata stripped), preview (PNG <= 1024 px),
 *                                      width, height, hasAlpha (real transparency), mime, bytes, sha256 }
 *   perceptualHash(bytes) -> bigint    64-bit DCT pHash, SIGNED (fits a PostgreSQL bigint);
 *   hammingDistance(a, b), PHASH_MATCH_DISTANCE (<= 8 = same picture).
 *
 * Mockups (stored as `mockups/{hash}-{w}.webp`, served at mockupUrl(hash, w) = /media/mockups/...)
 *   renderProductMockups({ areaKey, rect, colors: [{ color, template: Buffer | storageKey, rect? }],
 *                          artwork: { preview, width, height, sha256 }, placement }) -> MockupRef[]
 *                                      one call per print area: all colours, cache hits skipped.
 *   renderMockupPreview({ template, rect, artwork, artworkWidth, artworkHeight, placement, width? }) -> WebP
 *                                      for the designer's live preview (nothing stored).
 *   renderMockup(...) -> RawImage, encodeWebpWidths(image, hash), mockupHash(...), mockupsExist(hash), mockupKey.
 *
 * Print files
 *   renderPrintFile({ artwork (full PNG), artworkWidth, artworkHeight, placement, area: { widthIn, heightIn, dpi } })
 *                                      -> { png, widthPx, heightPx, dpi }; transparent; caller stores it under
 *                                      `print-files/...` (never served by /media).
 *
 * Demo assets (project-generated, no downloads)
 *   TEMPLATE_AREAS[category]           print areas (key, label, inches, rect) of the generated templates.
 *   generateTemplate(category, areaKey, colorHex) -> { png, width, height, rect }   (1200×1200)
 *   generateDemoArtwork(seed, { style?, size?, text? }) -> { png, width, height, style, title }
 *
 * Work and abuse limits
 *   Every upload's DECLARED size is read from its header in plain JavaScript (readDeclaredSize) and
 *   checked (caps, decompression-bomb ratio) before sharp sees the file; sharp's limitInputPixels is
 *   the second guard. Decoding, mockups, print files and hashes run in one bounded queue
 *   (runImageWork; IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX); a full queue answers 503 (ImageBusyError).
 *
 * Loading
 *   sharp and file-type are imported on first use (sharp.ts: loadSharp), never when the server starts:
 *   they cost ~275 ms of every cold start (issue 9) and serving pages never needs them.
 *
 * Preflight maths (browser-safe) lives in `#server/modules/catalog/preflight.ts`.
 */
import type { MockupRef } from "../../contracts/index.ts";
import {
  renderMockupPreview as renderMockupPreviewNow,
  renderProductMockups as renderProductMockupsNow,
  type RenderMockupInput,
  type RenderProductMockupsInput,
} from "./mockup.ts";
import { perceptualHash as perceptualHashNow } from "./phash.ts";
import { renderPrintFile as renderPrintFileNow, type PrintFile, type PrintFileInput } from "./printfile.ts";
import { runImageWork } from "./work.ts";
export {
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_UPLOAD_LIMITS,
  inspectUpload,
  looksLikeSvg,
  type AcceptedImageType,
  type InspectedUpload,
  type UploadLimits,
} from "./inspect.ts";
export { ARTWORK_PREVIEW_MAX, normalizeArtwork, sha256Hex, type NormalizedArtwork } from "./normalize.ts";
/** A file's type from its magic bytes (file-type, loaded on first use); for any upload, a PDF too. */
export { fileTypeFromBuffer as detectFileType } from "./sharp.ts";
export { PHASH_MATCH_DISTANCE, hammingDistance, phashHex } from "./phash.ts";
export {
  MOCKUP_RENDER_VERSION,
  clearImageCaches,
  encodeWebp,
  encodeWebpWidths,
  mockupHash,
  mockupKey,
  mockupsExist,
  placeArtwork,
  renderMockup,
  type EncodedMockup,
  type ProductMockupColor,
  type RawImage,
  type RenderMockupInput,
  type RenderProductMockupsInput,
} from "./mockup.ts";
export { imageAsPng, svgToWebp, uploadedImageToWebp, WEB_IMAGE_MAX_PIXELS, type WebImageOptions } from "./web.ts";
export { PRINT_MAX_PIXELS, PRINT_MAX_SIDE, printFileSize, type PrintFile, type PrintFileInput } from "./printfile.ts";
export { readDeclaredSize, type DeclaredSize } from "./header.ts";
export {
  configureImageWork,
  defaultImageWorkOptions,
  imageWorkStats,
  ImageBusyError,
  runImageWork,
  type ImageWorkOptions,
} from "./work.ts";

// Pixel work that requests trigger runs in the image queue (see work.ts); the refusal of a full
// queue is a 503 ImageBusyError. (normalizeArtwork and uploadedImageToWebp queue themselves, after
// their header checks.)
/** 64-bit DCT pHash of an image (in the image queue). */
export const perceptualHash = (bytes: Buffer): Promise<bigint> => runImageWork(() => perceptualHashNow(bytes), "artwork");
/** Live designer preview (in the image queue). */
export const renderMockupPreview = (input: RenderMockupInput & { width?: number }): Promise<Buffer> =>
  runImageWork(() => renderMockupPreviewNow(input));
/** All colours of one print area (in the image queue, as one job). */
export const renderProductMockups = (input: RenderProductMockupsInput): Promise<MockupRef[]> =>
  runImageWork(() => renderProductMockupsNow(input));
/** A print file at full resolution (in the image queue). */
export const renderPrintFile = (input: PrintFileInput): Promise<PrintFile> => runImageWork(() => renderPrintFileNow(input));
export {
  TEMPLATE_AREAS,
  TEMPLATE_SIZE,
  generateTemplate,
  templateArea,
  templateFingerprint,
  templateSvg,
  type GeneratedTemplate,
  type TemplateAreaSpec,
} from "./templates.ts";
export {
  DEMO_ART_STYLES,
  demoArtworkSvg,
  generateDemoArtwork,
  type DemoArtStyle,
  type DemoArtwork,
  type DemoArtworkOptions,
} from "./artwork.ts";
