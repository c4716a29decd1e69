// What the stores module announces (in the transaction of the change) and what it does with the
// events it follows; and that store images go to the storage port of the context.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeStore } from "../../../tests/support/factories.ts";
import type { Storage } from "../../contracts/ports.ts";
import { newId } from "../../infra/db/index.ts";
import { domainEvents, outbox } from "../../schema.ts";
import { testImage } from "../../infra/images/test-helpers.ts";
import { stateHistory, type Actor } from "../../kernel/index.ts";
import { fanClubOnProductPublished, reinstateStore, suspendStore, updateStoreProfile, uploadStoreImage } from "./index.ts";
import { fanClubMembers } from "./schema.ts";

const t = useTestDatabase();
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };

/** A store named "Before", made as a partner gets one (an application an admin approves). */
async function store(): Promise<{ id: string; owner: Actor }> {
  const { store, owner } = await makeStore(t.db, { name: "Before" });
  return { id: store.id, owner };
}

async function eventsOf(storeId: string) {
  const rows = await t.db.select().from(domainEvents).orderBy(asc(domainEvents.occurredAt), asc(domainEvents.id));
  return rows.filter((r) => (r.payload as { storeId?: string }).storeId === storeId).map((r) => ({ type: r.type, payload: r.payload }));
}

describe("store events", () => {
  it("suspending and reinstating announce it, through the store's state machine", async () => {
    const s = await store();
    await suspendStore(t.ctx(admin), s.id, "Copyright claims");
    await reinstateStore(t.ctx(admin), s.id);
    expect(await eventsOf(s.id)).toEqual([
      { type: "store.suspended", payload: { storeId: s.id, reason: "Copyright claims" } },
      { type: "store.reinstated", payload: { storeId: s.id } },
    ]);
    const history = await stateHistory(t.db, "store", s.id);
    expect(history.map((h) => [h.from, h.to, h.reason])).toEqual([
      ["active", "suspended", "Copyright claims"],
      ["suspended", "active", "reinstated"],
    ]);
    await expect(reinstateStore(t.ctx(admin), s.id)).rejects.toMatchObject({ status: 409, message: "This store is not suspended." });
  });

  it("a profile change announces a rename only when the name changed", async () => {
    const s = await store();
    const profile = { bio: "Prints", accentColor: "#112233", links: [] };
    await updateStoreProfile(t.ctx(s.owner), s.id, { ...profile, name: "Before" });
    expect(await eventsOf(s.id)).toEqual([]);
    await updateStoreProfile(t.ctx(s.owner), s.id, { ...profile, name: "After" });
    expect(await eventsOf(s.id)).toEqual([{ type: "store.renamed", payload: { storeId: s.id, name: "After", previousName: "Before" } }]);
  });

  it("the fan club hears of a product's first publication only", async () => {
    const s = await store();
    await t.db.insert(fanClubMembers).values({ storeId: s.id, userId: "usr_fan", unsubscribeToken: `unsub-${s.id}` });
    const event = (firstTime: boolean, productId: string) => ({
      id: newId("evt"),
      type: "product.published" as const,
      payload: { productId, storeId: s.id, title: "Night owl tee", firstTime },
      actor: "system:test",
      occurredAt: new Date(),
    });
    await fanClubOnProductPublished(t.ctx({ kind: "system", reason: "test" }), event(false, "prd_again"));
    await fanClubOnProductPublished(t.ctx({ kind: "system", reason: "test" }), event(true, "prd_new"));
    // Idempotent: a repeated delivery adds no second job.
    await fanClubOnProductPublished(t.ctx({ kind: "system", reason: "test" }), event(true, "prd_new"));
    const jobs = await t.db.select().from(outbox).where(eq(outbox.topic, "stores.fan-club.new-product"));
    expect(jobs.map((j) => j.payload)).toEqual([
      { storeId: s.id, userId: "usr_fan", productId: "prd_new", productTitle: "Night owl tee", productUrl: "/shop/product/prd_new" },
    ]);
  });

  it("store images go to the context's storage port", async () => {
    const s = await store();
    const saved = new Map<string, Buffer>();
    const memory: Storage = {
      provider: "local",
      put: async (key, body) => void saved.set(key, Buffer.from(body)),
      get: async () => null,
      delete: async () => undefined,
      exists: async (key) => saved.has(key),
    };
    const row = await uploadStoreImage(t.ctx(s.owner, { ports: { storage: memory } }), s.id, "avatar", await testImage(300, 300));
    expect(row.avatarKey).toMatch(/^store-media\//);
    expect([...saved.keys()]).toEqual([row.avatarKey]);
  });
});
