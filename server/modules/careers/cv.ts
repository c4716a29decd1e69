import { detectFileType } from "../../infra/images/index.ts";
import { AppError } from "../../kernel/index.ts";
import { CV_MAX_BYTES, CV_MAX_LABEL } from "./types.ts";

export const CV_FIELD = "cv";
const PDF_MAGIC = Buffer.from("%PDF-", "latin1");

/** The message for a CV over the limit; the web layer uses it for an early refusal too. */
export const cvTooLargeError = () =>
  new AppError(
    "cv-too-large",
    `Your CV is larger than ${CV_MAX_LABEL}. Please upload a smaller PDF (export it again or compress its images).`,
    413,
    CV_FIELD,
  );

/**
 * Check an uploaded CV by its content, never by its name or declared type: not empty, at most
 * 5 MB, starting with the `%PDF-` header and recognised as a PDF by its magic bytes.
 * Returns the refusal, or null when the file is acceptable.
 */
export async function checkCv(bytes: Uint8Array | null | undefined): Promise<AppError | null> {
  if (!bytes || bytes.byteLength === 0) {
    return new AppError("cv-missing", "Attach your CV as a PDF file. The file you chose is empty or missing.", 400, CV_FIELD);
  }
  if (bytes.byteLength > CV_MAX_BYTES) return cvTooLargeError();
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PDF_MAGIC.byteLength));
  // file-type loads on the first upload, not at every cold start (issue 9: ~75 ms).
  const detected = await detectFileType(bytes).catch(() => undefined);
  if (!head.equals(PDF_MAGIC) || detected?.mime !== "application/pdf") {
    return new AppError("cv-not-pdf", "Your CV must be a PDF file. Save or export it as PDF and upload it again.", 415, CV_FIELD);
  }
  return null;
}

/** A display-safe version of an uploaded file name (no path, no control characters, ends in .pdf). */
export function cleanCvFileName(name: string | null | undefined): string {
  let base =
    String(name ?? "")
      .split(/[/\\]/)
      .pop() ?? "";
  base = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  base = base
    .replace(/\.pdf$/i, "")
    .slice(0, 100)
    .trim();
  return `${base || "cv"}.pdf`;
}

/** `Content-Disposition` for a download: an ASCII-only `filename` and a UTF-8 `filename*`. */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/[^A-Za-z0-9 ._-]/g, "_")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 150) || "cv.pdf";
  const utf8 = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
