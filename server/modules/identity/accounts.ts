// Built-in accounts: sign-up, sign-in with lock-out, e-mail verification, password reset,
// re-authentication, changes of e-mail and password, profile, deletion.
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { isUniqueViolation, newId, sqlState, transaction, type Db } from "../../infra/db/index.ts";
import { AppError, forbidden, type Actor, type Ctx } from "../../kernel/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { IDENTITY_ERROR_MESSAGES } from "./errors.ts";
import { assertPasswordPolicy, hashPassword, verifyPassword } from "./passwords.ts";
import { users, verificationTokens } from "./schema.ts";
import { listActiveSessions, markRecentLogin, revokeAllSessions, revokeSession, type SessionRow, type UserRow } from "./sessions.ts";
import { assertNotLocked, ipOf, recordAttempt, takeRateLimit } from "./throttle.ts";
import { displayNameOf, hashToken, randomToken, revokeRefreshTokensOfSession, revokeRefreshTokensOfUser } from "./tokens.ts";
import { DELETE_CONFIRMATION, normalizeEmail, type ProfileInput } from "./types.ts";

/** How recent a sign-in must be for sensitive changes: AUTH_RECENT_LOGIN_SECONDS (default 300 = RECENT_LOGIN_MS). */
export const recentLoginMs = () => env().AUTH_RECENT_LOGIN_SECONDS * 1000;

export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
const RESETS_PER_HOUR = 3;
/** New accounts per client address are counted over this window (AUTH_MAX_SIGNUPS_PER_IP). */
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
const RESEND_COOLDOWN_MS = 60 * 1000;

type Opts = { now?: Date };
/** "Now" for a service call: the test-given time, else the context's clock. */
const nowIn = (ctx: Ctx, o?: Opts) => o?.now ?? ctx.clock.now();

function userActor(ctx: Ctx) {
  if (ctx.actor.kind !== "user") throw new AppError("requires-recent-login", "Sign in to continue.", 401);
  return ctx.actor;
}

const url = (path: string) => `${env().PUBLIC_URL}${path}`;

// Compared against when the e-mail is unknown, so both answers take as long.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword("platen-timing-equaliser-not-a-password"));

// ---- sign-up and sign-in -----------------------------------------------------------------

const credentialError = () => new AppError("invalid-credential", IDENTITY_ERROR_MESSAGES["invalid-credential"], 401);
const emailInUse = (field = "email") => new AppError("email-already-in-use", IDENTITY_ERROR_MESSAGES["email-already-in-use"], 409, field);
/** Attempts that reveal an existing address count against the client address, not the account. */
const probeKey = (emailNormalized: string) => `probe:${emailNormalized}`;

/**
 * Password sign-in. Unknown e-mail and wrong password answer alike (`invalid-credential`). Failed
 * attempts slow down (`too-many-requests`, even with the right password; see lockoutFor): 5
 * failures for one account from unknown devices make unknown devices wait 1, 2, 4, 8, then 15
 * minutes, while a known device (`deviceId`, from the signed device cookie of an earlier sign-in)
 * counts only its own failures; AUTH_MAX_FAILURES_PER_IP failures from one address in 15 minutes
 * make that address wait. A disabled account gets `user-disabled`.
 */
export async function signInWithPassword(
  ctx: Ctx,
  input: { email: string; password: string },
  opts?: Opts & { deviceId?: string | null },
): Promise<UserRow> {
  const now = nowIn(ctx, opts);
  const ip = ipOf(ctx.actor);
  const emailNormalized = normalizeEmail(input.email);
  const deviceId = opts?.deviceId ?? null;
  await assertNotLocked(ctx.db, { emailNormalized, ip, deviceId }, now);
  const [user] = await ctx.db.select().from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await timingDummy(), input.password), false);
  if (!user || !ok) {
    await recordAttempt(ctx.db, { emailNormalized, ip, deviceId, succeeded: false, now });
    throw credentialError();
  }
  if (user.disabledAt) throw new AppError("user-disabled", IDENTITY_ERROR_MESSAGES["user-disabled"], 403);
  await recordAttempt(ctx.db, { emailNormalized, ip, deviceId, succeeded: true, now });
  const [updated] = await ctx.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id)).returning();
  return updated!;
}

