import type { LocalStorage } from "./local.ts";
import type { S3Storage } from "./s3.ts";
import { assertValidKey, type Storage } from "./types.ts";

export interface CopyCounts {
  /** Objects written to the target. */
  copied: number;
  /** Objects the target already had (a second run skips everything copied before). */
  skipped: number;
  failed: number;
  /** Files whose names are not storage keys (nothing Platen wrote): left alone. */
  ignored: number;
  bytes: number;
}

export interface CopyResult extends CopyCounts {
  failures: { key: string; error: string }[];
}

export interface CopyOptions {
  /** Objects in flight at once (default 4). */
  concurrency?: number;
  /** Count what would be copied, write nothing. */
  dryRun?: boolean;
  onProgress?: (counts: CopyCounts, key: string) => void;
}

/**
 * Copy every object of a local storage directory into another storage (S3), keeping content
 * types. Resumable: objects the target already has are skipped, so an interrupted copy is run
 * again until it reports nothing copied and nothing failed. The target's keys are listed once
 * up front (one request per 1000 objects); without list permission each key is checked on its own.
 */
export async function copyStorage(
  from: Pick<LocalStorage, "keys" | "get">,
  to: Storage & Partial<Pick<S3Storage, "keys">>,
  options: CopyOptions = {},
): Promise<CopyResult> {
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0, ignored: 0, bytes: 0 };
  const failures: CopyResult["failures"] = [];
  let present: Set<string> | null = null;
  if (to.keys) {
    try {
      present = new Set<string>();
      for await (const key of to.keys()) present.add(key);
    } catch {
      present = null; // no list permission: HEAD each key instead
    }
  }

  const copyOne = async (key: string) => {
    try {
      assertValidKey(key);
    } catch {
      counts.ignored++;
      return;
    }
    try {
      if (present ? present.has(key) : await to.exists(key)) {
        counts.skipped++;
        return;
      }
      const object = await from.get(key);
      if (!object) {
        counts.ignored++; // removed since it was listed
        return;
      }
      if (!options.dryRun) await to.put(key, object.body, { contentType: object.contentType });
      counts.copied++;
      counts.bytes += object.size;
    } catch (error) {
      counts.failed++;
      failures.push({ key, error: error instanceof Error ? error.message : String(error) });
    } finally {
      options.onProgress?.(counts, key);
    }
  };

  const concurrency = Math.max(1, options.concurrency ?? 4);
  const running = new Set<Promise<void>>();
  for await (const key of from.keys()) {
    const p = copyOne(key).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  return { ...counts, failures };
}
