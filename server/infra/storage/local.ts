import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  assertValidKey,
  errorDetail,
  InvalidStorageKeyError,
  StorageUnavailableError,
  toBuffer,
  type PutOptions,
  type Storage,
  type StoredObject,
} from "./types.ts";

/** Content types kept beside the files, under a directory no valid key can reach (keys never start with a dot). */
const META_DIR = ".meta";

/** No file under that path (ENOTDIR: a parent of the path is a file, so the key cannot exist either). */
const isMissing = (e: unknown) => ["ENOENT", "ENOTDIR"].includes((e as NodeJS.ErrnoException | undefined)?.code ?? "");

/** A write in progress (see writeAtomic): `<name>.<12 hex>.tmp`. */
const TEMP_FILE = /\.[0-9a-f]{12}\.tmp$/;

/** The disk said no (full, read-only, permissions, I/O): storage is unavailable, not the request wrong. */
function unavailable(operation: StorageUnavailableError["operation"], error: unknown): Error {
  if (error instanceof InvalidStorageKeyError || error instanceof StorageUnavailableError) return error;
  return new StorageUnavailableError("local", operation, errorDetail(error), { cause: error });
}

/** Files in a local directory: `<root>/<key>`, with the content type in `<root>/.meta/<key>.json`. */
export class LocalStorage implements Storage {
  readonly provider = "local" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private paths(key: string): { file: string; meta: string } {
    assertValidKey(key);
    const file = path.resolve(this.root, key);
    const meta = path.resolve(this.root, META_DIR, `${key}.json`);
    // Belt and braces: the key rules already make escaping impossible.
    if (!file.startsWith(this.root + path.sep) || !meta.startsWith(this.root + path.sep))
      throw new Error("Storage key resolves outside the storage directory");
    return { file, meta };
  }

  private static async writeAtomic(target: string, data: Buffer | string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async put(key: string, body: Buffer | Uint8Array, options: PutOptions): Promise<void> {
    const { file, meta } = this.paths(key);
    try {
      await LocalStorage.writeAtomic(meta, JSON.stringify({ contentType: options.contentType }));
      await LocalStorage.writeAtomic(file, toBuffer(body));
    } catch (error) {
      throw unavailable("put", error);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const { file, meta } = this.paths(key);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable("get", error);
    }
    let contentType = "application/octet-stream";
    try {
      const parsed = JSON.parse(await readFile(meta, "utf8")) as { contentType?: unknown };
      if (typeof parsed.contentType === "string" && parsed.contentType) contentType = parsed.contentType;
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return { body, contentType, size: body.byteLength };
  }

  async delete(key: string): Promise<void> {
    const { file, meta } = this.paths(key);
    try {
      await rm(file, { force: true });
      await rm(meta, { force: true });
    } catch (error) {
      throw unavailable("delete", error);
    }
  }

  async exists(key: string): Promise<boolean> {
    const { file } = this.paths(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw unavailable("exists", error);
    }
  }

  /** A small write (and removal) under the hidden `.meta` directory: catches a full, read-only or missing disk. */
  async check(): Promise<void> {
    const probe = path.join(this.root, META_DIR, `readyz-${process.pid}.probe`);
    try {
      await LocalStorage.writeAtomic(probe, String(Date.now()));
      await rm(probe, { force: true });
    } catch (error) {
      throw unavailable("check", error);
    }
  }

  /** Every stored key (files under the root, not the `.meta` directory), in no particular order. */
  async *keys(): AsyncGenerator<string> {
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<string> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw unavailable("list", error);
      }
      for (const entry of entries) {
        if (entry.name.startsWith(".")) continue; // .meta and temp files of no key
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
        else if (entry.isFile() && !TEMP_FILE.test(entry.name)) yield key;
      }
    };
    yield* walk(this.root, "");
  }
}
