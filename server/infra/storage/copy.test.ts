import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeStore } from "../../../tests/support/factories.ts";
import { sampleMediaKeys } from "../../modules/catalog/index.ts";
import { uploadStoreImage } from "../../modules/stores/index.ts";
import { testImage } from "../images/test-helpers.ts";
import { checkMediaInBucket, copyStorage, LocalStorage, S3Storage } from "./index.ts";

const run = promisify(execFile);
const t = useTestDatabase();

let dir: string;
let server: S3rver;
let endpoint = "";
let bucketNo = 0;

/** A fresh bucket on the S3-compatible server (s3rver), and a client for it. */
async function freshBucket(): Promise<S3Storage> {
  const name = `platen-copy-${++bucketNo}`;
  const admin = new S3Storage({
    bucket: name,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
  const { CreateBucketCommand } = await import("@aws-sdk/client-s3");
  await (await admin.s3Client()).send(new CreateBucketCommand({ Bucket: name }));
  return admin;
}

const s3env = (bucket: string, filesDir: string) => ({
  ...process.env,
  STORAGE_PROVIDER: "local",
  STORAGE_DIR: filesDir,
  S3_BUCKET: bucket,
  S3_REGION: "us-east-1",
  S3_ENDPOINT: endpoint,
  S3_FORCE_PATH_STYLE: "true",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  LOG_LEVEL: "warn",
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "platen-copy-"));
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(dir, "s3rver") });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function localFiles(name: string): Promise<LocalStorage> {
  const local = new LocalStorage(path.join(dir, name));
  await local.put("mockups/aaaa-320.webp", Buffer.from("mockup"), { contentType: "image/webp" });
  await local.put("store-media/sto_1/avatar-abc.webp", Buffer.from("avatar"), { contentType: "image/webp" });
  await local.put("careers/cv/app_1.pdf", Buffer.from("%PDF-1.4"), { contentType: "application/pdf" });
  await writeFile(path.join(dir, name, "README.TXT"), "not a storage key"); // a stray file: left alone
  return local;
}

describe("copying local storage to S3", () => {
  it("copies every object with its content type, skips what the bucket has, and a second run copies nothing", async () => {
    const local = await localFiles("files-a");
    const bucket = await freshBucket();
    await bucket.put("careers/cv/app_1.pdf", Buffer.from("%PDF-1.4"), { contentType: "application/pdf" }); // copied before
    const first = await copyStorage(local, bucket);
    expect(first).toMatchObject({ copied: 2, skipped: 1, failed: 0, ignored: 1, failures: [] });
    const got = await bucket.get("store-media/sto_1/avatar-abc.webp");
    expect(got?.contentType).toBe("image/webp");
    expect(got?.body.toString()).toBe("avatar");
    const again = await copyStorage(local, bucket);
    expect(again).toMatchObject({ copied: 0, skipped: 3, failed: 0 });
    (await bucket.s3Client()).destroy();
  });

  it("npm run storage:copy copies and prints the counts; a dry run writes nothing", { timeout: 180_000 }, async () => {
    await localFiles("files-b");
    const bucket = await freshBucket();
    const envFor = s3env(bucket.bucket, path.join(dir, "files-b"));
    const cli = ["--import", "tsx", "server/cli/storage-copy.ts"];
    const dry = await run(process.execPath, [...cli, "--dry-run"], { env: envFor });
    expect(dry.stdout).toContain("Would copy 3 files");
    expect(await bucket.exists("mockups/aaaa-320.webp")).toBe(false);
    const real = await run(process.execPath, cli, { env: envFor });
    expect(real.stdout).toContain(`to the S3 bucket "${bucket.bucket}"`);
    expect(real.stdout).toMatch(
      /Copied 3 files \([\d.]+ MB\), skipped 0 already in the bucket, 0 failed, ignored 1 files that are not Platen's/,
    );
    expect(await bucket.exists("mockups/aaaa-320.webp")).toBe(true);
    const rerun = await run(process.execPath, cli, { env: envFor });
    expect(rerun.stdout).toMatch(/Copied 0 files \(0\.0 MB\), skipped 3 already in the bucket, 0 failed/);
    (await bucket.s3Client()).destroy();
  });
});

describe("the boot check with S3 selected", () => {
  it("warns with the fix when the database refers to images the bucket lacks and local files remain; quiet once copied", async () => {
    const local = await localFiles("files-c");
    const bucket = await freshBucket();
    // A partner's store with an avatar, uploaded through the stores module into the local files.
    const { store, owner } = await makeStore(t.db, { name: "Copy Test" });
    const withAvatar = await uploadStoreImage(t.ctx(owner, { ports: { storage: local } }), store.id, "avatar", await testImage(300, 300));
    const avatarKey = withAvatar.avatarKey!;

    const before = await checkMediaInBucket(await sampleMediaKeys(t.db), bucket, local.root);
    expect(before).toMatchObject({ sampled: 1, missing: [avatarKey], localFiles: true });
    expect(before.warning).toContain(`missing from the bucket "${bucket.bucket}"`);
    expect(before.warning).toContain('run "npm run storage:copy"');

    await copyStorage(local, bucket);
    expect(await checkMediaInBucket(await sampleMediaKeys(t.db), bucket, local.root)).toMatchObject({ missing: [], warning: null });

    const empty = await freshBucket();
    const noLocal = await checkMediaInBucket(await sampleMediaKeys(t.db), empty, path.join(dir, "nothing-here"));
    expect(noLocal.localFiles).toBe(false);
    expect(noLocal.warning).toContain("there are no local files");
    (await bucket.s3Client()).destroy();
    (await empty.s3Client()).destroy();
  });
});
