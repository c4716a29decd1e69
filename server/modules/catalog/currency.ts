// Money held by the catalogue: product prices, per-variant prices and blank base costs, each stored
// with its currency (migration 0008). The platform asks these before its currency may change.
import { ne } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { registerAmountsHeld } from "../platform/index.ts";
import { blankVariants, products, productVariants } from "./schema.ts";

/** Whether a product or variant price is stored in a currency other than `currency`. */
export async function productsHaveAmountsNotIn(db: Db, currency: string): Promise<boolean> {
  const [p] = await db.select({ id: products.id }).from(products).where(ne(products.currency, currency)).limit(1);
  if (p) return true;
  const [v] = await db.select({ id: productVariants.id }).from(productVariants).where(ne(productVariants.currency, currency)).limit(1);
  return !!v;
}

/** Whether a blank's base cost is stored in a currency other than `currency` (moves with the blanks). */
export async function blanksHaveAmountsNotIn(db: Db, currency: string): Promise<boolean> {
  const [b] = await db.select({ id: blankVariants.id }).from(blankVariants).where(ne(blankVariants.currency, currency)).limit(1);
  return !!b;
}

registerAmountsHeld("catalog.products", "products", productsHaveAmountsNotIn);
registerAmountsHeld("catalog.blanks", "blank base costs", blanksHaveAmountsNotIn);
