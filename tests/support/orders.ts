// A small marketplace with paid orders, for the back office's tests (production, shipping, cases):
// one print shop (warehouse "Main", Portland, OR) with a tee, US shipping, one store and its
// product. `paidOrder()` places and pays an order through the real flow.
import { makeFulfillerWithBlank, makeProduct, makeStore, type UserActor } from "./factories.ts";
import type { Db } from "../../server/infra/db/index.ts";
import type { Clock } from "../../server/contracts/clock.ts";
import { anonymous, createCtx, type Actor } from "../../server/kernel/index.ts";
import { getProductPage } from "../../server/modules/catalog/index.ts";
import { addCarrierAccount, importRateCsv, RATE_CSV_COLUMNS } from "../../server/modules/carriers/index.ts";
import {
  saveShippingRate,
  saveShippingZone,
  updateWarehouse,
  type BlankRow,
  type FulfillerRow,
  type WarehouseRow,
} from "../../server/modules/fulfillment/index.ts";
import { getOrder, payOrderWithCard, placeOrder, quoteCheckout, type OrderAddress } from "../../server/modules/orders/index.ts";

export const US_ADDRESS: OrderAddress = {
  fullName: "Maya Chen",
  line1: "2150 Shattuck Avenue",
  line2: "",
  city: "Berkeley",
  region: "CA",
  postalCode: "94704",
  country: "US",
  phone: "",
};
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" };

export interface Shop {
  owner: UserActor;
  fulfiller: FulfillerRow;
  warehouse: WarehouseRow;
  blank: BlankRow;
  productId: string;
  variants: Record<string, string>;
  storeOwner: UserActor;
  storeId: string;
}

let n = 0;

export async function makeShop(db: Db, opts: { handle?: string; printFiles?: boolean | "deferred" } = {}): Promise<Shop> {
  const f = await makeFulfillerWithBlank(db, opts.handle ? { handle: opts.handle } : {});
  const ctx = createCtx(db, f.owner);
  const zone = await saveShippingZone(ctx, { fulfillerId: f.fulfiller.id, name: "United States", regions: ["US"] });
  await saveShippingRate(ctx, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: f.blank.category,
    firstItemMinor: 500,
    additionalItemMinor: 200,
    minDays: 3,
    maxDays: 5,
  });
  const store = await makeStore(db);
  const productId = (await makeProduct(db, { store, blank: f.blank, input: { priceMinor: 2500 }, printFiles: opts.printFiles ?? false }))
    .product.id;
  const page = await getProductPage(createCtx(db, anonymous()), productId);
  return {
    owner: f.owner,
    fulfiller: f.fulfiller,
    warehouse: f.warehouse,
    blank: f.blank,
    productId,
    variants: Object.fromEntries(page.variants.map((v) => [`${v.color}/${v.size}`, v.id])),
    storeOwner: store.owner,
    storeId: store.store.id,
  };
}

export interface PaidOrder {
  orderId: string;
  token: string;
  number: string;
  lineIds: string[];
  groupIds: string[];
}

/** Places and pays an order of the shop's product (default: 2 × White/S) as `as` (default a guest). */
export async function paidOrder(
  db: Db,
  shop: Shop,
  opts: { lines?: { variant: string; quantity: number }[]; as?: Actor; clock?: Clock; email?: string; address?: OrderAddress } = {},
): Promise<PaidOrder> {
  const ctx = createCtx(db, opts.as ?? anonymous(), opts.clock ? { clock: opts.clock } : {});
  const lines = (opts.lines ?? [{ variant: "White/S", quantity: 2 }]).map((l) => ({
    productId: shop.productId,
    variantId: shop.variants[l.variant]!,
    quantity: l.quantity,
  }));
  const req = { lines, address: opts.address ?? US_ADDRESS };
  const quote = await quoteCheckout(ctx, req);
  const placed = await placeOrder(ctx, {
    ...req,
    email: opts.email ?? "maya@example.com",
    placeKey: `support-order-${process.pid}-${++n}-${Date.now()}`,
    seenTotalMinor: quote.totals.totalMinor,
  });
  if (!placed.ok) throw new Error(placed.message);
  const paid = await payOrderWithCard(ctx, {
    orderId: placed.orderId,
    token: placed.token,
    card: CARD,
    attemptKey: `pay-${placed.orderId}`,
  });
  if (paid.outcome !== "paid") throw new Error(`not paid: ${paid.outcome}`);
  const view = await getOrder(ctx, { orderId: placed.orderId, token: placed.token });
  return {
    orderId: placed.orderId,
    token: placed.token,
    number: view.number,
    lineIds: view.groups.flatMap((g) => g.lines.map((l) => l.id)),
    groupIds: view.groups.map((g) => g.id),
  };
}

/**
 * Gives the shop's warehouse a street address (labels need one) and the built-in local carrier with
 * Standard and Express at flat prices for the US by weight (0–1 kg, 1–5 kg, 5–20 kg).
 */
export async function addLocalCarrier(db: Db, shop: Shop): Promise<{ carrierAccountId: string }> {
  const ctx = createCtx(db, shop.owner);
  await updateWarehouse(ctx, shop.warehouse.id, {
    line1: "1200 NW Naito Parkway",
    postalCode: "97209",
    city: "Portland",
    region: "OR",
    country: "US",
  });
  const account = await addCarrierAccount(ctx, { fulfillerId: shop.fulfiller.id, carrierCode: "local", name: "Platen Local Post" });
  const rows = [RATE_CSV_COLUMNS.join(",")];
  for (const [service, name, prices] of [
    ["standard", "Standard", ["4.50", "7.90", "15.00"]],
    ["express", "Express", ["9.50", "14.90", "29.00"]],
  ] as const)
    [
      [0, 1000],
      [1000, 5000],
      [5000, 20000],
    ].forEach(([min, max], i) =>
      rows.push(["local", service, name, "", "United States", "US", "", "", "", min, max, prices[i], "USD"].join(",")),
    );
  await importRateCsv(ctx, { carrierAccountId: account.id, csv: rows.join("\n") });
  return { carrierAccountId: account.id };
}
