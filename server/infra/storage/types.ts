export type { PutOptions, Storage, StoredObject } from "../../contracts/ports.ts";

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
