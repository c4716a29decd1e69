// Demo cases (issue 23 §3): the demo shopper's delivered orders get a few cases, one in each state
// (open with its first answer due, waiting on the print shop, waiting on the shopper, resolved by a
// reprint at the print shop's cost, closed after a rejection), made through the cases module as
// the shopper and an admin would. Idempotent: nothing is done once any case exists. Register it
// after the orders and the warehouse stock (a reprint holds stock).
import { count, inArray } from "drizzle-orm";
import type { Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { createCtx, type Actor } from "../kernel/index.ts";
import { askCase, closeCase, openCase, postCaseMessage, reportableLines, resolveCase } from "../modules/cases/index.ts";
import { cases } from "../modules/cases/schema.ts";
import { users } from "../modules/identity/schema.ts";
import { listMyOrders } from "../modules/orders/index.ts";

interface DemoCase {
  kind: "damaged" | "misprint" | "wrong_item" | "not_delivered" | "other";
  description: string;
  then: (ids: { caseId: string }) => Promise<void>;
}

export async function seedDemoCases(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(cases);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const people = await db
    .select({ id: users.id, email: users.emailNormalized, roles: users.roles })
    .from(users)
    .where(inArray(users.emailNormalized, ["shopper@demo.platen.test", "admin@demo.platen.test", "fulfiller@demo.platen.test"]));
  const by = new Map(people.map((p) => [p.email, p]));
  const shopperRow = by.get("shopper@demo.platen.test");
  const adminRow = by.get("admin@demo.platen.test");
  const fulfillerRow = by.get("fulfiller@demo.platen.test");
  if (!shopperRow || !adminRow || !fulfillerRow) return 0;
  const actor = (u: { id: string; roles: string[] }): Actor => ({ kind: "user", userId: u.id, roles: u.roles as never });
  const shopper = createCtx(db, actor(shopperRow));
  const admin = createCtx(db, actor(adminRow));
  const printShop = createCtx(db, actor(fulfillerRow));

  const plan: DemoCase[] = [
    {
      kind: "damaged",
      description: "The mug arrived with a chip on the rim and a crack down the handle.",
      then: async () => undefined,
    },
    {
      kind: "misprint",
      description: "The print on the back is cut off at the bottom edge: the last line of text is missing.",
      then: async ({ caseId }) =>
        askCase(admin, {
          caseId,
          who: "print_shop",
          body: "Could you check the batch this shirt was printed in? The shopper says the back is cut off.",
        }),
    },
    {
      kind: "wrong_item",
      description: "I ordered the hoodie in Navy, size M, and received a Black one in size L.",
      then: async ({ caseId }) => {
        await postCaseMessage(printShop, {
          caseId,
          as: "print_shop",
          body: "Our packing photo shows a Navy M in this parcel; we are checking with the packing team.",
        });
        await askCase(admin, { caseId, who: "shopper", body: "Could you send a photo of the label inside the collar?" });
      },
    },
    {
      kind: "misprint",
      description: "The colours are much paler than on the product page, the red looks pink.",
      then: async ({ caseId }) => {
        await postCaseMessage(admin, { caseId, as: "admin", body: "The press ran without its colour profile that day.", internal: true });
        await resolveCase(admin, {
          caseId,
          resolution: "reprint",
          faultCode: "print_shop_misprint",
          note: "We make it again with the right colours, at no charge to you.",
        });
      },
    },
    {
      kind: "other",
      description: "The shirt is smaller than I expected, it does not fit me.",
      then: async ({ caseId }) => {
        await resolveCase(admin, {
          caseId,
          resolution: "rejected",
          faultCode: "shopper_error",
          note: "The shirt matches its size chart, so we cannot offer a reprint; you can return it unworn within 30 days.",
        });
        await closeCase(admin, { caseId, note: "Thank you for understanding." });
      },
    },
  ];

  let made = 0;
  const mine = await listMyOrders(shopper);
  for (const o of mine) {
    if (made >= plan.length) break;
    if (o.status !== "delivered") continue;
    const { lines } = await reportableLines(shopper, { orderId: o.id });
    const line = lines.find((l) => !l.blockedBy);
    if (!line) continue;
    const step = plan[made]!;
    try {
      const { id } = await openCase(shopper, {
        orderId: o.id,
        lines: [{ lineId: line.lineId, quantity: 1 }],
        kind: step.kind,
        description: step.description,
      });
      await step.then({ caseId: id });
      made++;
    } catch (error) {
      // A demo order that cannot take this step (a blank sold out for a reprint...) is skipped.
      logger().warn({ err: error, orderId: o.id }, "a demo case could not be made");
    }
  }
  return made;
}
