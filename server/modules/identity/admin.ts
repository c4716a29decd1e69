// Admin user management: look up users, set their roles, disable or enable them.
import { and, arrayContains, asc, count, eq, gt, gte, inArray, isNotNull, isNull, like, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { hasPrefix, newId, transaction, type Db } from "../../infra/db/index.ts";
import { actorUserId, assertRole, AppError, withDb, type Ctx } from "../../kernel/index.ts";
import { recordAudit } from "../platform/index.ts";
import { ROLES, sessions, users, type Role } from "./schema.ts";
import { revokeAllSessions, type UserRow } from "./sessions.ts";
import { revokeRefreshTokensOfUser } from "./tokens.ts";
import { normalizeEmail } from "./types.ts";

export const LAST_ADMIN_MESSAGE = "At least one admin must remain.";

const assertAdmin = (ctx: Ctx) => assertRole(ctx, "admin", "Only admins can manage users.");

/** What the admin pages show about a user. */
export interface AdminUserView {
  uid: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  phone: string;
  roles: Role[];
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  activeSessions: number;
}

function toView(u: UserRow, activeSessions: number): AdminUserView {
  return {
    uid: u.id,
    email: u.email,
    displayName: u.displayName,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    roles: ROLES.filter((r) => u.roles.includes(r)),
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt,
    lastSignInAt: u.lastSignInAt,
    disabledAt: u.disabledAt,
    disabledReason: u.disabledReason,
    activeSessions,
  };
}

function userNotFound(uid: string): AppError {
  const shown = uid.length > 60 ? `${uid.slice(0, 60)}…` : uid;
  if (!hasPrefix(uid, "usr")) {
    return new AppError(
      "user-not-found",
      `"${shown}" is not a valid uid. A uid starts with "usr_" followed by 26 letters and digits.`,
      404,
      "uid",
    );
  }
  return new AppError("user-not-found", `No user has the uid ${shown}. Check it, or search by e-mail below.`, 404, "uid");
}

async function loadUser(db: Db, uid: string, forUpdate = false): Promise<UserRow> {
  const clean = uid.trim();
  if (!hasPrefix(clean, "usr")) throw userNotFound(clean);
  const q = db.select().from(users).where(eq(users.id, clean)).limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw userNotFound(clean);
  return row;
}

async function countActiveSessions(db: Db, uid: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, uid), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row?.n ?? 0;
}

/** One user by uid (admins only). A malformed or unknown uid is a 404 `user-not-found` on the uid field. */
export async function findUserByUid(ctx: Ctx, uid: string): Promise<AdminUserView> {
  assertAdmin(ctx);
  const user = await loadUser(ctx.db, uid);
  return toView(user, await countActiveSessions(ctx.db, user.id, ctx.clock.now()));
}

/** Active admins other than `exceptId`, locking their rows so two admins cannot demote each other at once. */
async function otherActiveAdmins(tx: Db, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(arrayContains(users.roles, ["admin"]), isNull(users.disabledAt), ne(users.id, exceptId)))
    .for("update");
  return rows.length;
}

const rolesSchema = z
  .array(z.enum(ROLES, { error: `Roles are ${ROLES.join(", ")}.` }), { error: "Choose the user's roles." })
  .min(1, "Choose at least one role.")
  .transform((roles) => ROLES.filter((r) => roles.includes(r)));

/**
 * Set a user's roles (admins only). Refuses to remove the last active admin, including an admin
 * demoting themself. Takes effect on the user's next request (roles are read per request).
 */
