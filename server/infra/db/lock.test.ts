import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DataDirLockedError, lockFileOf } from "./lock.ts";

const root = mkdtempSync(path.join(tmpdir(), "platen-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const CLIENT = path.resolve("server/infra/db/index.ts");
// A migrated data directory from global setup: loading it is much faster than initdb.
const SNAPSHOT = path.resolve("tmp/test-pglite-snapshot.tar");
const snapshot = () => new Blob([readFileSync(SNAPSHOT)]);

/** A second Node process that opens the database directory and keeps it open until killed. */
function holder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { openDatabase } = await import(${JSON.stringify(CLIENT)});
       const { readFileSync } = await import("node:fs");
       await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, loadDataDir: new Blob([readFileSync(${JSON.stringify(SNAPSHOT)})]) });
       console.log("ready");
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d: Buffer) => (err += d));
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}: ${err}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

describe("one process per embedded data directory", () => {
  it("a second open of the same directory in this process is refused until the first closes", async () => {
    const dataDir = path.join(root, "same-process", "pglite");
    const first = await openDatabase({ dataDir, loadDataDir: snapshot() });
    await first.db.execute("create table confirmed (n int)");
    const second = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as DataDirLockedError).message).toContain(`The database directory ${dataDir} is in use by another Platen process`);
    expect((second as DataDirLockedError).exitCode).toBe(75);
    await first.close();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    const again = await openDatabase({ dataDir });
    // the first process's write is there
    await expect(again.db.execute("select count(*) from confirmed")).resolves.toBeTruthy();
    await again.close();
  });

  it("another process holding the directory: refused with its pid; once it dies, the stale lock is taken over", async () => {
    const dataDir = path.join(root, "two-processes", "pglite");
    const child = await holder(dataDir);
    try {
      const owner = JSON.parse(readFileSync(lockFileOf(dataDir), "utf8")) as { pid: number };
      expect(owner.pid).toBe(child.pid);
      const refused = await openDatabase({ dataDir }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain(`pid ${child.pid}`);
    } finally {
      // killed without any chance to clean up: its lock file stays behind
      child.kill("SIGKILL");
      await exited(child);
    }
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    const database = await openDatabase({ dataDir });
    await database.close();
  });

  it("boot refuses a second start on the same directory with a clear message and exit code 75", async () => {
    const dataDir = path.join(root, "boot");
    const first = await openDatabase({ dataDir: path.join(dataDir, "pglite"), loadDataDir: snapshot() });
    try {
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `const { boot } = await import(${JSON.stringify(path.resolve("server/boot.ts"))}); await boot();`,
        ],
        {
          stdio: ["ignore", "pipe", "pipe"],
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            SEED_DEMO: "false",
            OUTBOX_WORKER: "false",
            LOG_LEVEL: "silent",
            PLATEN_DB_TEMPLATE: "",
          },
        },
      );
      let stderr = "";
      child.stderr!.on("data", (d: Buffer) => (stderr += d));
      await exited(child);
      expect(child.exitCode).toBe(75);
      expect(stderr).toContain("is in use by another Platen process");
    } finally {
      await first.close();
    }
  });
});
