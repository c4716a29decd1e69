import type { Request, Response } from "express";
import { database } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { storageHealth } from "../infra/storage/index.ts";

const DB_TIMEOUT_MS = 2000;

async function databaseReady(): Promise<{ ok: boolean; engine?: string; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const d = database();
    await Promise.race([
      d.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${DB_TIMEOUT_MS} ms`)), DB_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, engine: d.engine };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /readyz: 200 when this process can serve requests (the database answers and file storage
 * works), else 503 naming the dependency that failed in `failed`. The storage check (a write
 * probe, or HeadBucket on S3) runs at most every 5 s however often the probe asks. Details of a
 * failure go to the log, not to the caller.
 */
export async function readinessHandler(_req: Request, res: Response): Promise<void> {
  res.set("Cache-Control", "no-store");
  const [db, files] = await Promise.all([databaseReady(), storageHealth()]);
  const failed = [...(db.ok ? [] : ["database"]), ...(files.ok ? [] : ["storage"])];
  const body = {
    status: failed.length ? "unavailable" : "ready",
    database: db.ok ? db.engine : "unreachable",
    storage: files.ok ? files.provider : "unavailable",
    ...(failed.length ? { failed } : {}),
  };
  if (failed.length) {
    logger().warn({ database: db.error, storage: files.error, failed }, "readiness check failed");
    res.status(503);
  }
  res.json(body);
}
