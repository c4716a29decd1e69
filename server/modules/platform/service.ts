import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { logger } from "../../infra/logger/index.ts";
import { countByStatus, listFailed, retryFailed } from "../../jobs/index.ts";
import { actorUserId, assertRole, AppError, withDb, type Ctx } from "../../kernel/index.ts";
import { auditLog, platformSettings } from "./schema.ts";
import { DEFAULT_SETTINGS, SETTING_KEYS, settingsSchema, type SettingKey, type Settings, type SettingsInput } from "./types.ts";

const assertAdmin = (ctx: Ctx) => assertRole(ctx, "admin", "Only admins can do that.");
const listOf = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

// ---- audit ---------------------------------------------------------------------------------

export interface AuditInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  data?: Record<string, unknown>;
}
export type AuditEntry = typeof auditLog.$inferSelect;

/** Append an audit entry; pass the transaction of the change it records. */
export async function recordAudit(db: Db, input: AuditInput): Promise<AuditEntry> {
  const [row] = await db
    .insert(auditLog)
    .values({
      id: newId("aud"),
      actorId: input.actorId,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId,
      data: input.data ?? {},
    })
    .returning();
  return row!;
}

const listAuditSchema = z.object({
  targetType: z.string().trim().min(1).max(64).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  actorId: z.string().trim().min(1).max(200).optional(),
  actions: z.array(z.string().min(1).max(100)).max(50).optional(),
  limit: z.number().int().min(1).max(500).default(50),
});

/** The newest audit entries first, optionally for one target. Admins only. */
export async function listAudit(ctx: Ctx, filter: z.input<typeof listAuditSchema> = {}): Promise<AuditEntry[]> {
  assertAdmin(ctx);
  const f = listAuditSchema.parse(filter);
  const where: SQL[] = [];
  if (f.targetType) where.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) where.push(eq(auditLog.targetId, f.targetId));
  if (f.actorId) where.push(eq(auditLog.actorId, f.actorId));
  if (f.actions?.length) where.push(inArray(auditLog.action, f.actions));
  return ctx.db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(f.limit);
}

// ---- settings ------------------------------------------------------------------------------

const fieldSchemas = settingsSchema.shape;

function parseStoredValue(key: SettingKey, value: unknown): Settings[SettingKey] | undefined {
  const result = fieldSchemas[key].safeParse(value);
  if (result.success) return result.data as Settings[SettingKey];
  logger().warn({ key, issues: result.error.issues.slice(0, 5) }, "platform setting is invalid; using the default");
  return undefined;
}

/** The platform settings: stored values over the defaults. A corrupt stored value falls back to its default. */
export async function getSettings(ctx: Ctx): Promise<Settings> {
  const rows = await ctx.db
    .select({ key: platformSettings.key, value: platformSettings.value })
    .from(platformSettings)
    .where(inArray(platformSettings.key, [...SETTING_KEYS]));
  const settings: Settings = structuredClone(DEFAULT_SETTINGS);
  for (const row of rows) {
    const key = row.key as SettingKey;
    const value = parseStoredValue(key, row.value);
    if (value !== undefined) (settings as Record<SettingKey, unknown>)[key] = value;
  }
  return settings;
}

/**
 * The settings for page chrome read on every request (the tax sentence in the footer, cart and
 * FAQ): the same as getSettings, kept for a few seconds per database. A change in /admin/config
 * clears it in this process at once; other processes follow within `maxAgeMs`.
 */
const settingsCache = new WeakMap<object, { at: number; settings: Promise<Settings> }>();
export async function getSettingsCached(ctx: Ctx, maxAgeMs = 5_000): Promise<Settings> {
  const now = Date.now();
  const hit = settingsCache.get(ctx.db);
  if (hit && now - hit.at < maxAgeMs) return hit.settings;
  const settings = getSettings(ctx);
  settingsCache.set(ctx.db, { at: now, settings });
  settings.catch(() => settingsCache.delete(ctx.db));
  return settings;
}

// ---- amounts held by other modules ---------------------------------------------------------

/**
 * Whether a module stores amounts in a currency other than `currency` (products, base costs,
 * budgets...). Each module that keeps money registers one from its index.ts, so the platform never
 * reads another module's tables.
 */
