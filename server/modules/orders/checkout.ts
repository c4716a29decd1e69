// Checkout: price the cart for an address (routing, shipping, discount, tax) and place the order.
// Nothing the browser sends is trusted but the lines' ids, their quantities, the address and the
// code: prices, stock, routing and totals are all computed here, by one pricing function.
import { and, eq, sql } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { countryName } from "../../contracts/countries.ts";
import { formatAmount } from "../../contracts/money.ts";
import { isUniqueViolation, newId, transaction } from "../../infra/db/index.ts";
import { enqueue } from "../../jobs/index.ts";
import { actorUserId, AppError, type Ctx, withDb } from "../../kernel/index.ts";
import { getVariantsForCheckout, type CheckoutVariantInfo } from "../catalog/index.ts";
import { getBlankVariants, reserveStock, routeOrderLines, type RoutingResult } from "../fulfillment/index.ts";
import { addressSchema, takeRateLimit } from "../identity/index.ts";
import { getSettings } from "../platform/index.ts";
import { taxRateFor } from "../pricing/index.ts";
import { findDiscountCode, getStoresByIds, suspendedStoreIds } from "../stores/index.ts";
import { orderToken } from "./access.ts";
import { priceCheckout, storeShareAfter, type PricingDiscount } from "./pricing.ts";
import { orderLines, orderNumberSeq, orders, shipmentGroups } from "./schema.ts";
import {
  contactEmailSchema,
  discountCodeSchema,
  ORDER_MAX_LINES,
  ORDER_MAX_QUANTITY,
  placeKeySchema,
  type CheckoutLineInput,
  type CheckoutQuote,
  type OrderAddress,
  type QuoteGroup,
  type QuoteLine,
} from "./types.ts";

export const ORDER_EXPIRE_TOPIC = "orders.expire";

export interface CheckoutRequest {
  lines: CheckoutLineInput[];
  address: OrderAddress | null;
  discountCode?: string | null;
}

export interface PlaceOrderInput extends CheckoutRequest {
  placeKey: string;
  email: string;
  seenTotalMinor: number;
  /** Unit prices the shopper saw, by variant: a line repriced since then is refused with a message on it. */
  seenUnitPrices?: Record<string, number>;
  visitorCartId?: string | null;
}

export type PlaceOrderResult = { ok: true; orderId: string; token: string } | { ok: false; quote: CheckoutQuote; message: string };

/** The lines, cleaned: one per variant, quantities 1–99, at most 50 lines (a clear 422 beyond). */
function cleanLines(lines: readonly CheckoutLineInput[]): CheckoutLineInput[] {
  const byVariant = new Map<string, CheckoutLineInput>();
  for (const l of lines) {
    if (typeof l.variantId !== "string" || !/^[a-z]+_[0-9a-z]+$/.test(l.variantId)) continue;
    const q = Number(l.quantity);
    if (!Number.isInteger(q) || q < 1 || q > ORDER_MAX_QUANTITY)
      throw new AppError("order-quantity", `Enter a quantity from 1 to ${ORDER_MAX_QUANTITY}.`, 422, "quantity");
    const prev = byVariant.get(l.variantId);
    const quantity = (prev?.quantity ?? 0) + q;
    if (quantity > ORDER_MAX_QUANTITY)
      throw new AppError("order-quantity", `You can order at most ${ORDER_MAX_QUANTITY} of one item.`, 422, "quantity");
    const addedPriceMinor = Number.isInteger(l.addedPriceMinor) ? l.addedPriceMinor : (prev?.addedPriceMinor ?? null);
    byVariant.set(l.variantId, { productId: l.productId, variantId: l.variantId, quantity, addedPriceMinor });
  }
  if (byVariant.size > ORDER_MAX_LINES)
    throw new AppError("order-lines", `An order can hold at most ${ORDER_MAX_LINES} different items.`, 422, "lines");
  return [...byVariant.values()];
}

