// A print shop's floor staff and a second print shop (issue 23 §5), so that access can be tried
// with every kind of person: Sam Floor (floor@demo.platen.test) works @print-works's floor, and
// North Press (@north-press, owned by printer@demo.platen.test) is "another print shop": approved
// and set up (one warehouse, a payout contact), with no blanks and no orders. Idempotent.
import { and, eq } from "drizzle-orm";
import { newId, type Db } from "../infra/db/index.ts";
import { systemCtx } from "../kernel/index.ts";
import { createFulfiller, createWarehouse, getFulfillerByHandle, listWarehouses } from "../modules/fulfillment/index.ts";
import { fulfillerMembers, fulfillers } from "../modules/fulfillment/schema.ts";
import { users } from "../modules/identity/schema.ts";

export const DEMO_FLOOR_WORKER = "floor@demo.platen.test";
export const DEMO_OTHER_PRINT_SHOP = { handle: "north-press", name: "North Press", owner: "printer@demo.platen.test" } as const;

async function idOf(db: Db, email: string): Promise<string | null> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)).limit(1);
  return u?.id ?? null;
}

export async function seedDemoFloorStaff(db: Db): Promise<number> {
  const ctx = systemCtx(db, "demo floor staff");
  let created = 0;
  const workerId = await idOf(db, DEMO_FLOOR_WORKER);
  const works = await getFulfillerByHandle(ctx, "print-works");
  if (workerId && works) {
    const [member] = await db
      .select({ id: fulfillerMembers.id })
      .from(fulfillerMembers)
      .where(and(eq(fulfillerMembers.fulfillerId, works.id), eq(fulfillerMembers.userId, workerId)))
      .limit(1);
    if (!member) {
      const ownerId = await idOf(db, "fulfiller@demo.platen.test");
      const added = await db
        .insert(fulfillerMembers)
        .values({ id: newId("fmb"), fulfillerId: works.id, userId: workerId, email: DEMO_FLOOR_WORKER, addedBy: ownerId })
        .onConflictDoNothing()
        .returning({ id: fulfillerMembers.id });
      created += added.length;
    }
  }
  const ownerId = await idOf(db, DEMO_OTHER_PRINT_SHOP.owner);
  if (!ownerId) return created;
  let north = await getFulfillerByHandle(ctx, DEMO_OTHER_PRINT_SHOP.handle);
  if (!north) {
    north = await createFulfiller(ctx, {
      handle: DEMO_OTHER_PRINT_SHOP.handle,
      name: DEMO_OTHER_PRINT_SHOP.name,
      ownerUserId: ownerId,
      description: "Screen printing and embroidery in Minneapolis: small runs of apparel and tote bags.",
      capabilities: ["screen", "embroidery"],
    });
    created++;
  }
  const contact = await db
    .update(fulfillers)
    .set({ payoutContactName: "Nora Printer", payoutContactEmail: DEMO_OTHER_PRINT_SHOP.owner })
    .where(and(eq(fulfillers.id, north.id), eq(fulfillers.payoutContactEmail, "")))
    .returning({ id: fulfillers.id });
  created += contact.length;
  if (!(await listWarehouses(ctx, north.id)).length) {
    await createWarehouse(ctx, {
      fulfillerId: north.id,
      name: "Minneapolis, MN",
      country: "US",
      region: "MN",
      city: "Minneapolis",
      line1: "700 N Washington Ave",
      postalCode: "55401",
      phone: "+1 612 555 0190",
      cutoffTime: "15:00",
      timeZone: "America/Chicago",
    });
    created++;
  }
  return created;
}