export type AmountsHeldCheck = (db: Db, currency: string) => Promise<boolean>;
const amountsHeld = new Map<string, { label: string; check: AmountsHeldCheck }>();

/** Register a module's check (idempotent per name). `label` names what holds the amounts, e.g. "products". */
export function registerAmountsHeld(name: string, label: string, check: AmountsHeldCheck): void {
  amountsHeld.set(name, { label, check });
}

/** Labels of what holds amounts in a currency other than `currency` (empty: the currency may change). */
async function amountsInOtherCurrencies(db: Db, currency: string): Promise<string[]> {
  const out: string[] = [];
  for (const { label, check } of amountsHeld.values()) if (await check(db, currency)) out.push(label);
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Replace the settings (admins only). Validated as a whole; only changed fields are written and
 * the audit entry lists them with their values before and after.
 */
export async function updateSettings(ctx: Ctx, input: SettingsInput): Promise<{ settings: Settings; changed: SettingKey[] }> {
  assertAdmin(ctx);
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid-settings", issue.message, 400, issue.path.join(".") || undefined);
  }
  const next = parsed.data;
  const actorId = actorUserId(ctx.actor);
  const result = await transaction(ctx.db, async (tx) => {
    const before = await getSettings(withDb(ctx, tx));
    const changed = SETTING_KEYS.filter((k) => !sameValue(before[k], next[k]));
    if (changed.length === 0) return { settings: next, changed };
    if (changed.includes("currency")) {
      const holders = await amountsInOtherCurrencies(tx, next.currency);
      if (holders.length)
        throw new AppError(
          "currency-in-use",
          `The store currency cannot change from ${before.currency} to ${next.currency}: ${listOf(holders)} already have amounts in ${before.currency}, and changing the currency would not convert them.`,
          409,
          "currency",
        );
    }
    const now = ctx.clock.now();
    for (const key of changed) {
      await tx
        .insert(platformSettings)
        .values({ key, value: next[key], updatedAt: now, updatedBy: actorId })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value: next[key], updatedAt: now, updatedBy: actorId } });
    }
    await recordAudit(tx, {
      actorId,
      action: "settings.update",
      targetType: "platform_settings",
      targetId: "platform",
      data: {
        changed,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      },
    });
    return { settings: next, changed };
  });
  settingsCache.delete(ctx.db);
  return result;
}

// ---- outbox (admin dashboard) -----------------------------------------------------------------

export interface OutboxOverview {
  counts: Record<"pending" | "processing" | "done" | "failed", number>;
  failed: { id: string; topic: string; attempts: number; maxAttempts: number; lastError: string | null; createdAt: Date; runAt: Date }[];
}

/** Outbox job counts by status and the newest failed jobs (admins only). */
export async function outboxOverview(ctx: Ctx, limit = 20): Promise<OutboxOverview> {
  assertAdmin(ctx);
  const raw = await countByStatus(ctx.db);
  const counts = { pending: raw.pending ?? 0, processing: raw.processing ?? 0, done: raw.done ?? 0, failed: raw.failed ?? 0 };
  const failed = (await listFailed(ctx.db, Math.min(Math.max(limit, 1), 100))).map((j) => ({
    id: j.id,
    topic: j.topic,
    attempts: j.attempts,
    maxAttempts: j.maxAttempts,
    lastError: j.lastError,
    createdAt: j.createdAt,
    runAt: j.runAt,
  }));
  return { counts, failed };
}

/** Send a failed outbox job back to the queue (admins only); audited. */
export async function retryOutboxJob(ctx: Ctx, jobId: string): Promise<void> {
  assertAdmin(ctx);
  const id = jobId.trim();
  if (!/^obx_[0-9a-z]{26}$/.test(id)) throw new AppError("not-found", "That job was not found.", 404, "jobId");
  await transaction(ctx.db, async (tx) => {
    const ok = await retryFailed(tx, id);
    if (!ok)
      throw new AppError("not-failed", "This job is not in the failed list any more: it may already have been retried.", 409, "jobId");
    await recordAudit(tx, { actorId: actorUserId(ctx.actor), action: "outbox.retry", targetType: "outbox", targetId: id, data: {} });
  });
}