/** An address from the browser, checked with the identity module's schema (postal code per country). */
export function parseOrderAddress(raw: unknown): OrderAddress {
  const r = addressSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new AppError("invalid-address", issue?.message ?? "Check the shipping address.", 422, String(issue?.path[0] ?? "address"));
  }
  const a = r.data;
  return {
    fullName: a.fullName,
    line1: a.line1,
    line2: a.line2 ?? "",
    city: a.city,
    region: (a.region ?? "").toUpperCase(),
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone ?? "",
  };
}

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Estimated delivery: production days, then the rate's delivery days. */
export function deliveryEstimate(from: Date, g: { productionDays: number; minDays: number; maxDays: number }) {
  return { from: isoDate(addDays(from, g.productionDays + g.minDays)), to: isoDate(addDays(from, g.productionDays + g.maxDays)) };
}

interface Resolved {
  quote: CheckoutQuote;
  variants: Map<string, CheckoutVariantInfo>;
  routing: RoutingResult | null;
  unitBase: Map<string, number>;
  discount: (PricingDiscount & { perkId: string; code: string }) | null;
  platformFeePercent: number;
}

async function resolveCheckout(ctx: Ctx, req: CheckoutRequest): Promise<Resolved> {
  const settings = await getSettings(ctx);
  const currency = settings.currency;
  const pricesIncludeTax = Boolean((settings as { pricesIncludeTax?: boolean }).pricesIncludeTax);
  const lines = cleanLines(req.lines);
  const variants = await getVariantsForCheckout(
    ctx,
    lines.map((l) => l.variantId),
  );
  const storeIds = [...new Set([...variants.values()].map((v) => v.storeId))];
  const [storeRows, suspended] = await Promise.all([getStoresByIds(ctx, storeIds), suspendedStoreIds(ctx)]);
  const storeOf = new Map(storeRows.map((s) => [s.id, s]));
  const suspendedSet = new Set(suspended);
  const address = req.address;
  const taxRatePercent = address ? taxRateFor(settings, address.country, address.region || null) : 0;

  // 1. What can be bought at all.
  const problems = new Map<string, QuoteLine["problem"]>();
  for (const l of lines) {
    const v = variants.get(l.variantId);
    if (!v || v.productId !== l.productId || !v.available || suspendedSet.has(v.storeId))
      problems.set(l.variantId, { kind: "unavailable", message: "This item is no longer available. Remove it to continue." });
    else if (v.currency !== currency)
      problems.set(l.variantId, { kind: "currency", message: "This item is priced in another currency and can't be bought right now." });
  }

  // 2. Routing for the address.
  let routing: RoutingResult | null = null;
  const unitBase = new Map<string, number>();
  const groupOf = new Map<string, string>();
  if (address) {
    const routable = lines.filter((l) => !problems.has(l.variantId));
    routing = routable.length
      ? await routeOrderLines(
          ctx,
          routable.map((l) => {
            const v = variants.get(l.variantId)!;
            return { key: l.variantId, blankId: v.blankId, blankVariantId: v.blankVariantId, quantity: l.quantity };
          }),
          { country: address.country, subdivision: address.region || null },
        )
      : { groups: [], unroutable: [] };
    for (const g of routing.groups)
      for (const key of g.lineKeys) {
        groupOf.set(key, g.warehouseId);
        unitBase.set(key, g.unitBaseCostMinor[key] ?? 0);
      }
    for (const u of routing.unroutable) {
      const where = countryName(address.country);
      problems.set(
        u.key,
        u.reason === "sold_out"
          ? {
              kind: "sold_out",
              message:
                u.available && u.available > 0
                  ? `Only ${u.available} left: lower the quantity to continue.`
                  : "Sold out. Remove it to continue.",
            }
          : u.reason === "no_shipping"
            ? { kind: "no_shipping", message: `This item can't be shipped to ${where}.` }
            : { kind: "unavailable", message: "This item is no longer available. Remove it to continue." },
      );
    }
  }

  // 3. The discount code (a store's fan-club perk; members only).
  let discount: Resolved["discount"] = null;
  let discountView: CheckoutQuote["discount"] = null;
  const code = req.discountCode ? discountCodeSchema.safeParse(req.discountCode) : null;
  if (code && !code.success)
    discountView = { code: String(req.discountCode).slice(0, 40), storeName: "", ok: false, message: code.error.issues[0]!.message };
  else if (code?.data) {
    const found = await findDiscountCode(ctx, { code: code.data, userId: actorUserId(ctx.actor) });
    if (!found.ok) discountView = { code: code.data, storeName: "", ok: false, message: found.message };
    else {
      const d = found.discount;
      const storeName = storeOf.get(d.storeId)?.name ?? (await getStoresByIds(ctx, [d.storeId]))[0]?.name ?? "this store";
      const hasLines = lines.some((l) => !problems.has(l.variantId) && variants.get(l.variantId)?.storeId === d.storeId);
      if (d.kind === "fixed" && d.currency && d.currency !== currency)
        discountView = { code: d.code, storeName, ok: false, message: "That code can't be used with this shop's currency." };
      else if (!hasLines)
        discountView = { code: d.code, storeName, ok: false, message: `That code is for ${storeName}'s products; none are in your cart.` };
      else {
        discount = {
          perkId: d.perkId,
          code: d.code,
          storeId: d.storeId,
          kind: d.kind,
          percentOff: d.percentOff,
          amountOffMinor: d.amountOffMinor,
        };
        discountView = {
          code: d.code,
          storeName,
          ok: true,
          message:
            d.kind === "percent"
              ? `${d.percentOff}% off ${storeName}'s items.`
              : `${formatAmount(d.amountOffMinor ?? 0, currency)} off ${storeName}'s items.`,
        };
      }
    }
  }

  // 4. Price it: one function for the page, the order and the ledger. When prices include tax, a
  // price that does not cover the blank's cost plus the destination's tax would leave the store
  // owing money: that line is not sold to this destination.
  if (pricesIncludeTax && address)
    for (const l of lines) {
      const v = variants.get(l.variantId);
      if (!v || problems.has(l.variantId) || !groupOf.has(l.variantId)) continue;
      const probe = {
        key: l.variantId,
        storeId: v.storeId,
        groupKey: "",
        quantity: l.quantity,
        unitPriceMinor: v.priceMinor,
        unitBaseCostMinor: unitBase.get(l.variantId) ?? 0,
      };
      if (
        storeShareAfter(probe, 0, {
          currency,
          pricesIncludeTax,
          taxRatePercent,
          platformFeePercent: settings.platformFeePercent,
          lines: [],
          groups: [],
          discount: null,
        }) < 0
      )
        problems.set(l.variantId, {
          kind: "unavailable",
          message: `This item can't be delivered to ${countryName(address.country)} at its current price. Remove it to continue.`,
        });
    }
  const pricedInput = lines.filter((l) => !problems.has(l.variantId) && groupOf.has(l.variantId));
  const priced = priceCheckout({
    currency,
    pricesIncludeTax,
    taxRatePercent,
    platformFeePercent: settings.platformFeePercent,
    lines: pricedInput.map((l) => {
      const v = variants.get(l.variantId)!;
      return {
        key: l.variantId,
        storeId: v.storeId,
        groupKey: groupOf.get(l.variantId)!,
        quantity: l.quantity,
        unitPriceMinor: v.priceMinor,
        unitBaseCostMinor: unitBase.get(l.variantId) ?? 0,
      };
    }),
    groups: (routing?.groups ?? []).map((g) => ({ key: g.warehouseId, shippingMinor: g.shippingMinor })),
    discount,
  });
  if (discount && discountView && priced.discountCapped)
    discountView = { ...discountView, message: `${discountView.message} Limited on some items to what the store earns on them.` };
  const pricedLine = new Map(priced.lines.map((l) => [l.key, l]));
  const pricedGroup = new Map(priced.groups.map((g) => [g.key, g]));

  const quoteLines: QuoteLine[] = lines.map((l) => {
    const v = variants.get(l.variantId);
    const store = v ? storeOf.get(v.storeId) : undefined;
    const p = pricedLine.get(l.variantId);
    const unit = v?.priceMinor ?? 0;
    return {
      variantId: l.variantId,
      productId: v?.productId ?? l.productId,
      storeId: v?.storeId ?? "",
      storeName: store?.name ?? "",
      storeHandle: store?.handle ?? "",
      title: v?.title ?? "Item no longer available",
      variantLabel: v ? [v.color, v.size].filter(Boolean).join(" / ") : "",
      image: v?.image ?? null,
      quantity: l.quantity,
      unitPriceMinor: unit,
      itemsMinor: p?.itemsMinor ?? unit * l.quantity,
      discountMinor: p?.discountMinor ?? 0,
      taxMinor: p?.taxMinor ?? 0,
      groupKey: groupOf.get(l.variantId) ?? null,
      problem: problems.get(l.variantId) ?? null,
      priceWhenAddedMinor:
        v && l.addedPriceMinor != null && l.addedPriceMinor !== unit && !problems.has(l.variantId) ? l.addedPriceMinor : null,
    };
  });
  const now = ctx.clock.now();
  const groups: QuoteGroup[] = (routing?.groups ?? []).map((g) => {
    const pg = pricedGroup.get(g.warehouseId);
    return {
      key: g.warehouseId,
      warehouseId: g.warehouseId,
      warehouseName: g.warehouseName,
      fulfillerId: g.fulfillerId,
      fulfillerName: g.fulfillerName,
      lineVariantIds: g.lineKeys,
      shippingMinor: pg?.shippingMinor ?? g.shippingMinor,
      shippingTaxMinor: pg?.shippingTaxMinor ?? 0,
      productionDays: g.productionDays,
      minDays: g.minDays,
      maxDays: g.maxDays,
      estimate: deliveryEstimate(now, g),
    };
  });
  const everyLineOk = quoteLines.length > 0 && quoteLines.every((l) => !l.problem && l.groupKey);
  let addressProblem: string | null = null;
  if (!address) addressProblem = "Enter a shipping address to see shipping, tax and delivery dates.";
  else if (quoteLines.length > 0 && quoteLines.every((l) => l.problem?.kind === "no_shipping"))
    addressProblem = `None of these items can be shipped to ${countryName(address.country)} yet.`;
  const quote: CheckoutQuote = {
    currency,
    pricesIncludeTax,
    taxRatePercent,
    lines: quoteLines,
    groups,
    totals: {
      itemsMinor: priced.itemsMinor,
      discountMinor: priced.discountMinor,
      shippingMinor: priced.shippingMinor,
      taxMinor: priced.taxMinor,
      totalMinor: priced.totalMinor,
    },
    discount: discountView,
    addressProblem,
    canPlace: Boolean(address) && everyLineOk,
  };
  return { quote, variants, routing, unitBase, discount, platformFeePercent: settings.platformFeePercent };
}

