import type { FileTypeResult } from "file-type";
import type sharpType from "sharp";

// sharp and file-type are loaded on first use: importing them costs ~200 ms and ~75 ms of every
// cold start (issue 9), and serving pages never needs them (mockups are served as stored files).
// Nothing else in this folder imports either package as a value; use loadSharp / fileTypeFromBuffer.

export type SharpModule = typeof sharpType;

/** Process-wide libvips settings (set by configureImageWork in work.ts). */
export interface SharpSettings {
  /** libvips threads per job (`sharp.concurrency`). */
  threads: number;
}

let settings: SharpSettings | undefined;
let loaded: SharpModule | undefined;
let loading: Promise<SharpModule> | undefined;

function apply(sharp: SharpModule, s: SharpSettings): void {
  sharp.concurrency(Math.max(1, s.threads));
  // Decoded uploads are never reused; keep libvips' operation cache small.
  sharp.cache({ memory: 50, files: 0, items: 50 });
}

/** sharp, imported once; the latest configureSharp settings apply before any caller gets it. */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import("sharp").then((m) => {
    loaded = m.default;
    if (settings) apply(loaded, settings);
    return loaded;
  });
  return loading;
}

/** Set the libvips settings: at once when sharp is loaded, otherwise when it loads. */
export function configureSharp(next: SharpSettings): void {
  settings = { ...next };
  if (loaded) apply(loaded, settings);
}

let fileType: Promise<(bytes: Uint8Array) => Promise<FileTypeResult | undefined>> | undefined;

/** file-type's `fileTypeFromBuffer` (the type from the magic bytes), the package imported on first use. */
export async function fileTypeFromBuffer(bytes: Uint8Array): Promise<FileTypeResult | undefined> {
  fileType ??= import("file-type").then((m) => m.fileTypeFromBuffer);
  return (await fileType)(bytes);
}
