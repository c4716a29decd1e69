import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertValidKey, toBuffer, type PutOptions, type Storage, type StoredObject } from "./types.ts";

/** Content types kept beside the files, under a directory no valid key can reach (keys never start with a dot). */
const META_DIR = ".meta";

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code === "ENOENT";

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
    await LocalStorage.writeAtomic(meta, JSON.stringify({ contentType: options.contentType }));
    await LocalStorage.writeAtomic(file, toBuffer(body));
  }

  async get(key: string): Promise<StoredObject | null> {
    const { file, meta } = this.paths(key);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
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
    await rm(file, { force: true });
    await rm(meta, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const { file } = this.paths(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
