// Unpacks a PGlite data-directory snapshot (`dumpDataDir("none")`: a plain ustar archive) into a
// directory with Node's file system, before PGlite opens it. PGlite's own `loadDataDir` unpacks
// through its in-memory file system layer and took ~3 s for the 70 MB demo snapshot; this takes
// ~0.2 s (issue 9: cold start). Only what such a snapshot holds is supported: regular files and
// directories (ustar `prefix` + `name`); extended headers are skipped; no path may leave `dir`.
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function octal(header: Buffer, offset: number, length: number): number {
  const text = field(header, offset, length).trim();
  const n = text ? Number.parseInt(text, 8) : 0;
  if (!Number.isFinite(n) || n < 0) throw new Error("Corrupt snapshot: a size is not a number.");
  return n;
}

/** The length of `data` without its trailing zero bytes (0 when all zeros). */
export function usedLength(data: Buffer): number {
  let end = data.length;
  // Whole 64 KB blocks of zeros first (a native comparison), then byte by byte.
  const block = 64 * 1024;
  const zeros = Buffer.alloc(block);
  while (end >= block && data.subarray(end - block, end).equals(zeros)) end -= block;
  while (end > 0 && data[end - 1] === 0) end--;
  return end;
}

/** Files written at once (the thread pool overlaps the system calls). */
const PARALLEL_WRITES = 16;

/** Extract `archive` into `dir` (created when missing). Resolves to the number of files written. */
export async function untarInto(archive: Buffer, dir: string): Promise<number> {
  const writes: (() => Promise<void>)[] = [];
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  let offset = 0;
  let files = 0;
  const made = new Set<string>([root]);
  const makeDir = (d: string) => {
    if (made.has(d)) return;
    mkdirSync(d, { recursive: true, mode: 0o700 });
    made.add(d);
  };
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break; // end of archive
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48); // "0" when NUL
    const magic = field(header, 257, 6);
    const prefix = magic.startsWith("ustar") ? field(header, 345, 155) : "";
    const name = (prefix ? `${prefix}/` : "") + field(header, 0, 100);
    const dataStart = offset + BLOCK;
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type !== "0" && type !== "5") continue; // extended headers, links: not in a data dir snapshot
    const relative = name.replace(/^\/+/, "");
    if (!relative) continue;
    const target = path.resolve(root, relative);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`Corrupt snapshot: ${name} is outside the data directory.`);
    if (type === "5") makeDir(target);
    else {
      if (dataStart + size > archive.length) throw new Error(`Corrupt snapshot: ${name} is cut short.`);
      makeDir(path.dirname(target));
      const data = archive.subarray(dataStart, dataStart + size);
      const used = size >= 1 << 20 ? usedLength(data) : size;
      if (used < size) {
        // A preallocated file (a WAL segment) is mostly zeros: its data is written and the rest
        // left as a hole (the file reads the same, and is not written byte by byte).
        writes.push(async () => {
          const fd = openSync(target, "w", 0o600);
          try {
            if (used > 0) writeSync(fd, data, 0, used, 0);
            ftruncateSync(fd, size);
          } finally {
            closeSync(fd);
          }
        });
      } else writes.push(() => writeFile(target, data, { mode: 0o600 }));
      files++;
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL_WRITES }, async () => {
      while (next < writes.length) await writes[next++]!();
    }),
  );
  return files;
}
