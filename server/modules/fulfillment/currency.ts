// Money held by the print shops' catalogue: blank base costs, stored with their currency
// (migration 0008). The platform asks this before its currency may change.
import { ne } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { registerAmountsHeld } from "../platform/index.ts";
import { blankVariants } from "./schema.ts";

/** Whether a blank's base cost is stored in a currency other than `currency`. */
export async function blanksHaveAmountsNotIn(db: Db, currency: string): Promise<boolean> {
  const [b] = await db.select({ id: blankVariants.id }).from(blankVariants).where(ne(blankVariants.currency, currency)).limit(1);
  return !!b;
}

registerAmountsHeld("fulfillment.blanks", "blank base costs", blanksHaveAmountsNotIn);