export async function setUserRoles(ctx: Ctx, uid: string, roles: readonly string[]): Promise<{ user: AdminUserView; changed: boolean }> {
  assertAdmin(ctx);
  const parsed = rolesSchema.safeParse(roles);
  if (!parsed.success) throw new AppError("invalid-roles", parsed.error.issues[0]!.message, 400, "roles");
  const next = parsed.data;
  return transaction(ctx.db, async (tx) => {
    const user = await loadUser(tx, uid, true);
    const before = ROLES.filter((r) => user.roles.includes(r));
    const changed = before.length !== next.length || before.some((r, i) => r !== next[i]);
    if (!changed) return { user: toView(user, await countActiveSessions(tx, user.id, ctx.clock.now())), changed: false };
    if (before.includes("admin") && !next.includes("admin") && !user.disabledAt && (await otherActiveAdmins(tx, user.id)) === 0) {
      throw new AppError("last-admin", LAST_ADMIN_MESSAGE, 409, "roles");
    }
    const [updated] = await tx.update(users).set({ roles: next, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id)).returning();
    await recordAudit(tx, {
      actorId: actorUserId(ctx.actor),
      action: "user.roles.set",
      targetType: "user",
      targetId: user.id,
      data: { before, after: next, added: next.filter((r) => !before.includes(r)), removed: before.filter((r) => !next.includes(r)) },
    });
    return { user: toView(updated!, await countActiveSessions(tx, user.id, ctx.clock.now())), changed: true };
  });
}

/** Add one role to a user (admins only; e.g. "partner" when their application is approved). Nothing changes if they hold it. */
export async function grantRole(ctx: Ctx, uid: string, role: Role): Promise<{ changed: boolean }> {
  assertAdmin(ctx);
  return transaction(ctx.db, async (tx) => {
    const user = await loadUser(tx, uid, true);
    if (user.roles.includes(role)) return { changed: false };
    const { changed } = await setUserRoles(withDb(ctx, tx), uid, [...user.roles, role]);
    return { changed };
  });
}

/**
 * Create an account without a password (admins only), e.g. for a person who then sets a password
 * through "Forgot password", and for test fixtures. Refuses an e-mail address already in use.
 */
export async function createUser(
  ctx: Ctx,
  input: { email: string; displayName: string; roles: readonly string[]; emailVerified?: boolean },
): Promise<UserRow> {
  assertAdmin(ctx);
  const parsed = rolesSchema.safeParse(input.roles);
  if (!parsed.success) throw new AppError("invalid-roles", parsed.error.issues[0]!.message, 400, "roles");
  const email = input.email.trim();
  const emailNormalized = normalizeEmail(email);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
  if (existing) throw new AppError("email-in-use", "An account with this e-mail address already exists.", 409, "email");
  const [user] = await ctx.db
    .insert(users)
    .values({
      id: newId("usr"),
      email,
      emailNormalized,
      displayName: input.displayName.trim(),
      roles: parsed.data,
      emailVerifiedAt: input.emailVerified === false ? null : ctx.clock.now(),
    })
    .returning();
  return user!;
}

const reasonSchema = z.string().trim().max(500, "Keep the reason under 500 characters.");

/**
 * Disable or enable a user (admins only). Disabling ends every session and revokes every
 * refresh token at once. An admin cannot disable themself or the last active admin.
 */
