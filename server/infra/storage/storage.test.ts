import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../config/env.ts";
import S3rver from "s3rver";
import {
  assertValidKey,
  createStorage,
  InvalidStorageKeyError,
  isStorageUnavailable,
  LocalStorage,
  S3Storage,
  StorageUnavailableError,
} from "./index.ts";

const PDF = Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

describe("storage keys", () => {
  it("accepts plain relative keys", () => {
    for (const key of ["careers/cv/app_01abc.pdf", "a", "x/y-z_1.2/file.txt"]) expect(() => assertValidKey(key)).not.toThrow();
  });
  it.each([
    ["", "empty"],
    ["../etc/passwd", "parent"],
    ["careers/../../x", "parent in the middle"],
    ["/etc/passwd", "absolute"],
    ["a//b", "empty segment"],
    ["a/./b", "dot segment"],
    [".meta/x.json", "hidden segment"],
    ["Careers/CV.pdf", "uppercase"],
    ["a\\b", "backslash"],
    ["a b", "space"],
    ["c:/windows", "colon"],
  ])("refuses %j (%s)", (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidStorageKeyError);
  });
});

describe("local storage", () => {
  let dir: string;
  let store: LocalStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "platen-storage-"));
    store = new LocalStorage(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("round-trips bytes and content type", async () => {
    const key = "careers/cv/app_test.pdf";
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, new Uint8Array(PDF), { contentType: "application/pdf" });
    expect(await store.exists(key)).toBe(true);
    const got = await store.get(key);
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe("application/pdf");
    expect(got!.size).toBe(PDF.byteLength);
    expect(Buffer.compare(got!.body, PDF)).toBe(0);
    // overwrite
    await store.put(key, Buffer.from("%PDF-2.0\n"), { contentType: "application/pdf" });
    expect((await store.get(key))!.body.toString()).toBe("%PDF-2.0\n");
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined(); // deleting twice is fine
    // no temp files left behind
    expect((await readdir(path.join(dir, "careers/cv"))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses traversal and absolute keys before touching the disk", async () => {
    for (const key of ["../outside.txt", "a/../../outside.txt", "/tmp/outside.txt", ".meta/careers/cv/x.json"]) {
      await expect(store.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.exists(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    }
    expect(await readdir(path.dirname(dir))).not.toContain("outside.txt");
  });
});

describe("configuration", () => {
  it("defaults to the local provider under DATA_DIR/files", () => {
    const s = createStorage(parseEnv({ DATA_DIR: "/srv/platen" }));
    expect(s).toBeInstanceOf(LocalStorage);
    expect((s as LocalStorage).root).toBe(path.resolve("/srv/platen/files"));
  });
  it("uses STORAGE_DIR when set, and S3 when asked", () => {
    expect((createStorage(parseEnv({ STORAGE_DIR: "/srv/files" })) as LocalStorage).root).toBe(path.resolve("/srv/files"));
    expect(createStorage(parseEnv({ STORAGE_PROVIDER: "s3", S3_BUCKET: "b" }))).toBeInstanceOf(S3Storage);
    expect(() => parseEnv({ STORAGE_PROVIDER: "s3" })).toThrow(/S3_BUCKET/);
  });
});

/**
 * A tiny S3 look-alike for PutObject, GetObject, HeadObject and DeleteObject with path-style
 * addressing (`/bucket/key`). Every request must be SigV4-signed as S3 documents it.
 */
const ACCESS_KEY = "AKIAPLATENTEST000001";
const SECRET = "platen-test-secret-key-0123456789abcdef";
const REGION = "eu-central-1";
const BUCKET = "platen-files";

interface Seen {
  method: string;
  path: string;
  authorization: string;
  contentSha256: string;
  amzDate: string;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function startFakeS3(): Promise<{
  server: Server;
  url: string;
  seen: Seen[];
  objects: Map<string, { body: Buffer; contentType: string }>;
}> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: Seen[] = [];
  const authPattern = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/(\\d{8})/${REGION}/s3/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$`,
  );
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const authorization = String(req.headers.authorization ?? "");
    const contentSha256 = String(req.headers["x-amz-content-sha256"] ?? "");
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    seen.push({ method: req.method ?? "", path: url.pathname, authorization, contentSha256, amzDate });
    const xmlError = (status: number, code: string) => {
      res.writeHead(status, { "Content-Type": "application/xml" });
      res.end(
        req.method === "HEAD"
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
      );
    };
    const auth = authPattern.exec(authorization);
    const signed = auth?.[2]?.split(";") ?? [];
    if (!auth || !signed.includes("host") || !signed.includes("x-amz-date") || !signed.includes("x-amz-content-sha256") || !contentSha256) {
      return xmlError(403, "AccessDenied");
    }
    if (auth[1] !== amzDate.slice(0, 8)) return xmlError(403, "SignatureDoesNotMatch");
    if (contentSha256 !== "UNSIGNED-PAYLOAD" && contentSha256 !== createHash("sha256").update(body).digest("hex"))
      return xmlError(400, "XAmzContentSHA256Mismatch");
    const [, bucket, ...rest] = url.pathname.split("/");
    if (bucket !== BUCKET) return xmlError(404, "NoSuchBucket");
    const key = decodeURIComponent(rest.join("/"));
    const object = objects.get(key);
    switch (req.method) {
      case "PUT":
        objects.set(key, { body, contentType: String(req.headers["content-type"] ?? "binary/octet-stream") });
        res.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` });
        return res.end();
      case "GET":
        if (!object) return xmlError(404, "NoSuchKey");
        res.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.byteLength });
        return res.end(object.body);
      case "HEAD":
        if (!object) return xmlError(404, "NotFound");
        res.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.byteLength });
        return res.end();
      case "DELETE":
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return xmlError(405, "MethodNotAllowed");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen, objects });
    });
  });
}

