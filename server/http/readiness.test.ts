import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { parseEnv } from "../config/env.ts";
import { setDatabase } from "../infra/db/index.ts";
import { LocalStorage, S3Storage, setStorage, type CheckableStorage } from "../infra/storage/index.ts";
import { createHttpApp } from "./app.ts";

const t = useTestDatabase();
let server: Server;
let base = "";
let dir = "";

beforeAll(async () => {
  setDatabase(t.database);
  dir = await mkdtemp(path.join(tmpdir(), "platen-readyz-"));
  // /readyz is answered before the React Router handler, which never runs here.
  const app = createHttpApp({ env: parseEnv({ PLATEN_ENV: "test" }), build: async () => ({}) as ServerBuild });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  setStorage(undefined);
  setDatabase(undefined);
  await rm(dir, { recursive: true, force: true });
});

const ready = async () => {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cache: res.headers.get("cache-control") };
};

describe("/readyz", () => {
  it("is ready when the database answers and storage takes a write", async () => {
    setStorage(new LocalStorage(path.join(dir, "files")));
    expect(await ready()).toEqual({
      status: 200,
      body: { status: "ready", database: t.database.engine, storage: "local" },
      cache: "no-store",
    });
  });

  it("is not ready when local storage cannot be written, and says storage is what failed", async () => {
    const blocker = path.join(dir, "not-a-directory");
    await writeFile(blocker, "x");
    setStorage(new LocalStorage(path.join(blocker, "files"))); // its parent is a file: every write fails
    expect(await ready()).toEqual({
      status: 503,
      body: { status: "unavailable", database: t.database.engine, storage: "unavailable", failed: ["storage"] },
      cache: "no-store",
    });
  });

  it("is not ready when S3 cannot be reached", async () => {
    setStorage(
      new S3Storage({
        bucket: "platen-files",
        region: "eu-central-1",
        endpoint: "http://127.0.0.1:1",
        forcePathStyle: true,
        accessKeyId: "AKIAPLATENTEST000001",
        secretAccessKey: "secret",
      }),
    );
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "unavailable", storage: "unavailable", failed: ["storage"] });
  });

  it("checks storage at most once every few seconds, however often it is asked", async () => {
    let checks = 0;
    const inner = new LocalStorage(path.join(dir, "counted"));
    const counting: CheckableStorage = {
      provider: "local",
      put: (k, b, o) => inner.put(k, b, o),
      get: (k) => inner.get(k),
      delete: (k) => inner.delete(k),
      exists: (k) => inner.exists(k),
      check: async () => {
        checks++;
        await inner.check();
      },
    };
    setStorage(counting);
    const answers = await Promise.all(Array.from({ length: 5 }, () => ready()));
    answers.push(await ready());
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(checks).toBe(1);
  });
});
