// In-process memos of public catalogue data. Everything a visitor sees of the catalogue is a pure
// function of the catalogue's fingerprint (catalogVersion), so data is reused until it changes.
// For visitors the version is re-read at most four times a second (a bounded cost however busy the
// site); signed-in requests read it every time, so whoever changes the catalogue sees the change.
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

/** A small LRU of promises, each valid for one catalogue version and, optionally, a time. */
export class VersionedMemo<T> {
  private entries = new Map<string, { version: string; at: number; value: Promise<T> }>();
  constructor(
    private readonly max = 500,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string, version: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < this.ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = load();
    this.entries.set(key, { version, at: Date.now(), value });
    value.catch(() => this.entries.delete(key));
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Forget a key (e.g. a result that must not be shared). */
  delete(key: string): void {
    this.entries.delete(key);
  }
}
