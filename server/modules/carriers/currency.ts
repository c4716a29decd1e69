// Money held by the carriers module: rate rows, stored with their currency. The platform asks
// this before its currency may change.
import { ne } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { registerAmountsHeld } from "../platform/index.ts";
import { carrierRates } from "./schema.ts";

/** Whether a carrier rate is stored in a currency other than `currency`. */
export async function carrierRatesHaveAmountsNotIn(db: Db, currency: string): Promise<boolean> {
  const [r] = await db.select({ id: carrierRates.id }).from(carrierRates).where(ne(carrierRates.currency, currency)).limit(1);
  return !!r;
}

registerAmountsHeld("carriers.rates", "carrier rate tables", carrierRatesHaveAmountsNotIn);