describe("S3 storage against an S3-compatible server", () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let store: S3Storage;
  beforeAll(async () => {
    fake = await startFakeS3();
    store = createStorage(
      parseEnv({
        STORAGE_PROVIDER: "s3",
        S3_BUCKET: BUCKET,
        S3_REGION: REGION,
        S3_ENDPOINT: fake.url,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET,
        S3_FORCE_PATH_STYLE: "true",
      }),
    ) as S3Storage;
  });
  afterAll(async () => {
    if (store) (await store.s3Client()).destroy();
    await new Promise((r) => fake.server.close(r));
  });

  it("puts, heads, gets and deletes with path-style, SigV4-signed requests", async () => {
    const key = "careers/cv/app_s3test.pdf";
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, PDF, { contentType: "application/pdf" });
    expect(fake.objects.get(key)?.contentType).toBe("application/pdf");
    expect(await store.exists(key)).toBe(true);
    const got = await store.get(key);
    expect(got?.contentType).toBe("application/pdf");
    expect(got?.size).toBe(PDF.byteLength);
    expect(Buffer.compare(got!.body, PDF)).toBe(0);
    await store.delete(key);
    expect(fake.objects.has(key)).toBe(false);
    expect(await store.exists(key)).toBe(false);

    const methods = fake.seen.map((s) => s.method);
    for (const m of ["PUT", "GET", "HEAD", "DELETE"]) expect(methods).toContain(m);
    for (const s of fake.seen) {
      expect(s.path).toBe(`/${BUCKET}/${key}`);
      expect(s.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIAPLATENTEST000001\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
      );
      expect(s.contentSha256).not.toBe("");
    }
    const put = fake.seen.find((s) => s.method === "PUT")!;
    expect(put.contentSha256).toBe(createHash("sha256").update(PDF).digest("hex"));
  });

  it("refuses invalid keys without a request", async () => {
    const before = fake.seen.length;
    await expect(store.put("../x", PDF, { contentType: "application/pdf" })).rejects.toThrow(InvalidStorageKeyError);
    expect(fake.seen.length).toBe(before);
  });

  it("surfaces server errors other than not-found as StorageUnavailableError", async () => {
    const wrong = new S3Storage({
      bucket: BUCKET,
      region: REGION,
      endpoint: fake.url,
      forcePathStyle: true,
      accessKeyId: "WRONGKEY",
      secretAccessKey: SECRET,
    });
    await expect(wrong.put("a.txt", Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(StorageUnavailableError);
    await expect(wrong.get("a.txt")).rejects.toThrow(StorageUnavailableError);
    (await wrong.s3Client()).destroy();
  });
});

describe("storage that is down", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "platen-storage-down-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("a local disk that refuses writes gives a typed StorageUnavailableError; missing files are still null", async () => {
    const blocker = path.join(dir, "a-file");
    await writeFile(blocker, "x");
    const store = new LocalStorage(path.join(blocker, "files")); // its parent is a file: no write can succeed
    const error = await store.put("store-media/s/avatar.webp", Buffer.from("x"), { contentType: "image/webp" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect(error).toMatchObject({ code: "storage-unavailable", provider: "local", operation: "put" });
    expect(isStorageUnavailable(new Error("wrapped", { cause: error }))).toBe(true);
    await expect(store.check()).rejects.toThrow(StorageUnavailableError);
    expect(await store.get("store-media/s/avatar.webp")).toBeNull();
    expect(await store.exists("store-media/s/avatar.webp")).toBe(false);
    // A bad key is still the caller's mistake, not an outage.
    await expect(store.put("../x", Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(InvalidStorageKeyError);
  });

  it("an S3 endpoint that does not answer gives StorageUnavailableError on every operation", async () => {
    const store = new S3Storage({
      bucket: BUCKET,
      region: REGION,
      endpoint: "http://127.0.0.1:1",
      forcePathStyle: true,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
    });
    for (const op of [
      () => store.put("a.txt", Buffer.from("x"), { contentType: "text/plain" }),
      () => store.get("a.txt"),
      () => store.exists("a.txt"),
      () => store.delete("a.txt"),
      () => store.check(),
    ])
      await expect(op()).rejects.toMatchObject({ name: "StorageUnavailableError", provider: "s3" });
    (await store.s3Client()).destroy();
  });
});

describe("S3 storage against s3rver (an S3-compatible server)", () => {
  let dir: string;
  let server: S3rver;
  let endpoint = "";
  const s3 = (bucket = "platen-files") =>
    new S3Storage({ bucket, region: "us-east-1", endpoint, forcePathStyle: true, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "platen-s3rver-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "platen-files", configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("checks the bucket, and lists every key page by page", async () => {
    const store = s3();
    await store.check();
    for (let i = 0; i < 3; i++) await store.put(`mockups/m${i}.webp`, Buffer.from(`m${i}`), { contentType: "image/webp" });
    const keys: string[] = [];
    for await (const k of store.keys()) keys.push(k);
    expect(keys.sort()).toEqual(["mockups/m0.webp", "mockups/m1.webp", "mockups/m2.webp"]);
    await expect(s3("no-such-bucket").check()).rejects.toThrow(/the bucket no-such-bucket does not exist/);
  });
});
