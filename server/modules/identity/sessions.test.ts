import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEngine, useTestDatabase } from "../../../tests/support/db.ts";
import { writeGeneration } from "../../infra/db/index.ts";
import { sessions, users } from "./schema.ts";
import { SESSION_TTL_MS, SESSION_TOUCH_MS, createSession, resolveSession, revokeSession, sessionIdleMs } from "./sessions.ts";
import { signUp } from "./accounts.ts";

// The session lookup behind every signed-in request is kept until the next write on the embedded
// database (UntilWriteMemo). These tests pin down that nothing it keeps is ever stale.
const t = useTestDatabase();
let n = 0;

async function newSession() {
  const user = await signUp(t.ctx({ kind: "anonymous", ip: `198.19.0.${++n}` }), {
    displayName: "Session Person",
    email: `session-${n}-${Date.now()}@example.test`,
    password: "correct horse battery",
  });
  const session = await createSession(t.db, { userId: user.id, authTime: new Date() });
  return { user, session };
}

describe("resolving a session", () => {
  it.runIf(testEngine() === "pglite")("asks the database once until something writes", async () => {
    const { session } = await newSession();
    await resolveSession(t.db, session.id);
    const generation = writeGeneration(t.db);
    const first = await resolveSession(t.db, session.id);
    const second = await resolveSession(t.db, session.id);
    expect(writeGeneration(t.db)).toBe(generation);
    expect(second?.user).toBe(first?.user); // the same kept row, not a second query
  });

  it("refuses a revoked session at once", async () => {
    const { session } = await newSession();
    expect(await resolveSession(t.db, session.id)).not.toBeNull();
    await revokeSession(t.db, session.id);
    expect(await resolveSession(t.db, session.id)).toBeNull();
  });

  it("refuses a disabled user's session at once", async () => {
    const { user, session } = await newSession();
    expect(await resolveSession(t.db, session.id)).not.toBeNull();
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await resolveSession(t.db, session.id)).toBeNull();
  });

  it("shows a changed user at once (roles, name)", async () => {
    const { user, session } = await newSession();
    expect((await resolveSession(t.db, session.id))?.user.roles).toEqual(["shopper"]);
    await t.db
      .update(users)
      .set({ roles: sql`array['shopper','partner']::text[]`, displayName: "Renamed" })
      .where(eq(users.id, user.id));
    expect((await resolveSession(t.db, session.id))?.user).toMatchObject({ roles: ["shopper", "partner"], displayName: "Renamed" });
  });

  it("ends a session past its lifetime or idle timeout without any write", async () => {
    const { session } = await newSession();
    const start = session.lastSeenAt.getTime();
    expect(await resolveSession(t.db, session.id, new Date(start + 1_000))).not.toBeNull();
    expect(await resolveSession(t.db, session.id, new Date(start + sessionIdleMs() + 1))).toBeNull();
    expect(await resolveSession(t.db, session.id, new Date(start + SESSION_TTL_MS + 1))).toBeNull();
    // and an unknown id is simply unknown
    expect(await resolveSession(t.db, "ses_unknown")).toBeNull();
  });

  it("moves the idle timeout on, and a shared row cannot be changed by one request", async () => {
    const { session } = await newSession();
    const later = new Date(session.lastSeenAt.getTime() + SESSION_TOUCH_MS + 1_000);
    const touched = await resolveSession(t.db, session.id, later);
    expect(touched?.session.lastSeenAt.getTime()).toBe(later.getTime());
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.lastSeenAt.getTime()).toBe(later.getTime());

    const again = await resolveSession(t.db, session.id, later);
    expect(() => {
      (again!.user as { displayName: string }).displayName = "Mallory";
    }).toThrow(TypeError);
    expect((await resolveSession(t.db, session.id, later))?.user.displayName).toBe("Session Person");
  });
});
