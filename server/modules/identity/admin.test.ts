import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { newId } from "../../infra/db/index.ts";
import { AppError, type Actor } from "../../kernel/index.ts";
import { listAudit } from "../platform/index.ts";
import { createUser, findUserByUid, searchUsers, setUserDisabled, setUserRoles, userCounts, userEmails } from "./admin.ts";
import { refreshTokens, users, type Role } from "./schema.ts";
import { createSession, resolveSession } from "./sessions.ts";

const t = useTestDatabase();

async function makeUser(email: string, roles: Role[], extra: Partial<typeof users.$inferInsert> = {}) {
  const id = newId("usr");
  await t.db
    .insert(users)
    .values({ id, email, emailNormalized: email.toLowerCase(), roles, firstName: "Test", lastName: email.split("@")[0]!, ...extra });
  return id;
}
const actorFor = (userId: string, roles: Role[]): Actor => ({ kind: "user", userId, roles });

let adminId: string;
let admin: Actor;
let shopperId: string;

beforeEach(async () => {
  await t.db.delete(users);
  adminId = await makeUser("boss@example.test", ["admin", "shopper"]);
  admin = actorFor(adminId, ["admin", "shopper"]);
  shopperId = await makeUser("Shopper.One@example.test", ["shopper"]);
});

describe("findUserByUid", () => {
  it("returns the user's card for an admin", async () => {
    const u = await findUserByUid(t.ctx(admin), shopperId);
    expect(u).toMatchObject({
      uid: shopperId,
      email: "Shopper.One@example.test",
      roles: ["shopper"],
      emailVerified: false,
      disabledAt: null,
      activeSessions: 0,
    });
  });

  it("gives user-not-found (404, on the uid field) for a malformed or unknown uid", async () => {
    for (const uid of ["nope", "usr_", "", `usr_${"0".repeat(26)}`, `${shopperId}x`]) {
      const e = await findUserByUid(t.ctx(admin), uid).catch((err: unknown) => err);
      expect(e, uid).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ code: "user-not-found", status: 404, field: "uid" });
    }
    const unknown = (await findUserByUid(t.ctx(admin), `usr_${"0".repeat(26)}`).catch((err: unknown) => err)) as AppError;
    expect(unknown.message).toMatch(/No user has the uid/);
    const malformed = (await findUserByUid(t.ctx(admin), "hello").catch((err: unknown) => err)) as AppError;
    expect(malformed.message).toMatch(/not a valid uid/);
  });

  it("is for admins only", async () => {
    await expect(findUserByUid(t.ctx(actorFor(shopperId, ["shopper"])), adminId)).rejects.toMatchObject({ status: 403 });
  });
});

describe("setUserRoles", () => {
  it("sets roles and writes an audit entry with before and after", async () => {
    const { user, changed } = await setUserRoles(t.ctx(admin), shopperId, ["shopper", "partner"]);
    expect(changed).toBe(true);
    expect(user.roles).toEqual(["partner", "shopper"]);
    const [row] = await t.db.select().from(users).where(eq(users.id, shopperId));
    expect(row!.roles).toEqual(["partner", "shopper"]);
    const audit = await listAudit(t.ctx(admin), { targetType: "user", targetId: shopperId });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "user.roles.set",
      actorId: adminId,
      data: { before: ["shopper"], after: ["partner", "shopper"], added: ["partner"], removed: [] },
    });

    // The same roles again: no change, no new audit entry.
    expect((await setUserRoles(t.ctx(admin), shopperId, ["partner", "shopper"])).changed).toBe(false);
    expect(await listAudit(t.ctx(admin), { targetId: shopperId })).toHaveLength(1);
  });

  it("refuses to remove the last admin, including an admin demoting themself", async () => {
    const e = await setUserRoles(t.ctx(admin), adminId, ["shopper"]).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: "last-admin", status: 409, message: "At least one admin must remain.", field: "roles" });
    const [row] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(row!.roles).toEqual(["admin", "shopper"]);
    expect(await listAudit(t.ctx(admin), { targetId: adminId })).toHaveLength(0);

    // A disabled admin does not count as a remaining admin.
    const other = await makeUser("other-admin@example.test", ["admin"], { disabledAt: new Date(), disabledReason: "left" });
    await expect(setUserRoles(t.ctx(admin), adminId, ["shopper"])).rejects.toMatchObject({ code: "last-admin" });

    // With a second active admin, the first may step down.
    await setUserDisabled(t.ctx(admin), other, false, "back");
    const { user } = await setUserRoles(t.ctx(admin), adminId, ["shopper"]);
    expect(user.roles).toEqual(["shopper"]);
  });

  it("refuses non-admins, unknown roles and an empty role list", async () => {
    await expect(setUserRoles(t.ctx(actorFor(shopperId, ["shopper"])), shopperId, ["admin"])).rejects.toMatchObject({ status: 403 });
    await expect(setUserRoles(t.ctx(admin), shopperId, ["superuser"])).rejects.toMatchObject({ status: 400, field: "roles" });
    await expect(setUserRoles(t.ctx(admin), shopperId, [])).rejects.toMatchObject({
      status: 400,
      field: "roles",
      message: "Choose at least one role.",
    });
    await expect(setUserRoles(t.ctx(admin), "usr_bogus", ["shopper"])).rejects.toMatchObject({ code: "user-not-found", status: 404 });
    const [row] = await t.db.select().from(users).where(eq(users.id, shopperId));
    expect(row!.roles).toEqual(["shopper"]);
  });
});

