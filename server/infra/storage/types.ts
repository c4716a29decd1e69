import type { Storage } from "../../contracts/ports.ts";

export type { PutOptions, Storage, StoredObject } from "../../contracts/ports.ts";

/**
 * A storage provider that can say cheaply whether it works (readiness): local, a small write probe
 * in the storage directory; S3, a HeadBucket. `check` throws StorageUnavailableError. (A provider
 * without one is checked with `exists`.)
 */
export interface CheckableStorage extends Storage {
  check?(): Promise<void>;
}

/** What a person is told when a file cannot be stored: true, and says what to do. */
export const STORAGE_UNAVAILABLE_MESSAGE =
  "The file could not be saved because file storage is unavailable right now. Your other entries are kept: try the upload again in a few minutes.";

/**
 * Storage cannot be reached or refuses to work (disk full or read-only, S3 down, wrong
 * credentials): not the user's fault, and worth trying again later. Routes answer 503 with
 * STORAGE_UNAVAILABLE_MESSAGE next to the file field.
 */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  readonly code = "storage-unavailable";
  constructor(
    readonly provider: "local" | "s3",
    readonly operation: "put" | "get" | "delete" | "exists" | "check" | "list",
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`File storage (${provider}) is unavailable: ${operation} failed: ${detail}`, options);
  }
}

/**
 * True for a StorageUnavailableError, also when a caller wrapped it (as `cause`) and across module
 * copies (tsx and Vite load this file twice in development), hence the check by code.
 */
export function isStorageUnavailable(error: unknown): error is StorageUnavailableError {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === "object"; depth++) {
    if ((e as { code?: unknown }).code === "storage-unavailable") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const errorDetail = (error: unknown): string => {
  const e = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  const status = e?.$metadata?.httpStatusCode;
  return [e?.code ?? e?.name, status ? `HTTP ${status}` : "", e?.message].filter(Boolean).join(" ").slice(0, 300) || String(error);
};

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 200))}: ${reason}`);
  }
}

const SEGMENT = /^[a-z0-9_-][a-z0-9._-]*$/;

/**
 * A key is 1-512 characters of `[a-z0-9/._-]`, relative (no leading `/`), with no empty, `.` or
 * `..` segment and no segment starting with a dot (so no hidden files and no way out of the root).
 */
export function assertValidKey(key: string): void {
  if (typeof key !== "string" || key.length === 0) throw new InvalidStorageKeyError(String(key), "empty");
  if (key.length > 512) throw new InvalidStorageKeyError(key, "longer than 512 characters");
  if (key.startsWith("/")) throw new InvalidStorageKeyError(key, "absolute paths are not allowed");
  if (!/^[a-z0-9/._-]+$/.test(key)) throw new InvalidStorageKeyError(key, "only a-z, 0-9 and / . _ - are allowed");
  for (const segment of key.split("/")) {
    if (segment === "..") throw new InvalidStorageKeyError(key, "'..' is not allowed");
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(key, "empty or hidden path segment");
  }
}

export const toBuffer = (body: Buffer | Uint8Array): Buffer =>
  Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
