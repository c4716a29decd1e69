// Demo shipping profile and stock of @print-works (issue 8, ADR 0012): zones United States,
// Europe and rest of world; per-category rates (Portland cheap to the US, Leipzig cheap to
// Europe); mugs made only in Leipzig, so a US order of a tee and a mug ships from two warehouses;
// one scarce and one sold-out hoodie variant so that "sold out" can be seen. Idempotent.
import { eq } from "drizzle-orm";
import type { Db } from "../infra/db/index.ts";
import { systemCtx } from "../kernel/index.ts";
import {
  getFulfillerByHandle,
  listBlanksOfFulfiller,
  listShippingProfile,
  listWarehouses,
  saveShippingRate,
  saveShippingZone,
  setBlankWarehouses,
  setStock,
  type Category,
} from "../modules/fulfillment/index.ts";
import { blankVariants } from "../modules/fulfillment/schema.ts";

/** Black pullover hoodie, size M: 3 units tracked in every warehouse that stocks it (scarce). */
export const DEMO_SCARCE_SKU = "PW-HOOD-PO-BLACK-M";
/** Black pullover hoodie, size 2XL: tracked with 0 on hand everywhere (sold out). */
export const DEMO_SOLD_OUT_SKU = "PW-HOOD-PO-BLACK-2XL";

const EUROPE = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO";

/** First item, each additional item (minor units) by category, from the nearest warehouse. */
const NEAR: Record<Category, [number, number]> = {
  "t-shirts": [475, 240],
  hoodies: [850, 420],
  mugs: [795, 450],
  posters: [650, 150],
  stickers: [150, 25],
  "tote-bags": [500, 250],
  "phone-cases": [450, 100],
};

const scale = (amount: number, factor: number) => Math.round((amount * factor) / 5) * 5;

export async function seedDemoShipping(db: Db): Promise<number> {
  const ctx = systemCtx(db, "demo shipping");
  const fulfiller = await getFulfillerByHandle(ctx, "print-works");
  if (!fulfiller) return 0;
  const profile = await listShippingProfile(ctx, fulfiller.id);
  const warehouses = await listWarehouses(ctx, fulfiller.id);
  const portland = warehouses.find((w) => w.country === "US");
  const leipzig = warehouses.find((w) => w.country === "DE");
  if (!portland || !leipzig) return 0;
  const blanks = await listBlanksOfFulfiller(ctx, fulfiller.id);
  // Drinkware is made in Leipzig only.
  for (const b of blanks.filter((b) => b.category === "mugs")) await setBlankWarehouses(ctx, b.id, [leipzig.id]);
  if (profile.zones.length) return 0;

  const us = await saveShippingZone(ctx, { fulfillerId: fulfiller.id, name: "United States", regions: "US", sortOrder: 0 });
  const eu = await saveShippingZone(ctx, { fulfillerId: fulfiller.id, name: "Europe", regions: EUROPE, sortOrder: 1 });
  const row = await saveShippingZone(ctx, { fulfillerId: fulfiller.id, name: "Rest of world", regions: "*", sortOrder: 2 });
  let made = 3;
  const categories = [...new Set(blanks.map((b) => b.category))];
  for (const category of categories) {
    const [first, additional] = NEAR[category];
    const rate = async (zoneId: string, warehouseId: string | null, factor: number, minDays: number, maxDays: number) => {
      await saveShippingRate(ctx, {
        fulfillerId: fulfiller.id,
        zoneId,
        category,
        warehouseId,
        firstItemMinor: scale(first, factor),
        additionalItemMinor: scale(additional, factor),
        minDays,
        maxDays,
      });
      made++;
    };
    await rate(us.id, portland.id, 1, 2, 5);
    await rate(us.id, leipzig.id, 2.4, 6, 12);
    await rate(eu.id, leipzig.id, 1.1, 2, 5);
    await rate(eu.id, portland.id, 2.6, 7, 14);
    await rate(row.id, null, 2.8, 10, 20);
  }

  for (const [sku, onHand] of [
    [DEMO_SCARCE_SKU, 3],
    [DEMO_SOLD_OUT_SKU, 0],
  ] as const) {
    const [variant] = await db.select({ id: blankVariants.id }).from(blankVariants).where(eq(blankVariants.sku, sku)).limit(1);
    if (!variant) continue;
    for (const w of warehouses) await setStock(ctx, { warehouseId: w.id, blankVariantId: variant.id, onHand });
    made++;
  }
  return made;
}
