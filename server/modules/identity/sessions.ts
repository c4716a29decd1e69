import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { newId, UntilWriteMemo, type Db } from "../../infra/db/index.ts";
import { systemClock } from "../../contracts/clock.ts";
import { sessions, users } from "./schema.ts";

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** A session unused for this long ends: SESSION_IDLE_MINUTES (default 3 days); every request moves it on. */
export const sessionIdleMs = () => env().SESSION_IDLE_MINUTES * 60 * 1000;
/** A session's last-seen time is written at most this often (not on every request). */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** Not revoked, not past its lifetime, and used within the idle timeout. */
export function isSessionLive(session: Pick<SessionRow, "revokedAt" | "expiresAt" | "lastSeenAt">, now = systemClock.now()): boolean {
  return (
    !session.revokedAt && session.expiresAt.getTime() > now.getTime() && session.lastSeenAt.getTime() > now.getTime() - sessionIdleMs()
  );
}
/** How recent a sign-in must be for sensitive changes (requires-recent-login). */
export const RECENT_LOGIN_MS = 5 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  db: Db,
  input: { userId: string; authTime: Date; userAgent?: string | null; ip?: string | null; now?: Date },
): Promise<SessionRow> {
  const now = input.now ?? systemClock.now();
  const [row] = await db
    .insert(sessions)
    .values({
      id: newId("ses"),
      userId: input.userId,
      authTime: input.authTime,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      createdAt: now,
      lastSeenAt: now,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
      ip: input.ip ?? null,
    })
    .returning();
  return row!;
}

/** The lookup behind every signed-in request, built once per database (the SQL text and its row mapping). */
function sessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare("platen_resolve_session");
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

type SessionWithUser = { session: SessionRow; user: UserRow };
/**
 * Session rows by id, kept until the next database write on the embedded engine (see
 * UntilWriteMemo): signing out, revoking, disabling a user and the last-seen touch are all writes,
 * so a kept row is never one the database no longer holds. Whether it is still live depends on
 * the time too, so that is checked on every request (isSessionLive). Kept rows are frozen:
 * requests share them.
 */
const sessionRows = new UntilWriteMemo<Readonly<SessionWithUser> | null>(2_000);

function freezeRow(row: SessionWithUser | undefined): Readonly<SessionWithUser> | null {
  if (!row) return null;
  Object.freeze(row.user.roles);
  return Object.freeze({ session: Object.freeze(row.session), user: Object.freeze(row.user) });
}

/**
 * The live session and its user, or null when unknown, expired, idle for longer than
 * SESSION_IDLE_MINUTES, revoked, or the user is disabled. Using a session moves its idle timeout
 * on (sliding); its last-seen time is written at most every SESSION_TOUCH_MS.
 */
export async function resolveSession(
  db: Db,
  sessionId: string,
  now = systemClock.now(),
): Promise<{ session: SessionRow; user: UserRow } | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = sessionLookup(db)));
  const lookupOnce = lookup;
  const found = await sessionRows.get(db, sessionId, async () => freezeRow((await lookupOnce.execute({ id: sessionId }))[0]));
  if (!found || found.user.disabledAt || !isSessionLive(found.session, now)) return null;
  const row = { session: found.session, user: found.user };
  if (now.getTime() - row.session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    const touchedBefore = new Date(now.getTime() - SESSION_TOUCH_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, touchedBefore)));
    row.session = { ...row.session, lastSeenAt: now };
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now: Date = systemClock.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string, exceptSessionId?: string, now: Date = systemClock.now()): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * The session for a verified sign-in: the caller's current session when it belongs to the same
 * user (its authTime moves forward, never back), else a new one (the old one is revoked).
 */
export async function establishSession(
  db: Db,
  input: {
    userId: string;
    authTime: Date;
    currentSessionId?: string | null;
    /** The session the token itself names (its `sid`), used when the cookie has none for this user. */
    tokenSessionId?: string | null;
    userAgent?: string | null;
    ip?: string | null;
    now?: Date;
  },
): Promise<{ session: SessionRow; created: boolean }> {
  const now = input.now ?? systemClock.now();
  const reuse = async (sessionId: string) => {
    const [row] = await db
      .update(sessions)
      // The ID token exchange (every refresh of an open tab) is not activity: lastSeenAt stays, so an
      // unattended tab does not keep the session alive past the idle timeout.
      .set({ authTime: sql`greatest(${sessions.authTime}, ${input.authTime.toISOString()}::timestamptz)` })
      .where(eq(sessions.id, sessionId))
      .returning();
    return { session: row!, created: false };
  };
  if (input.currentSessionId) {
    const current = await resolveSession(db, input.currentSessionId, now);
    if (current && current.user.id === input.userId) return reuse(current.session.id);
    await revokeSession(db, input.currentSessionId, now);
  }
  if (input.tokenSessionId) {
    const named = await resolveSession(db, input.tokenSessionId, now);
    if (named && named.user.id === input.userId) return reuse(named.session.id);
  }
  return { session: await createSession(db, { ...input, now }), created: true };
}

/** The user proved who they are again ("confirm it's you"): sensitive changes are allowed for a while. */
export async function markRecentLogin(db: Db, sessionId: string, at = systemClock.now()): Promise<void> {
  await db.update(sessions).set({ authTime: at, lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

/** A user's live sessions, newest first (for "active sessions" on the account page). */
export async function listActiveSessions(db: Db, userId: string, now = systemClock.now()): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs())),
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(50);
}

/** The public shape of a signed-in user for the browser (fills userData.userInfo and the flags). */
export function toServerUser(user: UserRow) {
  return {
    uid: user.id,
    email: user.email,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    roles: user.roles,
    emailVerified: user.emailVerifiedAt !== null,
    isStripeConnected: user.isStripeConnected,
  };
}
export type ServerUser = ReturnType<typeof toServerUser>;
