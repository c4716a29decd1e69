// Demo print shop applications (issue 23 §1), so /admin/fulfillers looks lived in: Inkwell's
// owner waits for review of a screen-print and embroidery shop, Mara Okafor's DTF application was
// turned down with a reason. @print-works gets its store and payout contact. Idempotent.
import { and, eq, isNull } from "drizzle-orm";
import { newId, type Db } from "../infra/db/index.ts";
import { users } from "../modules/identity/schema.ts";
import { fulfillerApplications, fulfillers } from "../modules/fulfillment/schema.ts";
import { FULFILLMENT_TERMS_VERSION, type ApplicationTechnique, type BusinessAddress } from "../modules/fulfillment/types.ts";
import { stores } from "../modules/stores/schema.ts";

const DAY = 86_400_000;

interface DemoApplication {
  owner: string;
  store: string;
  businessName: string;
  handle: string;
  address: BusinessAddress;
  techniques: ApplicationTechnique[];
  capacityPerDay: number;
  appliedDaysAgo: number;
  rejected?: { daysAgo: number; reason: string };
}

export const DEMO_PRINT_SHOP_APPLICATIONS: DemoApplication[] = [
  {
    owner: "partner@demo.platen.test",
    store: "inkwell",
    businessName: "Inkwell Press Room",
    handle: "inkwell-press",
    address: { line1: "14 Harbour Lane", line2: "Unit 3", city: "Portland", region: "ME", postalCode: "04101", country: "US" },
    techniques: ["screen", "embroidery"],
    capacityPerDay: 120,
    appliedDaysAgo: 2,
  },
  {
    owner: "mara@demo.platen.test",
    store: "mara-okafor",
    businessName: "Okafor Print Studio",
    handle: "okafor-prints",
    address: { line1: "Rua da Boavista 82", line2: "", city: "Lisboa", region: "", postalCode: "1200-066", country: "PT" },
    techniques: ["dtf", "sublimation"],
    capacityPerDay: 40,
    appliedDaysAgo: 12,
    rejected: {
      daysAgo: 9,
      reason:
        "We could not verify DTF quality on dark garments yet: please send two sample prints on a black tee (one washed five times) and apply again.",
    },
  },
];

async function idOf(db: Db, email: string): Promise<string | null> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)).limit(1);
  return u?.id ?? null;
}

export async function seedDemoPrintShops(db: Db): Promise<number> {
  let created = 0;
  const now = Date.now();
  const adminId = await idOf(db, "admin@demo.platen.test");
  for (const a of DEMO_PRINT_SHOP_APPLICATIONS) {
    const userId = await idOf(db, a.owner);
    const [store] = await db.select({ id: stores.id, handle: stores.handle }).from(stores).where(eq(stores.handle, a.store)).limit(1);
    if (!userId || !store) continue;
    const [existing] = await db
      .select({ id: fulfillerApplications.id })
      .from(fulfillerApplications)
      .where(and(eq(fulfillerApplications.storeId, store.id), eq(fulfillerApplications.handle, a.handle)))
      .limit(1);
    if (existing) continue;
    const appliedAt = new Date(now - a.appliedDaysAgo * DAY);
    await db
      .insert(fulfillerApplications)
      .values({
        id: newId("fapp"),
        userId,
        storeId: store.id,
        storeHandle: store.handle,
        businessName: a.businessName,
        handle: a.handle,
        address: a.address,
        techniques: a.techniques,
        capacityPerDay: a.capacityPerDay,
        termsVersion: FULFILLMENT_TERMS_VERSION,
        termsAcceptedAt: appliedAt,
        createdAt: appliedAt,
        ...(a.rejected
          ? {
              status: "rejected" as const,
              decisionNote: a.rejected.reason,
              decidedBy: adminId,
              decidedAt: new Date(now - a.rejected.daysAgo * DAY),
            }
          : {}),
      })
      .onConflictDoNothing();
    created++;
  }

  // The demo print shop belongs to its owner's store, and has a payout contact.
  const [works] = await db.select({ id: stores.id }).from(stores).where(eq(stores.handle, "print-works-studio")).limit(1);
  if (works) {
    const linked = await db
      .update(fulfillers)
      .set({ storeId: works.id })
      .where(and(eq(fulfillers.handle, "print-works"), isNull(fulfillers.storeId)))
      .returning({ id: fulfillers.id });
    created += linked.length;
  }
  const contact = await db
    .update(fulfillers)
    .set({ payoutContactName: "Finn Fulfiller", payoutContactEmail: "fulfiller@demo.platen.test" })
    .where(and(eq(fulfillers.handle, "print-works"), eq(fulfillers.payoutContactEmail, "")))
    .returning({ id: fulfillers.id });
  return created + contact.length;
}
