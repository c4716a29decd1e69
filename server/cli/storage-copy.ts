// `npm run storage:copy`: copy every file of local storage (STORAGE_DIR, else DATA_DIR/files) into
// the S3 bucket the S3_* variables name, for an installation moving from STORAGE_PROVIDER=local to
// s3. Resumable and safe to repeat: files already in the bucket are skipped. Options:
//   --from <dir>   copy from this directory instead
//   --dry-run      count what would be copied, write nothing
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, parseEnv, setEnv, type Env } from "../config/env.ts";
import { copyStorage, createStorage, LocalStorage, localStorageDir, type S3Storage } from "../infra/storage/index.ts";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

let env: Env;
try {
  env = parseEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(78); // EX_CONFIG
}
if (!env.S3_BUCKET) {
  console.error('S3_BUCKET is not set. Set the S3_* variables of the target bucket (see README, "Moving to S3"), then run this again.');
  process.exit(78);
}
setEnv(env);
const fromDir = path.resolve(option("--from") ?? localStorageDir(env));
if (!existsSync(fromDir)) {
  console.error(`There is no local storage directory at ${fromDir}: nothing to copy. Pass --from <dir> if the files are elsewhere.`);
  process.exit(66); // EX_NOINPUT
}
const target = createStorage(parseEnv({ ...process.env, STORAGE_PROVIDER: "s3" })) as S3Storage;
const dryRun = flag("--dry-run");

console.log(`${dryRun ? "Dry run: counting" : "Copying"} files from ${fromDir} to the S3 bucket "${target.bucket}"...`);
const started = Date.now();
let last = 0;
const result = await copyStorage(new LocalStorage(fromDir), target, {
  dryRun,
  onProgress(counts) {
    const done = counts.copied + counts.skipped + counts.failed;
    if (done - last >= 200) {
      last = done;
      console.log(`  ${done} files: ${counts.copied} copied, ${counts.skipped} already there, ${counts.failed} failed`);
    }
  },
});
(await target.s3Client()).destroy();
const mb = (result.bytes / (1024 * 1024)).toFixed(1);
for (const f of result.failures.slice(0, 20)) console.error(`  failed: ${f.key}: ${f.error}`);
if (result.failures.length > 20) console.error(`  ... and ${result.failures.length - 20} more`);
console.log(
  `${dryRun ? "Would copy" : "Copied"} ${result.copied} files (${mb} MB), skipped ${result.skipped} already in the bucket, ${result.failed} failed` +
    `${result.ignored ? `, ignored ${result.ignored} files that are not Platen's` : ""}. (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (result.failed) {
  console.error("Some files were not copied. Run the same command again: it copies only what is still missing.");
  process.exit(1);
}
if (!dryRun) console.log("Done. Every file is in the bucket: set STORAGE_PROVIDER=s3 on every process and restart.");