export async function setUserDisabled(
  ctx: Ctx,
  uid: string,
  disabled: boolean,
  reason: string,
): Promise<{ user: AdminUserView; changed: boolean; sessionsRevoked: number }> {
  assertAdmin(ctx);
  const r = reasonSchema.safeParse(reason ?? "");
  if (!r.success) throw new AppError("invalid-reason", r.error.issues[0]!.message, 400, "reason");
  const why = r.data;
  if (disabled && why.length < 3)
    throw new AppError("invalid-reason", "Give a reason for disabling this account (it is kept in the audit log).", 400, "reason");
  return transaction(ctx.db, async (tx) => {
    const user = await loadUser(tx, uid, true);
    const now = ctx.clock.now();
    const isDisabled = user.disabledAt !== null;
    if (disabled === isDisabled)
      return { user: toView(user, await countActiveSessions(tx, user.id, ctx.clock.now())), changed: false, sessionsRevoked: 0 };
    let sessionsRevoked = 0;
    if (disabled) {
      if (ctx.actor.kind === "user" && ctx.actor.userId === user.id)
        throw new AppError("cannot-disable-self", "You cannot disable your own account.", 409, "reason");
      if (user.roles.includes("admin") && (await otherActiveAdmins(tx, user.id)) === 0) {
        throw new AppError("last-admin", `${LAST_ADMIN_MESSAGE} This is the only active admin, so it cannot be disabled.`, 409, "reason");
      }
      await tx.update(users).set({ disabledAt: now, disabledReason: why, updatedAt: now }).where(eq(users.id, user.id));
      sessionsRevoked = await revokeAllSessions(tx, user.id, undefined, now);
      await revokeRefreshTokensOfUser(tx, user.id, undefined, now);
    } else {
      await tx.update(users).set({ disabledAt: null, disabledReason: null, updatedAt: now }).where(eq(users.id, user.id));
    }
    await recordAudit(tx, {
      actorId: actorUserId(ctx.actor),
      action: disabled ? "user.disabled" : "user.enabled",
      targetType: "user",
      targetId: user.id,
      data: disabled ? { reason: why, sessionsRevoked } : { reason: why, previousReason: user.disabledReason },
    });
    const fresh = await loadUser(tx, user.id);
    return { user: toView(fresh, await countActiveSessions(tx, user.id, ctx.clock.now())), changed: true, sessionsRevoked };
  });
}

export interface UserSearchHit {
  uid: string;
  email: string;
  displayName: string;
  roles: Role[];
  disabled: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users whose e-mail starts with `q`, or whose uid is or starts with `q` (admins only; at most 20). */
export async function searchUsers(ctx: Ctx, q: string): Promise<UserSearchHit[]> {
  assertAdmin(ctx);
  const term = q.trim().toLowerCase().slice(0, 200);
  if (!term) return [];
  const prefix = `${escapeLike(term)}%`;
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, displayName: users.displayName, roles: users.roles, disabledAt: users.disabledAt })
    .from(users)
    .where(term.startsWith("usr_") ? or(eq(users.id, term), like(users.id, prefix)) : like(users.emailNormalized, prefix))
    .orderBy(asc(users.emailNormalized))
    .limit(20);
  return rows.map((u) => ({
    uid: u.id,
    email: u.email,
    displayName: u.displayName,
    roles: ROLES.filter((r) => u.roles.includes(r)),
    disabled: u.disabledAt !== null,
  }));
}

/** E-mail addresses of the given users, for showing who did what in the audit log (admins only). */
export async function userEmails(ctx: Ctx, uids: readonly string[]): Promise<Record<string, string>> {
  assertAdmin(ctx);
  const ids = [...new Set(uids.filter(Boolean))].slice(0, 500);
  if (!ids.length) return {};
  const rows = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.email]));
}

export interface UserCounts {
  total: number;
  byRole: Record<Role, number>;
  newLast7Days: number;
  disabled: number;
}

/** Counts for the admin dashboard (admins only). */
export async function userCounts(ctx: Ctx): Promise<UserCounts> {
  assertAdmin(ctx);
  const weekAgo = new Date(ctx.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000);
  const [totals] = await ctx.db
    .select({
      total: count(),
      newLast7Days: sql<number>`count(*) filter (where ${gte(users.createdAt, weekAgo)})`.mapWith(Number),
      disabled: sql<number>`count(*) filter (where ${isNotNull(users.disabledAt)})`.mapWith(Number),
    })
    .from(users);
  const roleRows = await ctx.db
    .select({ role: sql<string>`r.role`, n: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`${users}, unnest(${users.roles}) as r(role)`)
    .groupBy(sql`r.role`);
  const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const row of roleRows) if ((ROLES as readonly string[]).includes(row.role)) byRole[row.role as Role] = row.n;
  return { total: totals?.total ?? 0, newLast7Days: totals?.newLast7Days ?? 0, disabled: totals?.disabled ?? 0, byRole };
}
