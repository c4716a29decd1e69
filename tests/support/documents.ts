// Reading the documents Platen makes, as a person or a scanner would: a PDF's text (unpdf), its
// page sizes, and the Code 128 barcodes in its images, decoded with zxing-wasm OFFLINE (its
// WebAssembly loaded from node_modules, not from the CDN it would fetch by default).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extractImages, extractText, getDocumentProxy } from "unpdf";
import { prepareZXingModule, readBarcodes, type ReaderOptions } from "zxing-wasm/reader";

type PdfInput = Uint8Array | ArrayBuffer;

/** A fresh copy for pdf.js, which takes ownership of (detaches) the bytes it is given. */
const bytesOf = (input: PdfInput) => new Uint8Array(input instanceof ArrayBuffer ? input.slice(0) : input.slice());

let prepared: Promise<unknown> | undefined;
/** Loads the reader's WebAssembly from node_modules once per process. */
function prepareZxing(): Promise<unknown> {
  prepared ??= (() => {
    const wasmPath = createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm");
    const wasm = readFileSync(wasmPath);
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return prepared;
}

/** The text of every page, merged into one string. */
export async function pdfText(buffer: PdfInput): Promise<string> {
  const pdf = await getDocumentProxy(bytesOf(buffer));
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** The text of each page. */
export async function pdfPageTexts(buffer: PdfInput): Promise<string[]> {
  const pdf = await getDocumentProxy(bytesOf(buffer));
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Each page's size in points (1/72 in), as a viewer shows it (rotation applied). */
export async function pdfPageSizes(buffer: PdfInput): Promise<{ width: number; height: number }[]> {
  const pdf = await getDocumentProxy(bytesOf(buffer));
  try {
    const sizes: { width: number; height: number }[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const viewport = (await pdf.getPage(n)).getViewport({ scale: 1 });
      sizes.push({ width: Math.round(viewport.width * 1000) / 1000, height: Math.round(viewport.height * 1000) / 1000 });
    }
    return sizes;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

const CODE128: ReaderOptions = {
  formats: ["Code128"],
  tryHarder: true,
  tryRotate: true,
  maxNumberOfSymbols: 8,
};

/** The Code 128 texts in one image (PNG or JPEG bytes, or RGBA pixels). */
export async function decodePngBarcodes(image: Uint8Array | { data: Uint8ClampedArray; width: number; height: number }): Promise<string[]> {
  await prepareZxing();
  const input = image instanceof Uint8Array ? image : (image as unknown as ImageData);
  const results = await readBarcodes(input, CODE128);
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** RGBA pixels of an image pdf.js extracted (grey, RGB or RGBA). */
function toRgba(img: { data: Uint8ClampedArray; width: number; height: number; channels: 1 | 3 | 4 }) {
  if (img.channels === 4) return { data: img.data, width: img.width, height: img.height };
  const n = img.width * img.height;
  const data = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    const r = img.data[i * img.channels]!;
    data[i * 4] = r;
    data[i * 4 + 1] = img.channels === 3 ? img.data[i * 3 + 1]! : r;
    data[i * 4 + 2] = img.channels === 3 ? img.data[i * 3 + 2]! : r;
    data[i * 4 + 3] = 255;
  }
  return { data, width: img.width, height: img.height };
}

/**
 * pdf.js decodes images with ArrayBuffer.prototype.transferToFixedLength (Node 21+). On Node 20
 * it is lent while a decode runs and taken back when the last one ends, so the process is left
 * as it was found.
 */
let lent = 0;
async function withTransferToFixedLength<T>(fn: () => Promise<T>): Promise<T> {
  const proto = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (length?: number) => ArrayBuffer };
  if (lent === 0 && typeof proto.transferToFixedLength === "function") return fn();
  if (lent++ === 0) {
    proto.transferToFixedLength = function (this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    };
  }
  try {
    return await fn();
  } finally {
    if (--lent === 0) delete proto.transferToFixedLength;
  }
}

/**
 * Every Code 128 in a PDF: each page's embedded images are extracted and decoded, in page order.
 * A barcode drawn as vector paths is not found (Platen's documents embed each one as an image).
 */
export async function decodeBarcodes(buffer: PdfInput): Promise<string[]> {
  await prepareZxing();
  return withTransferToFixedLength(async () => {
    const pdf = await getDocumentProxy(bytesOf(buffer));
    try {
      const found: string[] = [];
      for (let n = 1; n <= pdf.numPages; n++) {
        for (const image of await extractImages(pdf, n)) found.push(...(await decodePngBarcodes(toRgba(image))));
      }
      return found;
    } finally {
      await pdf.loadingTask.destroy();
    }
  });
}