async function sendVerification(db: Db, user: UserRow, now: Date, newEmail?: string) {
  const token = randomToken();
  await db.insert(verificationTokens).values({
    id: newId("vtk"),
    userId: user.id,
    purpose: newEmail ? "change_email" : "verify_email",
    tokenHash: hashToken(token),
    newEmail: newEmail ?? null,
    expiresAt: new Date(now.getTime() + VERIFY_EMAIL_TTL_MS),
    createdAt: now,
  });
  await sendEmail(db, {
    to: newEmail ?? user.email,
    toName: displayNameOf(user),
    template: "verify-email",
    params: { name: displayNameOf(user), verifyUrl: url(`/login/verify?token=${encodeURIComponent(token)}`) },
  });
}

/** A new shopper account; the verification e-mail goes out in the same transaction. */
export async function signUp(ctx: Ctx, input: { displayName: string; email: string; password: string }, opts?: Opts): Promise<UserRow> {
  const now = nowIn(ctx, opts);
  const ip = ipOf(ctx.actor);
  const email = input.email.trim();
  const emailNormalized = normalizeEmail(email);
  await assertNotLocked(ctx.db, { ip }, now);
  await assertPasswordPolicy(input.password);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
  if (existing) {
    await recordAttempt(ctx.db, { emailNormalized: probeKey(emailNormalized), ip, succeeded: false, now });
    throw emailInUse();
  }
  await takeRateLimit(ctx, {
    kind: "sign-up",
    limit: env().AUTH_MAX_SIGNUPS_PER_IP,
    windowMs: SIGNUP_WINDOW_MS,
    message: (minutes) =>
      `Too many accounts have been created from your network in the last hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    now,
  });
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(ctx.db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          id: newId("usr"),
          email,
          emailNormalized,
          passwordHash,
          passwordChangedAt: now,
          displayName: input.displayName.trim(),
          roles: ["shopper"],
          lastSignInAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await sendVerification(tx, user!, now);
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}

// ---- one-time links ------------------------------------------------------------------------

type TokenRow = typeof verificationTokens.$inferSelect;

async function consumeActionToken(db: Db, raw: string, purposes: TokenRow["purpose"][], now: Date): Promise<TokenRow> {
  const [row] = await db
    .select()
    .from(verificationTokens)
    .where(eq(verificationTokens.tokenHash, hashToken(raw)))
    .limit(1)
    .for("update");
  if (!row || row.usedAt || !purposes.includes(row.purpose))
    throw new AppError("invalid-action-code", IDENTITY_ERROR_MESSAGES["invalid-action-code"], 400);
  if (row.expiresAt.getTime() <= now.getTime())
    throw new AppError("expired-action-code", IDENTITY_ERROR_MESSAGES["expired-action-code"], 400);
  await db.update(verificationTokens).set({ usedAt: now }).where(eq(verificationTokens.id, row.id));
  return row;
}

/** Look at a link without using it (to show the reset form only for a live link). "Now" is the context's clock. */
export async function checkActionToken(ctx: Ctx, raw: string, purpose: TokenRow["purpose"], opts?: Opts): Promise<void> {
  const now = nowIn(ctx, opts);
  const [row] = await ctx.db
    .select()
    .from(verificationTokens)
    .where(eq(verificationTokens.tokenHash, hashToken(raw)))
    .limit(1);
  if (!row || row.usedAt || row.purpose !== purpose)
    throw new AppError("invalid-action-code", IDENTITY_ERROR_MESSAGES["invalid-action-code"], 400);
  if (row.expiresAt.getTime() <= now.getTime())
    throw new AppError("expired-action-code", IDENTITY_ERROR_MESSAGES["expired-action-code"], 400);
}

/**
 * Follow a link from /login/verify: confirms the address of a new account, or completes a change
 * of e-mail (the old address is told).
 */
export async function verifyEmailToken(
  ctx: Ctx,
  raw: string,
  opts?: Opts,
): Promise<{ purpose: "verify_email" | "change_email"; email: string; userId: string }> {
  const now = nowIn(ctx, opts);
  try {
    return await transaction(ctx.db, async (tx) => {
      const token = await consumeActionToken(tx, raw, ["verify_email", "change_email"], now);
      const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).limit(1);
      if (!user) throw new AppError("invalid-action-code", IDENTITY_ERROR_MESSAGES["invalid-action-code"], 400);
      if (token.purpose === "change_email" && token.newEmail) {
        const newNormalized = normalizeEmail(token.newEmail);
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.emailNormalized, newNormalized)).limit(1);
        if (taken && taken.id !== user.id) throw emailInUse("_form");
        await tx
          .update(users)
          .set({ email: token.newEmail, emailNormalized: newNormalized, emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
        // Other pending changes are void now.
        await tx
          .update(verificationTokens)
          .set({ usedAt: now })
          .where(
            and(eq(verificationTokens.userId, user.id), isNull(verificationTokens.usedAt), eq(verificationTokens.purpose, "change_email")),
          );
        await sendEmail(tx, {
          to: user.email,
          toName: displayNameOf(user),
          template: "email-changed",
          params: { name: displayNameOf(user), newEmail: token.newEmail },
        });
        return { purpose: "change_email" as const, email: token.newEmail, userId: user.id };
      }
      if (!user.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      return { purpose: "verify_email" as const, email: user.email, userId: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse("_form");
    throw error;
  }
}

/** Send a new verification link (from /account). */
export async function resendVerification(ctx: Ctx, opts?: Opts): Promise<void> {
  const actor = userActor(ctx);
  const now = nowIn(ctx, opts);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw forbidden();
  if (user.emailVerifiedAt) throw new AppError("already-verified", "Your e-mail address is already verified.", 400);
  const [recent] = await ctx.db
    .select({ id: verificationTokens.id })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.userId, user.id),
        eq(verificationTokens.purpose, "verify_email"),
        gt(verificationTokens.createdAt, new Date(now.getTime() - RESEND_COOLDOWN_MS)),
      ),
    )
    .limit(1);
  if (recent)
    throw new AppError(
      "too-many-requests",
      "We sent you a link less than a minute ago. Check your inbox and spam folder, then try again.",
      429,
    );
  await transaction(ctx.db, (tx) => sendVerification(tx, user, now));
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(ctx: Ctx, input: { email: string }, opts?: Opts): Promise<void> {
  const now = nowIn(ctx, opts);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.emailNormalized, normalizeEmail(input.email)))
    .limit(1);
  if (!user || user.disabledAt) return;
  const recent = await ctx.db
    .select({ id: verificationTokens.id })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.userId, user.id),
        eq(verificationTokens.purpose, "reset_password"),
        gt(verificationTokens.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    )
    .limit(RESETS_PER_HOUR);
  if (recent.length >= RESETS_PER_HOUR) return;
  const token = randomToken();
  await transaction(ctx.db, async (tx) => {
    await tx.insert(verificationTokens).values({
      id: newId("vtk"),
      userId: user.id,
      purpose: "reset_password",
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_PASSWORD_TTL_MS),
      createdAt: now,
    });
    await sendEmail(tx, {
      to: user.email,
      toName: displayNameOf(user),
      template: "reset-password",
      params: { name: displayNameOf(user), resetUrl: url(`/login/reset?token=${encodeURIComponent(token)}`) },
    });
  });
}

/** Set a new password from a reset link: the link is used up, every session ends. */
export async function resetPassword(ctx: Ctx, input: { token: string; password: string }, opts?: Opts): Promise<UserRow> {
  const now = nowIn(ctx, opts);
  await checkActionToken(ctx, input.token, "reset_password", { now });
  await assertPasswordPolicy(input.password);
  const passwordHash = await hashPassword(input.password);
  return transaction(ctx.db, async (tx) => {
    const token = await consumeActionToken(tx, input.token, ["reset_password"], now);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, token.userId))
      .returning();
    if (!user) throw new AppError("invalid-action-code", IDENTITY_ERROR_MESSAGES["invalid-action-code"], 400);
    await tx
      .update(verificationTokens)
      .set({ usedAt: now })
      .where(
        and(eq(verificationTokens.userId, user.id), eq(verificationTokens.purpose, "reset_password"), isNull(verificationTokens.usedAt)),
      );
    await revokeAllSessions(tx, user.id, undefined, now);
    await revokeRefreshTokensOfUser(tx, user.id, undefined, now);
    // Whoever followed the link controls the mailbox: the account's failed sign-ins are cleared.
    await recordAttempt(tx, { kind: "password-reset", emailNormalized: user.emailNormalized, ip: ipOf(ctx.actor), succeeded: true, now });
    await sendEmail(tx, {
      to: user.email,
      toName: displayNameOf(user),
      template: "password-changed",
      params: { name: displayNameOf(user) },
    });
    return user;
  });
}

// ---- signed-in user: recent login, sensitive changes ---------------------------------------

async function currentUser(ctx: Ctx): Promise<UserRow> {
  const actor = userActor(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw forbidden();
  return user;
}

/** Sensitive changes need a sign-in (or a "confirm it's you") within the last 5 minutes. */
export function assertRecentLogin(actor: Actor, now = new Date()): void {
  const authTime = actor.kind === "user" ? actor.authTime : undefined;
  if (!authTime || now.getTime() - authTime.getTime() > recentLoginMs()) {
    throw new AppError("requires-recent-login", IDENTITY_ERROR_MESSAGES["requires-recent-login"], 401);
  }
}

/** "Confirm it's you": checks the current password and moves the session's authTime to now. */
export async function reauthenticate(ctx: Ctx, input: { password: string }, opts?: Opts): Promise<Date> {
  const actor = userActor(ctx);
  const now = nowIn(ctx, opts);
  const user = await currentUser(ctx);
  if (!user.passwordHash)
    throw new AppError(
      "requires-recent-login",
      "Your account signs in through your identity provider: sign out and sign in again to confirm it's you.",
      401,
    );
  const ip = ipOf(actor);
  // Counted for this session only: a signed-in user's typos never slow down their other devices.
  const deviceId = `session:${actor.sessionId ?? "none"}`;
  await assertNotLocked(ctx.db, { emailNormalized: user.emailNormalized, ip, deviceId }, now);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordAttempt(ctx.db, { emailNormalized: user.emailNormalized, ip, deviceId, succeeded: false, now });
    throw new AppError("wrong-password", IDENTITY_ERROR_MESSAGES["wrong-password"], 401, "password");
  }
  await recordAttempt(ctx.db, { emailNormalized: user.emailNormalized, ip, deviceId, succeeded: true, now });
  if (actor.sessionId) await markRecentLogin(ctx.db, actor.sessionId, now);
  return now;
}

export async function changePassword(ctx: Ctx, input: { newPassword: string }, opts?: Opts): Promise<void> {
  const now = nowIn(ctx, opts);
  assertRecentLogin(ctx.actor, now);
  const actor = userActor(ctx);
  const user = await currentUser(ctx);
  await assertPasswordPolicy(input.newPassword, "newPassword");
  if (user.passwordHash && (await verifyPassword(user.passwordHash, input.newPassword))) {
    throw new AppError("weak-password", "Choose a password different from your current one.", 400, "newPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await transaction(ctx.db, async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    // Everywhere else is signed out; this device stays signed in.
    await revokeAllSessions(tx, user.id, actor.sessionId, now);
    await revokeRefreshTokensOfUser(tx, user.id, actor.sessionId, now);
    await sendEmail(tx, {
      to: user.email,
      toName: displayNameOf(user),
      template: "password-changed",
      params: { name: displayNameOf(user) },
    });
  });
}

/** Start a change of e-mail: a link goes to the new address; the change happens when it is followed. */
export async function requestEmailChange(ctx: Ctx, input: { newEmail: string }, opts?: Opts): Promise<void> {
  const now = nowIn(ctx, opts);
  assertRecentLogin(ctx.actor, now);
  const actor = userActor(ctx);
  const user = await currentUser(ctx);
  const newEmail = input.newEmail.trim();
  const newNormalized = normalizeEmail(newEmail);
  if (newNormalized === user.emailNormalized) throw new AppError("invalid-email", "This is already your e-mail address.", 400, "newEmail");
  const ip = ipOf(actor);
  await assertNotLocked(ctx.db, { ip }, now);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, newNormalized)).limit(1);
  if (taken) {
    await recordAttempt(ctx.db, { emailNormalized: probeKey(newNormalized), ip, succeeded: false, now });
    throw emailInUse("newEmail");
  }
  await transaction(ctx.db, async (tx) => {
    await tx
      .update(verificationTokens)
      .set({ usedAt: now })
      .where(
        and(eq(verificationTokens.userId, user.id), isNull(verificationTokens.usedAt), eq(verificationTokens.purpose, "change_email")),
      );
    await sendVerification(tx, user, now, newEmail);
  });
}

/** The new address of a change of e-mail waiting for its link to be followed, if any. */
export async function pendingEmailChange(ctx: Ctx, opts?: Opts): Promise<string | null> {
  const actor = userActor(ctx);
  const [row] = await ctx.db
    .select({ newEmail: verificationTokens.newEmail })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.userId, actor.userId),
        eq(verificationTokens.purpose, "change_email"),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, nowIn(ctx, opts)),
      ),
    )
    .orderBy(desc(verificationTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Delete the signed-in account for good (recent login and the typed word DELETE). */
export async function deleteAccount(ctx: Ctx, input: { confirmation: string }, opts?: Opts): Promise<void> {
  const now = nowIn(ctx, opts);
  assertRecentLogin(ctx.actor, now);
  const user = await currentUser(ctx);
  if (input.confirmation.trim() !== DELETE_CONFIRMATION)
    throw new AppError("confirmation", `Type ${DELETE_CONFIRMATION} to confirm.`, 400, "confirmation");
  try {
    await transaction(ctx.db, async (tx) => {
      await tx.delete(users).where(eq(users.id, user.id));
    });
  } catch (error) {
    if (sqlState(error) === "23503") {
      throw new AppError(
        "account-in-use",
        "Your account still has orders or stores that must be kept. Contact us and we will close it for you.",
        409,
      );
    }
    throw error;
  }
}

// ---- profile, sessions ---------------------------------------------------------------------

export async function getAccount(ctx: Ctx): Promise<UserRow> {
  return currentUser(ctx);
}

export async function updateProfile(ctx: Ctx, input: ProfileInput): Promise<UserRow> {
  const actor = userActor(ctx);
  const [user] = await ctx.db
    .update(users)
    .set({
      displayName: input.displayName,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(users.id, actor.userId))
    .returning();
  if (!user) throw forbidden();
  return user;
}

export async function saveTheme(ctx: Ctx, theme: string): Promise<void> {
  const actor = userActor(ctx);
  await ctx.db.update(users).set({ theme, updatedAt: ctx.clock.now() }).where(eq(users.id, actor.userId));
}

export async function listSessions(ctx: Ctx): Promise<(SessionRow & { current: boolean })[]> {
  const actor = userActor(ctx);
  const rows = await listActiveSessions(ctx.db, actor.userId, ctx.clock.now());
  return rows.map((s) => ({ ...s, current: s.id === actor.sessionId }));
}

/** Revoke every session of the user but this one (and their refresh tokens). */
export async function signOutOtherDevices(ctx: Ctx): Promise<number> {
  const actor = userActor(ctx);
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const n = await revokeAllSessions(tx, actor.userId, actor.sessionId, now);
    await revokeRefreshTokensOfUser(tx, actor.userId, actor.sessionId, now);
    return n;
  });
}

/** Sign-out: the session and its refresh tokens end. */
export async function signOut(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
  await revokeRefreshTokensOfSession(db, sessionId);
}
