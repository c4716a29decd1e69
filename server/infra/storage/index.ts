import path from "node:path";
import { env, type Env } from "../../config/env.ts";
import { logger } from "../logger/index.ts";
import { checkMediaInBucket } from "./media-check.ts";
import { LocalStorage } from "./local.ts";
import { S3Storage } from "./s3.ts";
import type { CheckableStorage, Storage } from "./types.ts";

export {
  assertValidKey,
  InvalidStorageKeyError,
  isStorageUnavailable,
  StorageUnavailableError,
  STORAGE_UNAVAILABLE_MESSAGE,
  type CheckableStorage,
  type PutOptions,
  type Storage,
  type StoredObject,
} from "./types.ts";
export { LocalStorage } from "./local.ts";
export { copyStorage, type CopyCounts, type CopyResult, type CopyOptions } from "./copy.ts";
export { checkMediaInBucket, type MediaCheck } from "./media-check.ts";
export { S3Storage, type S3StorageOptions } from "./s3.ts";

/** Where local storage keeps its files: STORAGE_DIR, else DATA_DIR/files. */
export const localStorageDir = (config: Env): string => config.STORAGE_DIR ?? path.join(config.DATA_DIR, "files");

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
  return new LocalStorage(localStorageDir(config));
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
  (globalThis as H)[HEALTH] = undefined;
}

export interface StorageHealth {
  ok: boolean;
  provider: "local" | "s3";
  /** Why storage is unavailable (no secrets: the provider's error code and message). */
  error?: string;
  checkedAt: number;
}

const HEALTH = Symbol.for("platen.storageHealth");
type H = typeof globalThis & { [HEALTH]?: { storage: Storage; result: Promise<StorageHealth> } };

/**
 * Whether storage works, for /readyz: `check()` at most once per `maxAgeMs` (default 5 s) per
 * process, however often the probe asks; concurrent callers share one check. A check that takes
 * longer than `timeoutMs` counts as a failure.
 */
export async function storageHealth(options: { maxAgeMs?: number; timeoutMs?: number } = {}): Promise<StorageHealth> {
  const g = globalThis as H;
  const current = storage();
  const cached = g[HEALTH];
  if (cached && cached.storage === current) {
    const result = await cached.result;
    if (Date.now() - result.checkedAt < (options.maxAgeMs ?? 5_000)) return result;
    if (g[HEALTH] !== cached) return storageHealth(options);
  }
  const timeoutMs = options.timeoutMs ?? 2_000;
  const result = (async (): Promise<StorageHealth> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (current as CheckableStorage).check ? (current as CheckableStorage).check!() : current.exists("readyz-probe"),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { ok: true, provider: current.provider, checkedAt: Date.now() };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, provider: current.provider, error: message.slice(0, 300), checkedAt: Date.now() };
    } finally {
      clearTimeout(timer);
    }
  })();
  g[HEALTH] = { storage: current, result };
  return result;
}

/**
 * At boot with STORAGE_PROVIDER=s3: warn, loudly and with the fix, when images the database
 * refers to are missing from the bucket (an installation switched from local storage without
 * copying its files). Never throws: storage being down is /readyz's business.
 */
export async function warnIfMediaMissing(sampleKeys: () => Promise<string[]>, config: Env = env()): Promise<void> {
  if (config.STORAGE_PROVIDER !== "s3") return;
  try {
    const check = await checkMediaInBucket(await sampleKeys(), storage(), localStorageDir(config));
    if (check.warning) {
      logger().warn({ missing: check.missing, sampled: check.sampled, localFiles: check.localFiles }, check.warning);
      console.warn(`\n  WARNING: ${check.warning}\n`);
    }
  } catch (error) {
    logger().warn({ err: error }, "could not check the bucket for the database's images");
  }
}
