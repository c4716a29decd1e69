import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

/**
 * One process per core on PostgreSQL (server/main.ts, node:cluster): with WEB_CONCURRENCY=2 the
 * compiled server forks two HTTP processes on one port, replaces one that dies, and stops cleanly
 * on SIGTERM. Needs a PostgreSQL server (TEST_DATABASE_URL, as the PostgreSQL unit run); a scratch
 * database is created and dropped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const buildDir = path.resolve(process.env.PLATEN_BUILD_DIR ?? "build");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

test("two HTTP processes share the port on PostgreSQL, a dead one is replaced, SIGTERM stops all", async () => {
  test.skip(!adminUrl, "needs PostgreSQL (TEST_DATABASE_URL)");
  test.setTimeout(120_000);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `platen_cluster_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "platen-cluster-"));
  const port = await freePort();
  const lines: { msg?: string; pid?: number; worker?: number }[] = [];
  let child: ChildProcess | null = null;
  try {
    child = spawn(process.execPath, [path.join(buildDir, "server", "main.js")], {
      env: {
        ...process.env,
        DATABASE_URL: url.href,
        WEB_CONCURRENCY: "2",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PLATEN_ENV: "test",
        NODE_ENV: "production",
        SEED_DEMO: "false",
        OUTBOX_WORKER: "false",
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        PLATEN_BUILD_DIR: buildDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        try {
          lines.push(JSON.parse(line) as (typeof lines)[number]);
        } catch {
          /* not a log line */
        }
      }
    });
    const listening = () => lines.filter((l) => l.msg?.startsWith("Platen is listening"));
    await expect.poll(() => listening().length, { timeout: 60_000 }).toBe(2);
    const [first, second] = listening();
    expect(new Set([first!.pid, second!.pid]).size).toBe(2);
    expect(new Set([first!.worker, second!.worker])).toEqual(new Set([1, 2]));
    for (let i = 0; i < 10; i++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // A process that dies is replaced; the site keeps answering meanwhile.
    process.kill(first!.pid!, "SIGKILL");
    // (a connection kept alive to the killed process is reset; a new one reaches the other)
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 10_000 })
      .toBe(200);
    await expect.poll(() => listening().length, { timeout: 60_000 }).toBe(3);

    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    child = null;
  } finally {
    child?.kill("SIGKILL");
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
