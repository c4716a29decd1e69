// Money held by the catalogue: product prices and per-variant prices, each stored with its currency
// (migration 0008). The platform asks this before its currency may change.
import { ne } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { registerAmountsHeld } from "../platform/index.ts";
import { products, productVariants } from "./schema.ts";

/** Whether a product or variant price is stored in a currency other than `currency`. */
export async function productsHaveAmountsNotIn(db: Db, currency: string): Promise<boolean> {
  const [p] = await db.select({ id: products.id }).from(products).where(ne(products.currency, currency)).limit(1);
  if (p) return true;
  const [v] = await db.select({ id: productVariants.id }).from(productVariants).where(ne(productVariants.currency, currency)).limit(1);
  return !!v;
}

registerAmountsHeld("catalog.products", "products", productsHaveAmountsNotIn);
