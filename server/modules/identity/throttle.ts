// Throttling over the auth_attempts table: failed sign-ins (by account and device, and by client
// address), and the per-address rate limits of sign-ups and job applications.
import { createHash } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNull, min, sql } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { AppError, type Actor, type Ctx } from "../../kernel/index.ts";
import { tooManyRequestsMessage } from "./errors.ts";
import { authAttempts, type AuthAttemptKind } from "./schema.ts";

/** Failed sign-ins are counted over this window. */
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins for one account, from unknown devices (or from one known device), before it must wait. */
export const ACCOUNT_MAX_FAILURES = 5;
/** Failed sign-ins from one client address before it must wait: AUTH_MAX_FAILURES_PER_IP (default 5). */
export const ipMaxFailures = () => env().AUTH_MAX_FAILURES_PER_IP;

/**
 * The wait after `failures` failed sign-ins in the window: none up to ACCOUNT_MAX_FAILURES - 1,
 * then 1, 2, 4 and 8 minutes, then 15 (a progressive delay, never a lock that lasts).
 */
export function throttleDelayMs(failures: number): number {
  if (failures < ACCOUNT_MAX_FAILURES) return 0;
  return Math.min(LOCKOUT_WINDOW_MS, 60_000 * 2 ** (failures - ACCOUNT_MAX_FAILURES));
}

export const ipOf = (actor: Actor) => (actor.kind === "anonymous" || actor.kind === "user" ? (actor.ip ?? "unknown") : "system");

/**
 * The account part of a device entry in the signed device cookie: a device that signed in to an
 * account is "known" for that account only (keyed by its normalized e-mail, never stored).
 */
export const deviceAccountKey = (emailNormalized: string) =>
  createHash("sha256").update(`platen-device:${emailNormalized}`).digest("base64url").slice(0, 22);

/** Who is trying: the account (normalized e-mail), the known device for it if any, the client address. */
export interface SignInSource {
  emailNormalized?: string;
  /** The id of a known device of this account (from the signed device cookie); absent: an unknown device. */
  deviceId?: string | null;
  ip?: string;
}

export interface Lockout {
  minutes: number;
  /** `account`: failures of unknown devices (or of this known device); `address`: of this client address. */
  scope: "account" | "address";
}

/**
 * Whether a sign-in must wait, and for how long. Per account, following OWASP's device-cookie
 * design: failures from unknown devices slow down unknown devices only (progressive delay,
 * throttleDelayMs); a device that signed in to the account before counts only its own failures,
 * so a stranger's failures never lock the owner out of a known device. A successful sign-in or a
 * password reset clears the account's failures. Per client address: AUTH_MAX_FAILURES_PER_IP
 * failures in 15 minutes, any accounts.
 */
export async function lockoutFor(db: Db, who: SignInSource, now = new Date()): Promise<Lockout | null> {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  let account = 0;
  let address = 0;
  if (who.emailNormalized) {
    const [cleared] = await db
      .select({ at: authAttempts.createdAt })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.emailNormalized, who.emailNormalized),
          eq(authAttempts.succeeded, true),
          inArray(authAttempts.kind, ["sign-in", "password-reset"]),
          gt(authAttempts.createdAt, since),
        ),
      )
      .orderBy(desc(authAttempts.createdAt))
      .limit(1);
    const failures = await db
      .select({ at: authAttempts.createdAt })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.emailNormalized, who.emailNormalized),
          eq(authAttempts.kind, "sign-in"),
          eq(authAttempts.succeeded, false),
          gt(authAttempts.createdAt, cleared && cleared.at > since ? cleared.at : since),
          who.deviceId ? eq(authAttempts.device, who.deviceId) : isNull(authAttempts.device),
        ),
      )
      .orderBy(desc(authAttempts.createdAt))
      .limit(ACCOUNT_MAX_FAILURES + 10);
    const delay = throttleDelayMs(failures.length);
    if (delay) account = failures[0]!.at.getTime() + delay;
  }
  if (who.ip) {
    const max = ipMaxFailures();
    const failures = await db
      .select({ at: authAttempts.createdAt })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.ip, who.ip),
          eq(authAttempts.kind, "sign-in"),
          eq(authAttempts.succeeded, false),
          gt(authAttempts.createdAt, since),
        ),
      )
      .orderBy(desc(authAttempts.createdAt))
      .limit(max);
    if (failures.length >= max) address = failures[max - 1]!.at.getTime() + LOCKOUT_WINDOW_MS;
  }
  const unlockAt = Math.max(account, address);
  if (unlockAt <= now.getTime()) return null;
  return { minutes: Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000)), scope: address >= account ? "address" : "account" };
}

export function lockoutMessage(lockout: Lockout): string {
  const base = tooManyRequestsMessage(lockout.minutes);
  return lockout.scope === "account" ? `${base} If this is your account, reset your password to sign in right away.` : base;
}

export async function assertNotLocked(db: Db, who: SignInSource, now: Date): Promise<void> {
  const lockout = await lockoutFor(db, who, now);
  if (lockout) throw new AppError("too-many-requests", lockoutMessage(lockout), 429);
}

export async function recordAttempt(
  db: Db,
  input: { emailNormalized: string; ip: string; succeeded: boolean; now: Date; deviceId?: string | null; kind?: AuthAttemptKind },
): Promise<void> {
  await db.insert(authAttempts).values({
    id: newId("att"),
    kind: input.kind ?? "sign-in",
    emailNormalized: input.emailNormalized,
    ip: input.ip,
    device: input.deviceId ?? null,
    succeeded: input.succeeded,
    createdAt: input.now,
  });
}

/**
 * A per-address rate limit (sign-ups, job applications): at most `limit` in `windowMs` from the
 * client address of `ctx`; this one counts. Over the limit: too-many-requests (429) with
 * `message(minutes)`. System actors and requests without an address are not limited.
 */
export async function takeRateLimit(
  ctx: Ctx,
  input: {
    kind: "sign-up" | "job-application" | "place-order";
    limit: number;
    windowMs: number;
    message: (minutes: number) => string;
    now?: Date;
  },
): Promise<void> {
  const ip = ipOf(ctx.actor);
  if (ip === "system" || ip === "unknown") return;
  const now = input.now ?? ctx.clock.now();
  const since = new Date(now.getTime() - input.windowMs);
  await transaction(ctx.db, async (tx) => {
    // One at a time per address and kind, so parallel requests cannot all slip under the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`throttle:${input.kind}:${ip}`}))`);
    const [row] = await tx
      .select({ n: count(), oldest: min(authAttempts.createdAt) })
      .from(authAttempts)
      .where(and(eq(authAttempts.ip, ip), eq(authAttempts.kind, input.kind), gt(authAttempts.createdAt, since)));
    if ((row?.n ?? 0) >= input.limit) {
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const minutes = Math.max(1, Math.ceil((oldest + input.windowMs - now.getTime()) / 60_000));
      throw new AppError("too-many-requests", input.message(minutes), 429);
    }
    await recordAttempt(tx, { kind: input.kind, emailNormalized: "", ip, succeeded: true, now });
  });
}
