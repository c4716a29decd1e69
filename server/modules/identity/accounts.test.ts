import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { manualClock } from "../../contracts/clock.ts";
import { AppError, type Actor } from "../../kernel/index.ts";
import { emailMessages } from "../notifications/schema.ts";
import {
  changePassword,
  deleteAccount,
  recentLoginMs,
  reauthenticate,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signInWithPassword,
  listSessions,
  signOutOtherDevices,
  signUp,
  verifyEmailToken,
  checkActionToken,
  RESET_PASSWORD_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
} from "./accounts.ts";
import { sessions, users, verificationTokens } from "./schema.ts";
import { createSession, resolveSession, sessionIdleMs } from "./sessions.ts";

const t = useTestDatabase();
const PASSWORD = "correct horse battery";
let n = 0;
const freshEmail = (tag: string) => `${tag}-${++n}-${Date.now()}@example.test`;
const anon = (ip = "203.0.113.9"): Actor => ({ kind: "anonymous", ip });

async function codeOf(p: Promise<unknown>): Promise<{ code: string; status: number; message: string; field?: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, status: e.status, message: e.message, field: e.field };
    throw e;
  }
  throw new Error("expected a refusal");
}

async function lastMail(to: string, template: string) {
  const [row] = await t.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, to), eq(emailMessages.template, template)))
    .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(1);
  return row;
}
const tokenOf = (link: unknown) => new URL(String(link)).searchParams.get("token")!;

