import { and, asc, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import { stockLevels } from "../fulfillment/index.ts";
import { printFiles, productMockups, products, productVariants } from "./schema.ts";
import type { MockupRef, ProductStatus } from "./types.ts";

/** What the cart needs of a product variant: its product, colour, size, price and whether it can be bought. */
export interface CartVariantInfo {
  variantId: string;
  productId: string;
  color: string;
  size: string;
  /** The variant's own price, else the product's (minor units). */
  priceMinor: number;
  /** ISO 4217 currency of priceMinor (the product's). */
  currency: string;
  productStatus: ProductStatus;
  /** Published product and enabled variant. */
  available: boolean;
  /** The mockup of the variant's own colour (first print area), null when none was rendered. */
  image: MockupRef | null;
  /** Units left for sale over every warehouse that makes it; null when it is made to order (not counted). */
  left: number | null;
}

/** Variants by id, for the cart (shopping module). Unknown ids are simply absent from the map. */
export async function getVariantsForCart(ctx: Ctx, variantIds: readonly string[]): Promise<Map<string, CartVariantInfo>> {
  const ids = [...new Set(variantIds)].filter(Boolean);
  const out = new Map<string, CartVariantInfo>();
  if (!ids.length) return out;
  const rows = await ctx.db
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      blankVariantId: productVariants.blankVariantId,
      color: productVariants.color,
      size: productVariants.size,
      variantPrice: productVariants.priceMinor,
      enabled: productVariants.enabled,
      productPrice: products.priceMinor,
      currency: products.currency,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const stock = await stockLevels(
    ctx,
    rows.map((r) => r.blankVariantId),
  );
  const mockups = productIds.length
    ? await ctx.db
        .select({
          productId: productMockups.productId,
          hash: productMockups.hash,
          color: productMockups.color,
          areaKey: productMockups.areaKey,
          width: productMockups.width,
          height: productMockups.height,
        })
        .from(productMockups)
        .where(inArray(productMockups.productId, productIds))
        .orderBy(asc(productMockups.sortOrder), asc(productMockups.id))
    : [];
  const imageOf = new Map<string, MockupRef>();
  for (const { productId, ...m } of mockups) {
    const key = `${productId}\u0000${m.color}`;
    if (!imageOf.has(key)) imageOf.set(key, m);
  }
  for (const r of rows) {
    out.set(r.variantId, {
      variantId: r.variantId,
      productId: r.productId,
      color: r.color,
      size: r.size,
      priceMinor: r.variantPrice ?? r.productPrice,
      currency: r.currency,
      productStatus: r.status,
      available: r.status === "published" && r.enabled,
      image: imageOf.get(`${r.productId}\u0000${r.color}`) ?? null,
      left: stock.get(r.blankVariantId) ?? null,
    });
  }
  return out;
}

/** Ids among `productIds` that are published (wishes, requests and recommendations only keep these). */
export async function publishedProductIds(ctx: Ctx, productIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(productIds)].filter(Boolean);
  if (!ids.length) return new Set();
  const rows = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, "published")));
  return new Set(rows.map((r) => r.id));
}

/** Published products of a store (for answering a product request), newest first. */
export async function publishedProductsOfStore(
  ctx: Ctx,
  storeId: string,
  limit = 200,
): Promise<{ id: string; title: string; category: string }[]> {
  return ctx.db
    .select({ id: products.id, title: products.title, category: products.category })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.status, "published")))
    .orderBy(products.title)
    .limit(limit);
}

/** A product's store and status (shopping: answers must use the answering store's published product). */
export async function productOwnership(
  ctx: Ctx,
  productId: string,
): Promise<{ storeId: string; status: ProductStatus; title: string } | null> {
  const [row] = await ctx.db
    .select({ storeId: products.storeId, status: products.status, title: products.title })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/** What checkout needs of a variant: the cart's facts plus its store, title, blank and print files (the order's snapshot). */
export interface CheckoutVariantInfo extends CartVariantInfo {
  storeId: string;
  title: string;
  blankId: string;
  blankVariantId: string;
  printFiles: { areaKey: string; storageKey: string; widthPx: number; heightPx: number; dpi: number }[];
}

/** Variants by id, for checkout (orders module). Unknown ids are absent from the map. */
export async function getVariantsForCheckout(ctx: Ctx, variantIds: readonly string[]): Promise<Map<string, CheckoutVariantInfo>> {
  const base = await getVariantsForCart(ctx, variantIds);
  const out = new Map<string, CheckoutVariantInfo>();
  if (!base.size) return out;
  const rows = await ctx.db
    .select({
      variantId: productVariants.id,
      blankVariantId: productVariants.blankVariantId,
      storeId: products.storeId,
      title: products.title,
      blankId: products.blankId,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...base.keys()]));
  const productIds = [...new Set([...base.values()].map((v) => v.productId))];
  const files = await ctx.db
    .select({
      productId: printFiles.productId,
      areaKey: printFiles.areaKey,
      storageKey: printFiles.storageKey,
      widthPx: printFiles.widthPx,
      heightPx: printFiles.heightPx,
      dpi: printFiles.dpi,
    })
    .from(printFiles)
    .where(inArray(printFiles.productId, productIds))
    .orderBy(asc(printFiles.areaKey));
  for (const r of rows) {
    const v = base.get(r.variantId);
    if (!v) continue;
    out.set(r.variantId, {
      ...v,
      storeId: r.storeId,
      title: r.title,
      blankId: r.blankId,
      blankVariantId: r.blankVariantId,
      printFiles: files.filter((f) => f.productId === v.productId).map(({ productId: _p, ...f }) => f),
    });
  }
  return out;
}

/**
 * Units left for sale of each of a product's variants (by product variant id): null when made to
 * order. Read apart from the product page's memo, so the page never shows yesterday's stock.
 */
export async function productVariantStock(ctx: Ctx, productId: string): Promise<Record<string, number | null>> {
  const rows = await ctx.db
    .select({ id: productVariants.id, blankVariantId: productVariants.blankVariantId })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const stock = await stockLevels(
    ctx,
    rows.map((r) => r.blankVariantId),
  );
  return Object.fromEntries(rows.map((r) => [r.id, stock.get(r.blankVariantId) ?? null]));
}
