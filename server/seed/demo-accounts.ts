import { eq } from "drizzle-orm";
import { newId, type Db } from "../infra/db/index.ts";
import { users } from "../modules/identity/schema.ts";
import { addAddress, listAddresses, type Role } from "../modules/identity/index.ts";
import { createCtx } from "../kernel/index.ts";
import { hashPassword } from "../modules/identity/passwords.ts";

export const DEMO_PASSWORD = "platen-demo-2026";

export const DEMO_ACCOUNTS: { email: string; roles: Role[]; firstName: string; lastName: string; displayName: string }[] = [
  { email: "admin@demo.platen.test", roles: ["admin", "shopper"], firstName: "Ada", lastName: "Admin", displayName: "Ada (Platen team)" },
  { email: "partner@demo.platen.test", roles: ["partner", "shopper"], firstName: "Paz", lastName: "Partner", displayName: "Paz Partner" },
  {
    email: "fulfiller@demo.platen.test",
    roles: ["fulfiller", "partner", "shopper"],
    firstName: "Finn",
    lastName: "Fulfiller",
    displayName: "Finn Fulfiller",
  },
  { email: "shopper@demo.platen.test", roles: ["shopper"], firstName: "Sam", lastName: "Shopper", displayName: "Sam Shopper" },
  // works @print-works's floor (server/seed/floor-staff.ts): a floor worker needs no role of its own
  { email: "floor@demo.platen.test", roles: ["shopper"], firstName: "Sam", lastName: "Floor", displayName: "Sam Floor" },
  // owns @north-press, "another print shop" (server/seed/floor-staff.ts)
  {
    email: "printer@demo.platen.test",
    roles: ["fulfiller", "shopper"],
    firstName: "Nora",
    lastName: "Printer",
    displayName: "Nora Printer",
  },
];

/** The demo accounts (idempotent: existing accounts are left as they are). */
export async function seedDemoAccounts(db: Db): Promise<number> {
  let created = 0;
  let passwordHash: string | undefined; // argon2 costs ~50 ms: only when an account is missing
  for (const a of DEMO_ACCOUNTS) {
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, a.email)).limit(1);
    if (existing.length) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values({
        id: newId("usr"),
        email: a.email,
        emailNormalized: a.email,
        emailVerifiedAt: new Date(),
        passwordHash,
        passwordChangedAt: new Date(),
        roles: a.roles,
        firstName: a.firstName,
        lastName: a.lastName,
        displayName: a.displayName,
      })
      .onConflictDoNothing();
    created++;
  }
  return created;
}

/** The demo shopper's saved address (checkout opens with it chosen); idempotent. */
export async function seedDemoShopperAddress(db: Db): Promise<number> {
  const [shopper] = await db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(users.emailNormalized, "shopper@demo.platen.test"))
    .limit(1);
  if (!shopper) return 0;
  const ctx = createCtx(db, { kind: "user", userId: shopper.id, roles: shopper.roles as Role[] });
  if ((await listAddresses(ctx)).length) return 0;
  await addAddress(ctx, {
    label: "Home",
    fullName: "Sam Shopper",
    line1: "1450 NE Alberta St",
    line2: "Apt 3",
    city: "Portland",
    region: "OR",
    postalCode: "97211",
    country: "US",
    phone: "+1 503 555 0142",
  });
  return 1;
}
