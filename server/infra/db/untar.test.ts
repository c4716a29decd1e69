import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { untarInto, usedLength } from "./untar.ts";

const dir = mkdtempSync(path.join(tmpdir(), "platen-untar-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A ustar header for `name` (type "0" file or "5" directory) with `size` bytes. */
function header(name: string, size: number, type: "0" | "5"): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, "utf8");
  h.write(size.toString(8).padStart(11, "0"), 124, "utf8");
  h.write(type, 156, "utf8");
  h.write("ustar", 257, "utf8");
  return h;
}

describe("unpacking a PGlite snapshot natively", () => {
  it("gives a data directory PGlite opens with the snapshot's data", async () => {
    const source = await PGlite.create();
    await source.exec("create table t (n int); insert into t values (1), (2), (3);");
    const snapshot = Buffer.from(await (await source.dumpDataDir("none")).arrayBuffer());
    await source.close();
    const target = path.join(dir, "pglite");
    const files = await untarInto(snapshot, target);
    expect(files).toBeGreaterThan(100);
    const opened = await PGlite.create(target);
    expect((await opened.query<{ n: number }>("select sum(n)::int as n from t")).rows[0]!.n).toBe(6);
    await opened.close();
  }, 60_000);

  it("finds where a mostly empty file's data ends", () => {
    expect(usedLength(Buffer.alloc(200_000))).toBe(0);
    const b = Buffer.alloc(300_000);
    b[70_000] = 7;
    expect(usedLength(b)).toBe(70_001);
    b[299_999] = 1;
    expect(usedLength(b)).toBe(300_000);
  });

  it("refuses a path that leaves the directory, and a file cut short", async () => {
    const evil = Buffer.concat([header("../evil.txt", 3, "0"), Buffer.alloc(512), Buffer.alloc(1024)]);
    await expect(untarInto(evil, path.join(dir, "evil"))).rejects.toThrow(/outside the data directory/);
    const short = Buffer.concat([header("base/short", 4096, "0"), Buffer.alloc(512)]);
    await expect(untarInto(short, path.join(dir, "short"))).rejects.toThrow(/cut short/);
  });
});