describe("setUserDisabled", () => {
  it("ends the user's sessions and revokes refresh tokens; enabling lets them sign in again", async () => {
    const s1 = await createSession(t.db, { userId: shopperId, authTime: new Date() });
    const s2 = await createSession(t.db, { userId: shopperId, authTime: new Date() });
    await t.db.insert(refreshTokens).values({
      id: newId("rtk"),
      userId: shopperId,
      tokenHash: `hash-${shopperId}`,
      familyId: "fam-1",
      authTime: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(await resolveSession(t.db, s1.id)).not.toBeNull();

    const res = await setUserDisabled(t.ctx(admin), shopperId, true, "Chargeback fraud");
    expect(res).toMatchObject({ changed: true, sessionsRevoked: 2 });
    expect(res.user.disabledReason).toBe("Chargeback fraud");
    expect(res.user.activeSessions).toBe(0);
    expect(await resolveSession(t.db, s1.id)).toBeNull();
    expect(await resolveSession(t.db, s2.id)).toBeNull();
    const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, shopperId));
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);
    const audit = await listAudit(t.ctx(admin), { targetId: shopperId });
    expect(audit[0]).toMatchObject({ action: "user.disabled", data: { reason: "Chargeback fraud", sessionsRevoked: 2 } });

    const enabled = await setUserDisabled(t.ctx(admin), shopperId, false, "");
    expect(enabled.user.disabledAt).toBeNull();
    const s3 = await createSession(t.db, { userId: shopperId, authTime: new Date() });
    expect(await resolveSession(t.db, s3.id)).not.toBeNull();
    expect((await listAudit(t.ctx(admin), { targetId: shopperId }))[0]!.action).toBe("user.enabled");
  });

  it("refuses to disable yourself or the last active admin, and needs a reason", async () => {
    await expect(setUserDisabled(t.ctx(admin), adminId, true, "testing")).rejects.toMatchObject({
      code: "cannot-disable-self",
      status: 409,
    });
    // Another admin (not the last one) trying to disable the only other active admin.
    const second = await makeUser("second@example.test", ["admin"], { disabledAt: new Date() });
    await expect(setUserDisabled(t.ctx(actorFor(second, ["admin"])), adminId, true, "testing")).rejects.toMatchObject({
      code: "last-admin",
      status: 409,
    });
    await expect(setUserDisabled(t.ctx(admin), shopperId, true, "")).rejects.toMatchObject({ status: 400, field: "reason" });
    await expect(setUserDisabled(t.ctx(actorFor(shopperId, ["shopper"])), shopperId, true, "because")).rejects.toMatchObject({
      status: 403,
    });
    const rows = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(rows[0]!.disabledAt).toBeNull();
  });
});

describe("searchUsers and counts", () => {
  it("finds users by e-mail prefix (case-insensitive) or uid", async () => {
    await makeUser("shopper.two@example.test", ["shopper"]);
    const hits = await searchUsers(t.ctx(admin), "SHOPPER.");
    expect(hits.map((h) => h.email)).toEqual(["Shopper.One@example.test", "shopper.two@example.test"]);
    expect((await searchUsers(t.ctx(admin), shopperId)).map((h) => h.uid)).toEqual([shopperId]);
    expect(await searchUsers(t.ctx(admin), "%")).toEqual([]);
    expect(await searchUsers(t.ctx(admin), "  ")).toEqual([]);
    await expect(searchUsers(t.ctx(actorFor(shopperId, ["shopper"])), "s")).rejects.toMatchObject({ status: 403 });
  });

  it("counts users by role, new this week and disabled", async () => {
    await makeUser("old@example.test", ["partner", "shopper"], {
      createdAt: new Date(Date.now() - 30 * 86_400_000),
      disabledAt: new Date(),
    });
    const c = await userCounts(t.ctx(admin));
    expect(c).toEqual({ total: 3, newLast7Days: 2, disabled: 1, byRole: { admin: 1, partner: 1, fulfiller: 0, shopper: 3 } });
    expect(await userEmails(t.ctx(admin), [adminId, "usr_missing"])).toEqual({ [adminId]: "boss@example.test" });
  });
});

describe("createUser", () => {
  it("makes an account without a password for an admin, and refuses others and a used address", async () => {
    const shopper = actorFor(shopperId, ["shopper"]);
    await expect(createUser(t.ctx(shopper), { email: "new@example.test", displayName: "New", roles: ["shopper"] })).rejects.toMatchObject({
      status: 403,
    });
    const made = await createUser(t.ctx(admin), { email: " New.Person@example.test ", displayName: "New", roles: ["partner", "shopper"] });
    expect(made).toMatchObject({
      email: "New.Person@example.test",
      emailNormalized: "new.person@example.test",
      roles: ["partner", "shopper"],
    });
    expect(made.passwordHash).toBeNull();
    expect(made.emailVerifiedAt).not.toBeNull();
    await expect(
      createUser(t.ctx(admin), { email: "new.person@EXAMPLE.test", displayName: "Again", roles: ["shopper"] }),
    ).rejects.toMatchObject({ status: 409, field: "email" });
    await expect(createUser(t.ctx(admin), { email: "x@example.test", displayName: "X", roles: [] })).rejects.toMatchObject({
      status: 400,
      field: "roles",
    });
  });
});