// Each new account from an address of its own (sign-ups are limited per address, tested below).
let ips = 0;
const uniqueIp = () => `198.18.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

async function newAccount(tag: string, ip = uniqueIp()) {
  const email = freshEmail(tag);
  const user = await signUp(t.ctx(anon(ip)), { displayName: "Test Person", email, password: PASSWORD });
  return { email, user };
}

async function signedIn(userId: string, authTime = new Date()) {
  const session = await createSession(t.db, { userId, authTime });
  const actor: Actor = { kind: "user", userId, roles: ["shopper"], sessionId: session.id, authTime, ip: "203.0.113.9" };
  return { session, ctx: t.ctx(actor) };
}

describe("sign-up and sign-in", () => {
  it("creates a shopper, sends the verification e-mail and signs in", async () => {
    const { email, user } = await newAccount("signup");
    expect(user.roles).toEqual(["shopper"]);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.emailVerifiedAt).toBeNull();
    const mail = await lastMail(email, "verify-email");
    expect(String(mail?.params.verifyUrl)).toMatch(/\/login\/verify\?token=/);
    const signedInUser = await signInWithPassword(t.ctx(anon()), { email: email.toUpperCase(), password: PASSWORD });
    expect(signedInUser.id).toBe(user.id);
  });

  it("refuses a taken e-mail, a weak and a common password", async () => {
    const { email } = await newAccount("dup");
    expect(await codeOf(signUp(t.ctx(anon()), { displayName: "X", email: ` ${email.toUpperCase()} `, password: PASSWORD }))).toMatchObject({
      code: "email-already-in-use",
      status: 409,
      field: "email",
    });
    expect(await codeOf(signUp(t.ctx(anon()), { displayName: "X", email: freshEmail("weak"), password: "short" }))).toMatchObject({
      code: "weak-password",
      status: 400,
    });
    expect(await codeOf(signUp(t.ctx(anon()), { displayName: "X", email: freshEmail("weak"), password: "password123" }))).toMatchObject({
      code: "weak-password",
    });
  });

  it("answers invalid-credential alike for an unknown e-mail and a wrong password", async () => {
    const { email } = await newAccount("enum");
    const unknown = await codeOf(signInWithPassword(t.ctx(anon("198.51.100.1")), { email: freshEmail("nobody"), password: PASSWORD }));
    const wrong = await codeOf(signInWithPassword(t.ctx(anon("198.51.100.1")), { email, password: "not the password" }));
    expect(unknown).toEqual(wrong);
    expect(wrong).toMatchObject({ code: "invalid-credential", status: 401, message: "The e-mail or password is incorrect." });
  });

  it("5 failures from unknown devices make unknown devices wait 1, 2, 4, 8, then 15 minutes, even with the right password", async () => {
    const { email } = await newAccount("lock", "192.0.2.10");
    const t0 = Date.now();
    const at = (minutes: number, seconds = 0) => ({ now: new Date(t0 + minutes * 60_000 + seconds * 1000) });
    const fail = (ip: string, when: { now: Date }) =>
      codeOf(signInWithPassword(t.ctx(anon(ip)), { email, password: "wrong password!" }, when));
    for (let i = 0; i < 5; i++) expect((await fail(`192.0.2.${20 + i}`, at(0))).code).toBe("invalid-credential");
    const locked = await codeOf(signInWithPassword(t.ctx(anon("192.0.2.99")), { email, password: PASSWORD }, at(0, 1)));
    expect(locked).toMatchObject({
      code: "too-many-requests",
      status: 429,
      message: "Too many attempts. Try again in 1 minute. If this is your account, reset your password to sign in right away.",
    });
    // Progressive: each failure after the wait doubles it (counted over 15 minutes).
    expect((await fail("192.0.2.30", at(1, 1))).code).toBe("invalid-credential");
    expect((await codeOf(signInWithPassword(t.ctx(anon("192.0.2.99")), { email, password: PASSWORD }, at(1, 2)))).message).toMatch(
      /^Too many attempts\. Try again in 2 minutes\./,
    );
    expect((await fail("192.0.2.31", at(3, 2))).code).toBe("invalid-credential");
    expect((await codeOf(signInWithPassword(t.ctx(anon("192.0.2.99")), { email, password: PASSWORD }, at(3, 3)))).message).toMatch(
      /Try again in 4 minutes\./,
    );
    // Waiting it out works; a success clears the count.
    await expect(signInWithPassword(t.ctx(anon("192.0.2.99")), { email, password: PASSWORD }, at(7, 4))).resolves.toBeTruthy();
    expect((await fail("192.0.2.32", at(7, 5))).code).toBe("invalid-credential");
    await expect(signInWithPassword(t.ctx(anon("192.0.2.99")), { email, password: PASSWORD }, at(7, 6))).resolves.toBeTruthy();
  });

  it("the sign-in wait follows the context's clock: it elapses without sleeping", async () => {
    const clock = manualClock(new Date(Date.now() + 30 * 86_400_000)); // a month on: no failures of other tests count
    const at = (ip: string) => t.ctx(anon(ip), { clock });
    const { email, user } = await newAccount("clock-lock", "192.0.2.110");
    for (let i = 0; i < 5; i++)
      expect((await codeOf(signInWithPassword(at(`192.0.2.${120 + i}`), { email, password: "wrong password!" }))).code).toBe(
        "invalid-credential",
      );
    expect((await codeOf(signInWithPassword(at("192.0.2.199"), { email, password: PASSWORD }))).message).toMatch(
      /^Too many attempts\. Try again in 1 minute\./,
    );
    clock.advance(61_000);
    const signedInUser = await signInWithPassword(at("192.0.2.199"), { email, password: PASSWORD });
    expect(signedInUser.id).toBe(user.id);
    expect(signedInUser.lastSignInAt?.getTime()).toBe(clock.now().getTime());
  });

  it("a new account is stamped with the context's clock", async () => {
    const clock = manualClock("2031-05-01T08:00:00Z");
    const user = await signUp(t.ctx(anon(uniqueIp()), { clock }), {
      displayName: "Clock Person",
      email: freshEmail("clock"),
      password: PASSWORD,
    });
    expect(user.createdAt.toISOString()).toBe("2031-05-01T08:00:00.000Z");
    expect(user.passwordChangedAt?.toISOString()).toBe("2031-05-01T08:00:00.000Z");
  });

  it("strangers' failures never lock out a device that signed in before, an admin's included", async () => {
    const { email, user } = await newAccount("known-device", "192.0.2.60");
    await t.db
      .update(users)
      .set({ roles: ["admin", "shopper"] })
      .where(eq(users.id, user.id));
    // The owner's browser signed in once: it holds a device id (the signed device cookie).
    await signInWithPassword(t.ctx(anon("192.0.2.61")), { email, password: PASSWORD }, { deviceId: "owner-laptop" });
    // A stranger fails again and again, from many addresses and unknown devices.
    for (let i = 0; i < 12; i++)
      await codeOf(signInWithPassword(t.ctx(anon(`198.51.100.${100 + i}`)), { email, password: `guess ${i}` }, { deviceId: null }));
    expect((await codeOf(signInWithPassword(t.ctx(anon("198.51.100.200")), { email, password: PASSWORD }))).code).toBe("too-many-requests");
    // The owner's device is not slowed down.
    await expect(
      signInWithPassword(t.ctx(anon("192.0.2.61")), { email, password: PASSWORD }, { deviceId: "owner-laptop" }),
    ).resolves.toMatchObject({
      id: user.id,
    });
    // A known device's own failures slow down that device only (a stolen device cookie cannot guess on).
    for (let i = 0; i < 5; i++)
      await codeOf(signInWithPassword(t.ctx(anon("192.0.2.62")), { email, password: `typo ${i}` }, { deviceId: "owner-phone" }));
    expect(
      (await codeOf(signInWithPassword(t.ctx(anon("192.0.2.62")), { email, password: PASSWORD }, { deviceId: "owner-phone" }))).code,
    ).toBe("too-many-requests");
    await expect(
      signInWithPassword(t.ctx(anon("192.0.2.61")), { email, password: PASSWORD }, { deviceId: "owner-laptop" }),
    ).resolves.toBeTruthy();
  });

  it("a password reset clears the account's failures", async () => {
    const { email } = await newAccount("reset-unlocks", "192.0.2.70");
    // (attempts during a wait are refused without counting, so the stranger cannot pile them up)
    for (let i = 0; i < 9; i++) await codeOf(signInWithPassword(t.ctx(anon(`198.51.100.${10 + i}`)), { email, password: `guess ${i}` }));
    expect((await codeOf(signInWithPassword(t.ctx(anon("192.0.2.71")), { email, password: PASSWORD }))).message).toMatch(
      /Try again in 1 minute\./,
    );
    await requestPasswordReset(t.ctx(anon("192.0.2.71")), { email });
    const token = tokenOf((await lastMail(email, "reset-password"))!.params.resetUrl);
    await resetPassword(t.ctx(anon("192.0.2.71")), { token, password: "a fresh passphrase now" });
    await expect(signInWithPassword(t.ctx(anon("192.0.2.71")), { email, password: "a fresh passphrase now" })).resolves.toBeTruthy();
  });

  it("limits new accounts per client address to AUTH_MAX_SIGNUPS_PER_IP (10) an hour", async () => {
    const ip = "192.0.2.230";
    const now = new Date();
    for (let i = 0; i < 10; i++)
      await signUp(
        t.ctx(anon(ip)),
        { displayName: "Bulk", email: freshEmail("bulk"), password: PASSWORD },
        { now: new Date(now.getTime() + i * 1000) },
      );
    const refused = await codeOf(
      signUp(
        t.ctx(anon(ip)),
        { displayName: "Bulk", email: freshEmail("bulk"), password: PASSWORD },
        { now: new Date(now.getTime() + 20_000) },
      ),
    );
    expect(refused).toMatchObject({ code: "too-many-requests", status: 429 });
    expect(refused.message).toMatch(/^Too many accounts have been created from your network in the last hour\. Try again in 60 minutes\.$/);
    // another address, or an hour later
    await expect(
      signUp(t.ctx(anon("192.0.2.231")), { displayName: "Other", email: freshEmail("bulk"), password: PASSWORD }),
    ).resolves.toBeTruthy();
    await expect(
      signUp(
        t.ctx(anon(ip)),
        { displayName: "Later", email: freshEmail("bulk"), password: PASSWORD },
        { now: new Date(now.getTime() + 61 * 60_000) },
      ),
    ).resolves.toBeTruthy();
  });

  it("a successful sign-in resets the account's counter", async () => {
    const { email } = await newAccount("reset-counter", "192.0.2.50");
    for (let i = 0; i < 4; i++) await codeOf(signInWithPassword(t.ctx(anon("192.0.2.51")), { email, password: "wrong password!" }));
    await signInWithPassword(t.ctx(anon("192.0.2.51")), { email, password: PASSWORD });
    // a second address, so that the per-address limit (5) is not what is being tested
    for (let i = 0; i < 4; i++) await codeOf(signInWithPassword(t.ctx(anon("192.0.2.52")), { email, password: "wrong password!" }));
    await expect(signInWithPassword(t.ctx(anon("192.0.2.52")), { email, password: PASSWORD })).resolves.toBeTruthy();
  });

  it("locks a client address after AUTH_MAX_FAILURES_PER_IP (5) failures over any accounts", async () => {
    const ip = "192.0.2.200";
    const { email } = await newAccount("ip-lock", "192.0.2.201");
    for (let i = 0; i < 5; i++) await codeOf(signInWithPassword(t.ctx(anon(ip)), { email: freshEmail("ghost"), password: "whatever123" }));
    expect((await codeOf(signInWithPassword(t.ctx(anon(ip)), { email, password: PASSWORD }))).code).toBe("too-many-requests");
    await expect(signInWithPassword(t.ctx(anon("192.0.2.202")), { email, password: PASSWORD })).resolves.toBeTruthy();
  });

  it("a disabled user gets user-disabled with the right password, invalid-credential with a wrong one", async () => {
    const { email, user } = await newAccount("disabled");
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await codeOf(signInWithPassword(t.ctx(anon("192.0.2.77")), { email, password: PASSWORD }))).toMatchObject({
      code: "user-disabled",
      status: 403,
    });
    expect((await codeOf(signInWithPassword(t.ctx(anon("192.0.2.77")), { email, password: "wrong password!" }))).code).toBe(
      "invalid-credential",
    );
  });
});

describe("e-mail verification and password reset", () => {
  it("verifies the address once with the link from the sign-up e-mail", async () => {
    const { email, user } = await newAccount("verify");
    const token = tokenOf((await lastMail(email, "verify-email"))!.params.verifyUrl);
    expect(await verifyEmailToken(t.ctx(anon()), token)).toMatchObject({ purpose: "verify_email", userId: user.id });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await codeOf(verifyEmailToken(t.ctx(anon()), token))).code).toBe("invalid-action-code");
    expect((await codeOf(verifyEmailToken(t.ctx(anon()), "not-a-real-token-at-all"))).code).toBe("invalid-action-code");
    expect((await codeOf(resendVerification((await signedIn(user.id)).ctx))).message).toMatch(/already verified/);
  });

  it("a link's life follows the context's clock: live until its expiry, refused after it", async () => {
    const clock = manualClock(Date.now());
    const { user } = await newAccount("clocked");
    const verify = tokenOf((await lastMail(user.email, "verify-email"))!.params.verifyUrl);
    // A reset link issued at the clock's time...
    await requestPasswordReset(t.ctx(anon(uniqueIp()), { clock }), { email: user.email });
    const link = tokenOf((await lastMail(user.email, "reset-password"))!.params.resetUrl);
    const later = t.ctx(anon(), { clock });
    await expect(checkActionToken(later, link, "reset_password")).resolves.toBeUndefined();
    clock.advance(RESET_PASSWORD_TTL_MS - 1000);
    await expect(checkActionToken(later, link, "reset_password")).resolves.toBeUndefined();
    clock.advance(2000);
    expect((await codeOf(checkActionToken(later, link, "reset_password"))).code).toBe("expired-action-code");
    // ...and the sign-up's verification link, followed once its 48 hours are over.
    clock.advance(VERIFY_EMAIL_TTL_MS + 60_000);
    expect((await codeOf(verifyEmailToken(t.ctx(anon(), { clock }), verify))).code).toBe("expired-action-code");
  });

  it("resend is limited to one a minute", async () => {
    const { user } = await newAccount("resend");
    const { ctx } = await signedIn(user.id);
    const later = new Date(Date.now() + 2 * 60 * 1000);
    await resendVerification(ctx, { now: later });
    expect((await codeOf(resendVerification(ctx, { now: new Date(later.getTime() + 1000) }))).code).toBe("too-many-requests");
  });

  it("stores only a hash, answers the same for unknown addresses, and resets once within an hour", async () => {
    const { email, user } = await newAccount("reset");
    const before = await t.db.select().from(emailMessages);
    await requestPasswordReset(t.ctx(anon()), { email: freshEmail("unknown") });
    expect((await t.db.select().from(emailMessages)).length).toBe(before.length);

    await requestPasswordReset(t.ctx(anon()), { email });
    const token = tokenOf((await lastMail(email, "reset-password"))!.params.resetUrl);
    const rows = await t.db
      .select({ tokenHash: verificationTokens.tokenHash })
      .from(verificationTokens)
      .where(eq(verificationTokens.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);

    const { session } = await signedIn(user.id);
    expect((await codeOf(resetPassword(t.ctx(anon()), { token, password: "short" }))).code).toBe("weak-password");
    expect(
      (
        await codeOf(
          resetPassword(t.ctx(anon()), { token, password: "a brand new passphrase" }, { now: new Date(Date.now() + 61 * 60 * 1000) }),
        )
      ).code,
    ).toBe("expired-action-code");
    await resetPassword(t.ctx(anon()), { token, password: "a brand new passphrase" });
    expect(await resolveSession(t.db, session.id)).toBeNull();
    expect(await lastMail(email, "password-changed")).toBeTruthy();
    await expect(signInWithPassword(t.ctx(anon("192.0.2.140")), { email, password: "a brand new passphrase" })).resolves.toBeTruthy();
    expect((await codeOf(resetPassword(t.ctx(anon()), { token, password: "another new passphrase" }))).code).toBe("invalid-action-code");
  });
});

describe("signed-in changes", () => {
  it("needs a recent login; confirm it's you refreshes authTime", async () => {
    const { user } = await newAccount("recent");
    const old = new Date(Date.now() - 6 * 60 * 1000);
    const { session, ctx } = await signedIn(user.id, old);
    expect(await codeOf(changePassword(ctx, { newPassword: "fresh passphrase here" }))).toMatchObject({
      code: "requires-recent-login",
      status: 401,
    });
    expect(await codeOf(reauthenticate(ctx, { password: "not my password" }))).toMatchObject({ code: "wrong-password", field: "password" });
    const at = await reauthenticate(ctx, { password: PASSWORD });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.authTime.getTime()).toBe(at.getTime());
    const fresh = t.ctx({ ...ctx.actor, authTime: row!.authTime } as Actor);
    await changePassword(fresh, { newPassword: "fresh passphrase here" });
  });

  it("the recent-login window follows the context's clock: it closes, confirm it's you reopens it, and it closes again", async () => {
    // What the account journey showed by sleeping past the window, with a clock that moves.
    const { user } = await newAccount("window");
    const clock = manualClock("2026-04-01T09:00:00Z");
    const session = await createSession(t.db, { userId: user.id, authTime: clock.now() });
    const actorAt = (authTime: Date): Actor => ({ kind: "user", userId: user.id, roles: ["shopper"], sessionId: session.id, authTime });
    const ctxAt = (authTime: Date) => t.ctx(actorAt(authTime), { clock });
    const signedInAt = clock.now();

    clock.advance(recentLoginMs() + 1000);
    for (const change of [
      changePassword(ctxAt(signedInAt), { newPassword: "fresh passphrase here" }),
      requestEmailChange(ctxAt(signedInAt), { newEmail: freshEmail("late") }),
      deleteAccount(ctxAt(signedInAt), { confirmation: "DELETE" }),
    ])
      expect(await codeOf(change)).toMatchObject({ code: "requires-recent-login", status: 401 });

    const confirmedAt = await reauthenticate(ctxAt(signedInAt), { password: PASSWORD });
    expect(confirmedAt.toISOString()).toBe(clock.now().toISOString());
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.authTime.toISOString()).toBe(confirmedAt.toISOString());

    clock.advance(recentLoginMs() - 1000);
    await changePassword(ctxAt(row!.authTime), { newPassword: "fresh passphrase here" });

    clock.advance(2000);
    expect(await codeOf(changePassword(ctxAt(row!.authTime), { newPassword: "another passphrase here" }))).toMatchObject({
      code: "requires-recent-login",
    });
  });

  it("changing the password signs out other devices and keeps this one", async () => {
    const { email, user } = await newAccount("chpw");
    const other = await signedIn(user.id);
    const here = await signedIn(user.id);
    expect((await codeOf(changePassword(here.ctx, { newPassword: PASSWORD }))).message).toMatch(/different/);
    await changePassword(here.ctx, { newPassword: "my new passphrase" });
    expect(await resolveSession(t.db, other.session.id)).toBeNull();
    expect(await resolveSession(t.db, here.session.id)).not.toBeNull();
    expect(await lastMail(email, "password-changed")).toBeTruthy();
    expect((await codeOf(signInWithPassword(t.ctx(anon("192.0.2.150")), { email, password: PASSWORD }))).code).toBe("invalid-credential");
  });

  it("changes the e-mail through a link sent to the new address", async () => {
    const { email, user } = await newAccount("chmail");
    const { email: takenEmail } = await newAccount("taken");
    const stale = await signedIn(user.id, new Date(Date.now() - 10 * 60 * 1000));
    expect((await codeOf(requestEmailChange(stale.ctx, { newEmail: freshEmail("x") }))).code).toBe("requires-recent-login");
    const { ctx } = await signedIn(user.id);
    expect(await codeOf(requestEmailChange(ctx, { newEmail: takenEmail.toUpperCase() }))).toMatchObject({
      code: "email-already-in-use",
      field: "newEmail",
    });
    const newEmail = freshEmail("new");
    await requestEmailChange(ctx, { newEmail });
    const link = (await lastMail(newEmail, "verify-email"))!.params.verifyUrl;
    expect(await verifyEmailToken(t.ctx(anon()), tokenOf(link))).toMatchObject({ purpose: "change_email", email: newEmail });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(newEmail);
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await lastMail(email, "email-changed"))?.params.newEmail).toBe(newEmail);
  });

  it("a session idle past the timeout on the context's clock leaves the active sessions", async () => {
    const { user } = await newAccount("idle");
    const { session } = await signedIn(user.id);
    const clock = manualClock();
    clock.set(session.lastSeenAt.getTime() + sessionIdleMs() - 60_000);
    const actor: Actor = { kind: "user", userId: user.id, roles: ["shopper"], sessionId: session.id, authTime: session.authTime };
    expect((await listSessions(t.ctx(actor, { clock }))).map((s) => s.id)).toEqual([session.id]);
    clock.advance(2 * 60_000);
    expect(await listSessions(t.ctx(actor, { clock }))).toEqual([]);
  });

  it("signs out other devices", async () => {
    const { user } = await newAccount("others");
    const a = await signedIn(user.id);
    const b = await signedIn(user.id);
    expect(await signOutOtherDevices(b.ctx)).toBe(1);
    expect(await resolveSession(t.db, a.session.id)).toBeNull();
    expect(await resolveSession(t.db, b.session.id)).not.toBeNull();
  });

  it("deletes the account with a recent login and the typed confirmation", async () => {
    const { user } = await newAccount("delete");
    const stale = await signedIn(user.id, new Date(Date.now() - 10 * 60 * 1000));
    expect((await codeOf(deleteAccount(stale.ctx, { confirmation: "DELETE" }))).code).toBe("requires-recent-login");
    const { ctx } = await signedIn(user.id);
    expect(await codeOf(deleteAccount(ctx, { confirmation: "delete me" }))).toMatchObject({ field: "confirmation", status: 400 });
    await deleteAccount(ctx, { confirmation: "DELETE" });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});