/** Price the cart for an address: groups, shipping, discount, tax, total, and a message on every line that cannot be bought. */
export async function quoteCheckout(ctx: Ctx, req: CheckoutRequest): Promise<CheckoutQuote> {
  return (await resolveCheckout(ctx, req)).quote;
}

const SOLD_OUT_MESSAGE = "Sold out while you were checking out. Remove it or lower the quantity to continue.";

/**
 * Place an order: `pending_payment`, a snapshot of every line, its stock reserved and its code
 * redeemed, all in one transaction, with an expiry job for when it stays unpaid. Idempotent on
 * `placeKey`: a refresh, a double click or a second tab posting the same form gets the same order.
 * Anything that changed since the shopper looked (a price, stock, the total) comes back as a
 * refusal with the fresh quote; nothing is charged.
 */
export async function placeOrder(ctx: Ctx, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const key = placeKeySchema.safeParse(input.placeKey);
  if (!key.success) throw new AppError("invalid-place-key", key.error.issues[0]!.message, 422, "placeKey");
  const existing = await findByPlaceKey(ctx, key.data);
  if (existing) return { ok: true, orderId: existing, token: orderToken(existing, ctx.clock.now()) };
  const email = contactEmailSchema.safeParse(input.email);
  if (!email.success) throw new AppError("invalid-email", email.error.issues[0]!.message, 422, "email");
  if (!input.address) throw new AppError("invalid-address", "Enter a shipping address.", 422, "address");
  const address = parseOrderAddress(input.address);

  const r = await resolveCheckout(ctx, { ...input, address });
  const { quote } = r;
  if (!quote.lines.length) throw new AppError("empty-cart", "Your cart is empty.", 422, "lines");
  if (input.seenUnitPrices) {
    let repriced = false;
    for (const line of quote.lines) {
      const seen = input.seenUnitPrices[line.variantId];
      if (seen !== undefined && seen !== line.unitPriceMinor && !line.problem) {
        repriced = true;
        line.problem = {
          kind: "repriced",
          message: `The price changed from ${formatAmount(seen, quote.currency)} to ${formatAmount(line.unitPriceMinor, quote.currency)}. Check the new total and place your order again.`,
        };
      }
    }
    if (repriced)
      return { ok: false, quote, message: "A price changed since you opened checkout. Check the new total and place your order again." };
  }
  if (!quote.canPlace)
    return { ok: false, quote, message: quote.addressProblem ?? "Some items can't be bought as they are: see the message on each." };
  // A code that does not apply never blocks a purchase: the quote prices without it and says why
  // beside the field, and the shopper places the order at the total they saw.
  if (quote.totals.totalMinor !== input.seenTotalMinor)
    return {
      ok: false,
      quote,
      message: `The total changed from ${formatAmount(input.seenTotalMinor, quote.currency)} to ${formatAmount(quote.totals.totalMinor, quote.currency)}. Check your order and place it again.`,
    };

  await assertMayHoldMore(ctx, input.visitorCartId ?? null);
  const settings = await getSettings(ctx);
  const minutes = (settings as { unpaidOrderMinutes?: number }).unpaidOrderMinutes ?? 15;
  const now = ctx.clock.now();
  const orderId = newId("ord");
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  const userId = actorUserId(ctx.actor);
  const skus = await getBlankVariants(
    ctx,
    [...r.variants.values()].map((v) => v.blankVariantId),
  );
  try {
    const outcome = await transaction(ctx.db, async (tx) => {
      const tctx = withDb(ctx, tx);
      const seq = (await tx.execute(sql`select nextval(${sql.raw(`'${orderNumberSeq.seqName}'`)})::text as n`)) as unknown as {
        rows: { n: string }[];
      };
      const n = seq.rows[0]!.n;
      await tx.insert(orders).values({
        id: orderId,
        number: `PL-${n}`,
        status: "pending_payment",
        userId,
        email: email.data.toLowerCase(),
        placeKey: key.data,
        visitorCartId: userId ? null : (input.visitorCartId ?? null),
        currency: quote.currency,
        pricesIncludeTax: quote.pricesIncludeTax,
        taxRatePercent: quote.taxRatePercent,
        platformFeePercent: r.platformFeePercent,
        discountCode: r.discount?.code ?? null,
        discountPerkId: r.discount?.perkId ?? null,
        address,
        itemsMinor: quote.totals.itemsMinor,
        discountMinor: quote.totals.discountMinor,
        shippingMinor: quote.totals.shippingMinor,
        taxMinor: quote.totals.taxMinor,
        totalMinor: quote.totals.totalMinor,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const groupIds = new Map<string, string>();
      for (const [i, g] of quote.groups.entries()) {
        const id = newId("sgr");
        groupIds.set(g.key, id);
        await tx.insert(shipmentGroups).values({
          id,
          orderId,
          warehouseId: g.warehouseId,
          warehouseName: g.warehouseName,
          fulfillerId: g.fulfillerId,
          fulfillerName: g.fulfillerName,
          shippingMinor: g.shippingMinor,
          shippingTaxMinor: g.shippingTaxMinor,
          productionDays: g.productionDays,
          minDays: g.minDays,
          maxDays: g.maxDays,
          sortOrder: i,
        });
      }
      await tx.insert(orderLines).values(
        quote.lines.map((l, i) => {
          const v = r.variants.get(l.variantId)!;
          return {
            id: newId("oln"),
            orderId,
            groupId: groupIds.get(l.groupKey!)!,
            productId: l.productId,
            variantId: l.variantId,
            blankId: v.blankId,
            blankVariantId: v.blankVariantId,
            sku: skus.get(v.blankVariantId)?.sku ?? "",
            storeId: l.storeId,
            storeName: l.storeName,
            storeHandle: l.storeHandle,
            title: l.title,
            color: v.color,
            size: v.size,
            image: l.image,
            printFiles: v.printFiles,
            quantity: l.quantity,
            unitPriceMinor: l.unitPriceMinor,
            unitBaseCostMinor: r.unitBase.get(l.variantId) ?? 0,
            itemsMinor: l.itemsMinor,
            discountMinor: l.discountMinor,
            taxMinor: l.taxMinor,
            sortOrder: i,
          };
        }),
      );
      const reserved = await reserveStock(tctx, {
        orderId,
        items: quote.lines.map((l) => ({
          warehouseId: l.groupKey!,
          blankVariantId: r.variants.get(l.variantId)!.blankVariantId,
          quantity: l.quantity,
        })),
      });
      // A refusal rolls the whole order back (nothing reserved, no order). A discount code's use is
      // taken when the order is paid (markPaid), so unpaid orders never use up a limited code.
      if (!reserved.ok) throw new RolledBack({ soldOut: reserved.soldOut });
      await enqueue(tx, ORDER_EXPIRE_TOPIC, { orderId }, { runAt: expiresAt, dedupeKey: `${ORDER_EXPIRE_TOPIC}:${orderId}` });
      return { placed: true } as const;
    }).catch((error: unknown) => {
      if (error instanceof RolledBack) return error.outcome;
      throw error;
    });
    if ("placed" in outcome) return { ok: true, orderId, token: orderToken(orderId, now) };
    return refusal(ctx, input, address, outcome, r.variants);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await findByPlaceKey(ctx, key.data);
      if (again) return { ok: true, orderId: again, token: orderToken(again, ctx.clock.now()) };
    }
    throw error;
  }
}

/** Unpaid orders one shopper (an account, or a visitor's cart) may have at once. */
export const MAX_UNPAID_ORDERS = 3;
const PLACE_WINDOW_MS = 60 * 60_000;

/**
 * Unpaid orders hold stock (and nothing else): one shopper may keep at most MAX_UNPAID_ORDERS
 * waiting for payment, and one network address may place ORDERS_MAX_PER_IP orders an hour, so a
 * visitor (or a script dropping its cookies) cannot hold every unit of a scarce item. The demo
 * seed and jobs (no shopper, no address) are not counted.
 */
async function assertMayHoldMore(ctx: Ctx, visitorCartId: string | null): Promise<void> {
  const userId = actorUserId(ctx.actor);
  const who = userId ? eq(orders.userId, userId) : visitorCartId ? eq(orders.visitorCartId, visitorCartId) : null;
  if (who) {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(who, eq(orders.status, "pending_payment")));
    if (Number(row?.n ?? 0) >= MAX_UNPAID_ORDERS)
      throw new AppError(
        "too-many-unpaid",
        `You have ${MAX_UNPAID_ORDERS} orders waiting for payment. Pay or cancel one of them (the links are in their e-mails) before placing another.`,
        429,
      );
  }
  await takeRateLimit(ctx, {
    kind: "place-order",
    limit: env().ORDERS_MAX_PER_IP,
    windowMs: PLACE_WINDOW_MS,
    message: (m) => `Too many orders were placed from your network in the last hour. Try again in ${m} minute${m === 1 ? "" : "s"}.`,
  });
}

class RolledBack extends Error {
  constructor(readonly outcome: { soldOut: { warehouseId: string; blankVariantId: string; available: number }[] }) {
    super("rolled back");
  }
}

async function refusal(
  ctx: Ctx,
  input: PlaceOrderInput,
  address: OrderAddress,
  outcome: { soldOut: { warehouseId: string; blankVariantId: string; available: number }[] },
  variants: Map<string, CheckoutVariantInfo>,
): Promise<PlaceOrderResult> {
  const quote = await quoteCheckout(ctx, { ...input, address });
  for (const s of outcome.soldOut) {
    const line = quote.lines.find((l) => variants.get(l.variantId)?.blankVariantId === s.blankVariantId);
    if (line && !line.problem)
      line.problem = {
        kind: "sold_out",
        message: s.available > 0 ? `Only ${s.available} left: lower the quantity to continue.` : SOLD_OUT_MESSAGE,
      };
  }
  quote.canPlace = false;
  return { ok: false, quote, message: "Sold out: some items sold out while you were checking out." };
}

async function findByPlaceKey(ctx: Ctx, placeKey: string): Promise<string | null> {
  const [row] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.placeKey, placeKey)).limit(1);
  return row?.id ?? null;
}
