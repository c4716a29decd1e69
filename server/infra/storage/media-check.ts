import { LocalStorage } from "./local.ts";
import type { Storage } from "./types.ts";

export interface MediaCheck {
  /** Keys the database refers to that were looked up in the bucket. */
  sampled: number;
  /** Those the bucket does not have. */
  missing: string[];
  /** The local storage directory still holds files. */
  localFiles: boolean;
  /** What to tell the operator, or null when all is well. */
  warning: string | null;
}

async function hasAnyFile(dir: string): Promise<boolean> {
  for await (const _key of new LocalStorage(dir).keys()) return true;
  return false;
}

/**
 * With S3 selected: are the images the database refers to in the bucket? An installation moved
 * from local storage to S3 without copying its files shows every image as missing; this samples a
 * few keys (HEAD requests) and says what to do. The keys come from the modules that own the
 * images (`sampleMediaKeys` of the catalogue): infra reads no module's tables.
 */
export async function checkMediaInBucket(keys: readonly string[], bucket: Storage, localDir: string): Promise<MediaCheck> {
  const missing: string[] = [];
  for (const key of keys) if (!(await bucket.exists(key))) missing.push(key);
  const localFiles = await hasAnyFile(localDir);
  let warning: string | null = null;
  if (missing.length) {
    const name = "bucket" in bucket ? `the bucket "${String(bucket.bucket)}"` : "the configured storage";
    warning = localFiles
      ? `STORAGE_PROVIDER=s3, but ${missing.length} of ${keys.length} sampled images the database refers to are missing from ${name} (for example ${missing[0]}), while ${localDir} still holds local files. Shoppers see missing images until they are copied: run "npm run storage:copy" (README, "Moving to S3").`
      : `STORAGE_PROVIDER=s3, but ${missing.length} of ${keys.length} sampled images the database refers to are missing from ${name} (for example ${missing[0]}), and there are no local files in ${localDir} to copy from. Restore the files into the bucket (README, "Moving to S3").`;
  }
  return { sampled: keys.length, missing, localFiles, warning };
}
