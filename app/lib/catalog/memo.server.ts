// In-process memos of public catalogue data. Everything a visitor sees of the catalogue is a pure
// function of the catalogue's fingerprint (catalogVersion), so data is reused until it changes.
// On the embedded database catalogVersion itself is kept until the next write (ADR 0016), so this
// layer matters on PostgreSQL: there, for visitors, the version is re-read at most four times a
// second (a bounded cost however busy the site); signed-in requests read it every time, so
// whoever changes the catalogue sees the change.
import { LRUCache } from "lru-cache";
import type { Ctx } from "#server/kernel/index.ts";
import { catalogVersion } from "#server/modules/catalog/index.ts";

const VERSION_TTL_MS = 250;
const versions = new WeakMap<object, { at: number; version: Promise<string> }>();

export function currentCatalogVersion(ctx: Ctx): Promise<string> {
  // Signed-in people (partners, admins) read their own writes: no shared shortcut for them.
  if (ctx.actor.kind === "user") return catalogVersion(ctx);
  const hit = versions.get(ctx.db);
  if (hit && Date.now() - hit.at < VERSION_TTL_MS) return hit.version;
  const version = catalogVersion(ctx);
  versions.set(ctx.db, { at: Date.now(), version });
  version.catch(() => versions.delete(ctx.db));
  return version;
}

/** A small LRU of promises (lru-cache), each valid for one catalogue version and, optionally, a time. */
export class VersionedMemo<T> {
  private readonly entries: LRUCache<string, { version: string; value: Promise<T> }>;
  constructor(max = 500, ttlMs = Number.POSITIVE_INFINITY) {
    this.entries = new LRUCache({ max, ...(Number.isFinite(ttlMs) ? { ttl: ttlMs } : {}) });
  }

  get(key: string, version: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = load();
    const entry = { version, value };
    this.entries.set(key, entry);
    // A failed load is forgotten (unless a newer load replaced it meanwhile).
    value.catch(() => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forget a key (e.g. a result that must not be shared). */
  delete(key: string): void {
    this.entries.delete(key);
  }
}
