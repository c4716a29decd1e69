import path from "node:path";
import { env, type Env } from "../../config/env.ts";
import { LocalStorage } from "./local.ts";
import { S3Storage } from "./s3.ts";
import type { Storage } from "./types.ts";

export { assertValidKey, InvalidStorageKeyError, type PutOptions, type Storage, type StoredObject } from "./types.ts";
export { LocalStorage } from "./local.ts";
export { S3Storage, type S3StorageOptions } from "./s3.ts";

/** The provider the configuration asks for (STORAGE_PROVIDER=local|s3). */
export function createStorage(config: Env): Storage {
  if (config.STORAGE_PROVIDER === "s3") {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalStorage(config.STORAGE_DIR ?? path.join(config.DATA_DIR, "files"));
}

// One instance per process, shared by module copies (tsx + Vite), hence a key on globalThis.
const KEY = Symbol.for("platen.storage");
type G = typeof globalThis & { [KEY]?: Storage };

/** The configured file storage. */
export function storage(): Storage {
  const g = globalThis as G;
  g[KEY] ??= createStorage(env());
  return g[KEY];
}

/** Replace the process-wide storage (tests); `undefined` goes back to the configured one. */
export function setStorage(value: Storage | undefined): void {
  (globalThis as G)[KEY] = value;
}
