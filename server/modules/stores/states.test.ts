// The stores module's transition tables, each tried exhaustively: every allowed move writes the
// new state and records who, when and why; every other move is refused with a 409
// (IllegalTransitionError) and writes nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { manualClock } from "../../contracts/clock.ts";
import { newId } from "../../infra/db/index.ts";
import { IllegalTransitionError, stateHistory } from "../../kernel/index.ts";
import { partnerApplications, storeMembers, stores } from "./schema.ts";
import { applicationMachine, memberMachine, storeMachine } from "./states.ts";
import { APPLICATION_STATUSES, MEMBER_STATUSES, STORE_STATUSES } from "./types.ts";

const t = useTestDatabase();
const clock = manualClock("2026-05-04T09:00:00Z");
const admin = () => t.ctx({ kind: "user", userId: "usr_admin", roles: ["admin"] }, { clock });
let n = 0;
const handle = () => `state-test-${++n}`;

async function newStore(status: (typeof STORE_STATUSES)[number] = "active"): Promise<string> {
  const id = newId("sto");
  await t.db.insert(stores).values({ id, handle: handle(), name: "State test", ownerUserId: "usr_owner", status });
  return id;
}

const cases = [
  {
    machine: storeMachine,
    states: STORE_STATUSES,
    create: (status: string) => newStore(status as never),
    read: async (id: string) => (await t.db.select({ s: stores.status }).from(stores).where(eq(stores.id, id)))[0]!.s as string,
  },
  {
    machine: applicationMachine,
    states: APPLICATION_STATUSES,
    create: async (status: string) => {
      const id = newId("papp");
      await t.db
        .insert(partnerApplications)
        .values({ id, userId: "usr_applicant", storeName: "S", handle: handle(), acceptedTermsAt: new Date(), status: status as never });
      return id;
    },
    read: async (id: string) =>
      (await t.db.select({ s: partnerApplications.status }).from(partnerApplications).where(eq(partnerApplications.id, id)))[0]!
        .s as string,
  },
  {
    machine: memberMachine,
    states: MEMBER_STATUSES,
    create: async (status: string) => {
      const id = newId("smb");
      await t.db.insert(storeMembers).values({ id, storeId: await newStore(), email: `${handle()}@example.com`, status: status as never });
      return id;
    },
    read: async (id: string) =>
      (await t.db.select({ s: storeMembers.status }).from(storeMembers).where(eq(storeMembers.id, id)))[0]!.s as string,
  },
] as const;

describe.each(cases.map((c) => [c.machine.entity, c] as const))("the %s table", (_entity, c) => {
  const machine = c.machine as unknown as {
    entity: string;
    can(from: string, to: string): boolean;
    transition(ctx: ReturnType<typeof admin>, id: string, to: string, o?: { reason?: string }): Promise<{ from: string; to: string }>;
  };
  const pairs = c.states.flatMap((from) => c.states.map((to) => [from, to] as const));

  it.each(pairs.filter(([from, to]) => machine.can(from, to)))(
    "%s -> %s writes the state and records who, when and why",
    async (from, to) => {
      const id = await c.create(from);
      clock.advance(60_000);
      const r = await machine.transition(admin(), id, to, { reason: "table test" });
      expect(r).toMatchObject({ from, to });
      expect(await c.read(id)).toBe(to);
      const history = await stateHistory(t.db, machine.entity, id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ from, to, reason: "table test", at: clock.now(), actor: { kind: "user", userId: "usr_admin" } });
    },
  );

  it.each(pairs.filter(([from, to]) => !machine.can(from, to)))("%s -> %s is refused with a 409 and writes nothing", async (from, to) => {
    const id = await c.create(from);
    const error = await machine.transition(admin(), id, to).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect((error as IllegalTransitionError).status).toBe(409);
    expect(await c.read(id)).toBe(from);
    expect(await stateHistory(t.db, machine.entity, id)).toEqual([]);
  });
});
