// Read functions of the public storefront: product cards, the product page, home rows,
// category counts, featured stores and the sitemap. Visitors only ever see published products
// of active stores; a store's members and admins also see their drafts (with a banner).
// Stores are the stores module's: which are suspended, their names and handles are asked through
// its index.ts (ADR 0010), never read from its table here.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { countryName, escapeHtml } from "../../contracts/index.ts";
import { UntilWriteMemo, type Db } from "../../infra/db/index.ts";
import { productMockups, products, productVariants } from "./schema.ts";
import { hasRole, notFound, type Ctx } from "../../kernel/index.ts";
import { blankColorHexes, blankColorsOf, getBlankDetail, warehousesStockingBlanks } from "../fulfillment/index.ts";
import {
  getStoreByHandle,
  getStoreById,
  getStoresByHandles,
  getStoresByIds,
  listPublicStores,
  suspendedStoreIds,
} from "../stores/index.ts";
import { canManageStoreProducts } from "./access.ts";
import { CATEGORIES, type Category, type MockupRef, type ProductCard, type ProductStatus } from "./types.ts";
import type { FacetValue, SearchQuery, SearchResult } from "../search/types.ts";

/** Published and in an active store: what a visitor may see (one small query for the suspended stores). */
async function visibleWhere(ctx: Ctx): Promise<SQL> {
  const hidden = await suspendedStoreIds(ctx);
  return and(eq(products.status, "published"), hidden.length ? notInArray(products.storeId, hidden) : undefined)!;
}

type CardRow = {
  id: string;
  title: string;
  category: Category;
  priceMinor: number;
  currency: string;
  status: ProductStatus;
  primaryColor: string;
  blankId: string;
  publishedAt: Date | null;
  storeId: string;
};

const cardColumns = {
  id: products.id,
  title: products.title,
  category: products.category,
  priceMinor: products.priceMinor,
  currency: products.currency,
  status: products.status,
  primaryColor: products.primaryColor,
  blankId: products.blankId,
  publishedAt: products.publishedAt,
  storeId: products.storeId,
};

/** Mockup used as a product's main image: the primary colour's first area, else the first mockup. */
function pickMainImage(mockups: MockupRef[], primaryColor: string): MockupRef | null {
  return mockups.find((m) => m.color === primaryColor) ?? mockups[0] ?? null;
}

/** Fills stores, prices, colours and main images of product rows (4 queries for any number of rows; stores and colours from their modules). */
async function toCards(ctx: Ctx, rows: CardRow[]): Promise<ProductCard[]> {
  if (!rows.length) return [];
  const db: Db = ctx.db;
  const storeRows = await getStoresByIds(ctx, [...new Set(rows.map((r) => r.storeId))]);
  const storeOf = new Map(storeRows.map((st) => [st.id, st]));
  const ids = rows.map((r) => r.id);
  const blankIds = [...new Set(rows.map((r) => r.blankId))];
  const [variantRows, colorsOf, mockupRows] = await Promise.all([
    db
      .select({ productId: productVariants.productId, color: productVariants.color, priceMinor: productVariants.priceMinor })
      .from(productVariants)
      .where(and(inArray(productVariants.productId, ids), eq(productVariants.enabled, true))),
    blankColorsOf({ db }, blankIds),
    db
      .select({
        productId: productMockups.productId,
        hash: productMockups.hash,
        color: productMockups.color,
        areaKey: productMockups.areaKey,
        width: productMockups.width,
        height: productMockups.height,
      })
      .from(productMockups)
      .where(inArray(productMockups.productId, ids))
      .orderBy(asc(productMockups.sortOrder), asc(productMockups.id)),
  ]);
  const variantsOf = new Map<string, { color: string; priceMinor: number | null }[]>();
  for (const v of variantRows) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
  const mockupsOf = new Map<string, MockupRef[]>();
  for (const m of mockupRows)
    mockupsOf.set(m.productId, [
      ...(mockupsOf.get(m.productId) ?? []),
      { hash: m.hash, color: m.color, areaKey: m.areaKey, width: m.width, height: m.height },
    ]);

  return rows.map((r) => {
    const variants = variantsOf.get(r.id) ?? [];
    const prices = variants.length ? variants.map((v) => v.priceMinor ?? r.priceMinor) : [r.priceMinor];
    const used = new Set(variants.map((v) => v.color));
    const colors = (colorsOf.get(r.blankId) ?? []).filter((c) => used.has(c.name));
    return {
      id: r.id,
      title: r.title,
      category: r.category,
      priceMinor: Math.min(...prices),
      priceMaxMinor: Math.max(...prices),
      currency: r.currency,
      storeId: r.storeId,
      storeHandle: storeOf.get(r.storeId)?.handle ?? "",
      storeName: storeOf.get(r.storeId)?.name ?? "",
      colors,
      image: pickMainImage(mockupsOf.get(r.id) ?? [], r.primaryColor),
      status: r.status,
      publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
    };
  });
}

/** Cards of published products, in the order of `ids` (unknown, draft or hidden ids are left out). */
export async function getProductCards(ctx: Ctx, ids: readonly string[]): Promise<ProductCard[]> {
  const unique = [...new Set(ids)].filter((id) => typeof id === "string" && id.length > 0 && id.length <= 64);
  if (!unique.length) return [];
  const rows = await ctx.db
    .select(cardColumns)
    .from(products)
    .where(and(inArray(products.id, unique), await visibleWhere(ctx)));
  const cards = await toCards(ctx, rows);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return unique.map((id) => byId.get(id)).filter((c): c is ProductCard => !!c);
}

// ---- the product page -----------------------------------------------------------------------------

export interface ProductPageVariant {
  id: string;
  color: string;
  size: string;
  sku: string;
  priceMinor: number;
}

export interface ShippingEstimate {
  /** "Portland, OR" */
  from: string;
  country: string;
  /** "United States": named here, so that the page needs no Intl.DisplayNames in the browser. */
  countryName: string;
  productionDays: number;
  /** Delivery days after dispatch to the warehouse's own country. */
  domesticDays: [number, number];
  /** Delivery days after dispatch abroad. */
  internationalDays: [number, number];
}

export interface ProductPage {
  product: {
    id: string;
    title: string;
    description: string;
    tags: string[];
    category: Category;
    status: ProductStatus;
    priceMinor: number;
    priceMaxMinor: number;
    /** ISO 4217 currency of the prices, as stored with the product. */
    currency: string;
    primaryColor: string;
    publishedAt: string | null;
    updatedAt: string;
  };
  /** True when a visitor would not see this page (draft, in review, taken down, suspended store). */
  hiddenFromPublic: boolean;
  store: {
    id: string;
    handle: string;
    name: string;
    bio: string;
    avatarKey: string | null;
    accentColor: string;
    status: "active" | "suspended";
  };
  blank: {
    id: string;
    name: string;
    brand: string;
    material: string;
    description: string;
    productionDays: number;
    sizeGuide: Record<string, Record<string, string>>;
  };
  variants: ProductPageVariant[];
  colors: { name: string; hex: string }[];
  sizes: string[];
  /** Every mockup, ordered: per colour, one per print area. */
  mockups: MockupRef[];
  /** Print area key -> label ("Front", "Back"). */
  areaLabels: Record<string, string>;
  shipping: ShippingEstimate[];
  card: ProductCard;
}

/** Delivery windows after dispatch: domestic and abroad (business days). Kept simple and honest. */
export const DELIVERY_DAYS = { domestic: [2, 5] as [number, number], international: [5, 10] as [number, number] };

/**
 * The product page. 404 unless published in an active store, except to the store's owner and team
 * members with the products permission, and admins, who also see drafts (`hiddenFromPublic`).
 */
export async function getProductPage(ctx: Ctx, id: string): Promise<ProductPage> {
  if (!/^[a-z]+_[0-9A-Za-z]{1,60}$/.test(id)) throw notFound("The product");
  const [found] = await ctx.db
    .select({
      product: products,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  const s = found ? await getStoreById(ctx, found.product.storeId) : null;
  if (!found || !s) throw notFound("The product");
  const row = {
    ...found,
    store: { id: s.id, handle: s.handle, name: s.name, bio: s.bio, avatarKey: s.avatarKey, accentColor: s.accentColor, status: s.status },
  };
  const hiddenFromPublic = row.product.status !== "published" || row.store.status !== "active";
  if (hiddenFromPublic && !hasRole(ctx.actor, "admin") && !(await canManageStoreProducts(ctx, row.store.id))) throw notFound("The product");

  const p = row.product;
  // The blank (fulfillment module) is read beside the product's own rows, all at once.
  const [productVariantRows, detail, mockupRows, warehousesOf] = await Promise.all([
    ctx.db
      .select({
        id: productVariants.id,
        blankVariantId: productVariants.blankVariantId,
        color: productVariants.color,
        size: productVariants.size,
        priceMinor: productVariants.priceMinor,
      })
      .from(productVariants)
      .where(and(eq(productVariants.productId, p.id), eq(productVariants.enabled, true))),
    getBlankDetail(ctx, p.blankId),
    ctx.db
      .select({
        hash: productMockups.hash,
        color: productMockups.color,
        areaKey: productMockups.areaKey,
        width: productMockups.width,
        height: productMockups.height,
      })
      .from(productMockups)
      .where(eq(productMockups.productId, p.id))
      .orderBy(asc(productMockups.sortOrder), asc(productMockups.id)),
    warehousesStockingBlanks(ctx, [p.blankId]),
  ]);
  const blank = {
    id: detail.blank.id,
    name: detail.blank.name,
    brand: detail.blank.brand,
    material: detail.blank.material,
    description: detail.blank.description,
    productionDays: detail.blank.productionDays,
    sizeGuide: detail.blank.sizeGuide,
  };
  // Offered variants only, in the blank's order.
  const blankVariantOf = new Map(detail.variants.map((v) => [v.id, v]));
  const variantRows = productVariantRows
    .flatMap((v) => {
      const bv = blankVariantOf.get(v.blankVariantId);
      return bv?.active ? [{ ...v, sku: bv.sku, sortOrder: bv.sortOrder }] : [];
    })
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const colorRows = detail.colors.map((c) => ({ name: c.name, hex: c.hex }));
  const areaRows = detail.areas;
  const warehouseRows = warehousesOf.get(p.blankId) ?? [];

  const variants: ProductPageVariant[] = variantRows.map((v) => ({
    id: v.id,
    color: v.color,
    size: v.size,
    sku: v.sku,
    priceMinor: v.priceMinor ?? p.priceMinor,
  }));
  const used = new Set(variants.map((v) => v.color));
  const colors = colorRows.filter((c) => used.has(c.name));
  const sizes = [...new Set(variants.map((v) => v.size))];
  const prices = variants.length ? variants.map((v) => v.priceMinor) : [p.priceMinor];
  // Main colour first in the gallery order.
  const mockups: MockupRef[] = mockupRows;
  const areaLabels = Object.fromEntries(areaRows.map((a) => [a.key, a.label]));
  const shipping: ShippingEstimate[] = warehouseRows.map((w) => ({
    from: w.city ? (w.region ? `${w.city}, ${w.region}` : w.city) : w.name,
    country: w.country,
    countryName: countryName(w.country),
    productionDays: blank.productionDays,
    domesticDays: DELIVERY_DAYS.domestic,
    internationalDays: DELIVERY_DAYS.international,
  }));
  const primaryColor = colors.some((c) => c.name === p.primaryColor) ? p.primaryColor : (colors[0]?.name ?? p.primaryColor);
  const product = {
    id: p.id,
    title: p.title,
    description: p.description,
    tags: p.tags,
    category: p.category,
    status: p.status,
    priceMinor: Math.min(...prices),
    priceMaxMinor: Math.max(...prices),
    currency: p.currency,
    primaryColor,
    publishedAt: p.publishedAt ? p.publishedAt.toISOString() : null,
    updatedAt: p.updatedAt.toISOString(),
  };
  return {
    product,
    hiddenFromPublic,
    store: row.store,
    blank,
    variants,
    colors,
    sizes,
    mockups,
    areaLabels,
    shipping,
    card: {
      id: p.id,
      title: p.title,
      category: p.category,
      priceMinor: product.priceMinor,
      priceMaxMinor: product.priceMaxMinor,
      currency: p.currency,
      storeId: row.store.id,
      storeHandle: row.store.handle,
      storeName: row.store.name,
      colors,
      image: pickMainImage(mockups, primaryColor),
      status: p.status,
      publishedAt: product.publishedAt,
    },
  };
}

// ---- rows of the home page and the product page -------------------------------------------------

const clampLimit = (limit: number, max = 48) => Math.max(1, Math.min(max, Math.floor(limit) || 1));

/** Other published products of the same store, newest first. */
export async function moreFromStore(ctx: Ctx, storeId: string, excludeId: string, limit = 8): Promise<ProductCard[]> {
  const rows = await ctx.db
    .select(cardColumns)
    .from(products)
    .where(and(eq(products.storeId, storeId), ne(products.id, excludeId), await visibleWhere(ctx)))
    .orderBy(desc(products.publishedAt), desc(products.id))
    .limit(clampLimit(limit));
  return toCards(ctx, rows);
}

/** Featured products (the admin's picks), newest first. */
export async function listFeaturedProductIds(ctx: Ctx, limit = 8): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.featured, true), await visibleWhere(ctx)))
    .orderBy(desc(products.publishedAt), desc(products.id))
    .limit(clampLimit(limit));
  return rows.map((r) => r.id);
}

/**
 * Newest published products. With `perStore`, at most that many per store, so one busy store does
 * not fill the whole row.
 */
export async function listNewProductIds(ctx: Ctx, limit = 8, opts: { perStore?: number; category?: Category } = {}): Promise<string[]> {
  const n = clampLimit(limit);
  const where = and(await visibleWhere(ctx), opts.category ? eq(products.category, opts.category) : undefined);
  if (!opts.perStore) {
    const rows = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(desc(products.publishedAt), desc(products.id))
      .limit(n);
    return rows.map((r) => r.id);
  }
  const ranked = ctx.db
    .select({
      id: products.id,
      publishedAt: products.publishedAt,
      rank: sql<number>`row_number() over (partition by ${products.storeId} order by ${products.publishedAt} desc, ${products.id} desc)`.as(
        "rank",
      ),
    })
    .from(products)
    .where(where)
    .as("ranked");
  const rows = await ctx.db
    .select({ id: ranked.id })
    .from(ranked)
    .where(lte(ranked.rank, opts.perStore))
    .orderBy(desc(ranked.publishedAt), desc(ranked.id))
    .limit(n);
  return rows.map((r) => r.id);
}

export interface CategoryCount {
  category: Category;
  count: number;
  /** A mockup of the category's newest published product (the tile of the home page). */
  image: MockupRef | null;
}

/** Published products per category (every category, zero included) with a mockup each. */
export async function categoryCounts(ctx: Ctx): Promise<CategoryCount[]> {
  const visible = await visibleWhere(ctx);
  const [counts, newest] = await Promise.all([
    ctx.db.select({ category: products.category, n: count() }).from(products).where(visible).groupBy(products.category),
    ctx.db
      .selectDistinctOn([products.category], { category: products.category, id: products.id, primaryColor: products.primaryColor })
      .from(products)
      .innerJoin(productMockups, eq(productMockups.productId, products.id))
      .where(visible)
      .orderBy(products.category, desc(products.publishedAt), desc(products.id)),
  ]);
  const mockups = newest.length
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
        .where(
          inArray(
            productMockups.productId,
            newest.map((r) => r.id),
          ),
        )
        .orderBy(asc(productMockups.sortOrder), asc(productMockups.id))
    : [];
  const countOf = new Map(counts.map((c) => [c.category, Number(c.n)]));
  return CATEGORIES.map((category) => {
    const pick = newest.find((r) => r.category === category);
    const refs = pick ? mockups.filter((m) => m.productId === pick.id).map(({ productId: _p, ...m }) => m) : [];
    return { category, count: countOf.get(category) ?? 0, image: pick ? pickMainImage(refs, pick.primaryColor) : null };
  });
}

export interface FeaturedStore {
  id: string;
  handle: string;
  name: string;
  bio: string;
  avatarKey: string | null;
  bannerKey: string | null;
  accentColor: string;
  productCount: number;
  /** Up to three product mockups for the store tile. */
  images: MockupRef[];
}

/** Active stores with published products: featured first, then by number of products. */
export async function listFeaturedStores(ctx: Ctx, limit = 6): Promise<FeaturedStore[]> {
  const n = clampLimit(limit, 24);
  // Products per store (catalogue), then the stores themselves (stores module): the featured ones
  // and those whose count can reach the first n.
  const counts = await ctx.db
    .select({ storeId: products.storeId, productCount: count(products.id) })
    .from(products)
    .where(await visibleWhere(ctx))
    .groupBy(products.storeId)
    .orderBy(desc(count(products.id)));
  if (!counts.length) return [];
  const featured = await listPublicStores(ctx, { featured: true, limit: 200 });
  const countOf = new Map(counts.map((c) => [c.storeId, Number(c.productCount)]));
  const cutoff = Number(counts[Math.min(n, counts.length) - 1]!.productCount);
  const candidates = [
    ...new Set([...featured.map((f) => f.id), ...counts.filter((c) => Number(c.productCount) >= cutoff).map((c) => c.storeId)]),
  ];
  const rows = (
    await getStoresByIds(
      ctx,
      candidates.filter((id) => countOf.has(id)),
    )
  )
    .filter((st) => st.status === "active")
    .sort((a, b) => Number(b.featured) - Number(a.featured) || countOf.get(b.id)! - countOf.get(a.id)! || a.name.localeCompare(b.name))
    .slice(0, n)
    .map((st) => ({
      id: st.id,
      handle: st.handle,
      name: st.name,
      bio: st.bio,
      avatarKey: st.avatarKey,
      bannerKey: st.bannerKey,
      accentColor: st.accentColor,
      featured: st.featured,
      productCount: countOf.get(st.id)!,
    }));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const ranked = ctx.db
    .select({
      storeId: products.storeId,
      productId: products.id,
      primaryColor: products.primaryColor,
      rank: sql<number>`row_number() over (partition by ${products.storeId} order by ${products.publishedAt} desc, ${products.id} desc)`.as(
        "rank",
      ),
    })
    .from(products)
    .where(and(inArray(products.storeId, ids), eq(products.status, "published")))
    .as("ranked");
  const picks = await ctx.db.select().from(ranked).where(lte(ranked.rank, 3));
  const mockups = picks.length
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
        .where(
          inArray(
            productMockups.productId,
            picks.map((p) => p.productId),
          ),
        )
        .orderBy(asc(productMockups.sortOrder), asc(productMockups.id))
    : [];
  return rows.map(({ featured: _f, productCount, ...s }) => {
    const images = picks
      .filter((p) => p.storeId === s.id)
      .sort((a, b) => Number(a.rank) - Number(b.rank))
      .map((p) =>
        pickMainImage(
          mockups.filter((m) => m.productId === p.productId).map(({ productId: _p, ...m }) => m),
          p.primaryColor,
        ),
      )
      .filter((m): m is MockupRef => !!m);
    return { ...s, productCount: Number(productCount), images };
  });
}

// ---- a simple filtered listing (until/unless the search module answers the grid) ---------------

/**
 * Published products matching a SearchQuery, with facets, in the SearchResult shape, so grids can
 * switch between this and the search module without changing. Title/tag matching is a plain
 * case-insensitive substring; ranking and typo tolerance are the search module's job.
 */
export async function browseProducts(ctx: Ctx, query: SearchQuery): Promise<SearchResult> {
  const started = performance.now();
  const conds: (SQL | undefined)[] = [await visibleWhere(ctx)];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(products.title, like),
        ilike(products.description, like),
        sql`exists (select 1 from unnest(${products.tags}) t where t ilike ${like})`,
      ),
    );
  }
  if (query.storeHandle) {
    const store = await getStoreByHandle(ctx, query.storeHandle.toLowerCase());
    conds.push(store ? eq(products.storeId, store.id) : sql`false`);
  }
  const base = conds.slice();
  if (query.category) conds.push(eq(products.category, query.category));
  const priceExpr = sql<number>`(select coalesce(min(coalesce(pv.price_minor, ${products.priceMinor})), ${products.priceMinor}) from product_variants pv where pv.product_id = ${products.id} and pv.enabled)`;
  if (query.minPriceMinor !== undefined) conds.push(gte(priceExpr, query.minPriceMinor));
  if (query.maxPriceMinor !== undefined) conds.push(lte(priceExpr, query.maxPriceMinor));
  if (query.colors.length)
    conds.push(
      sql`exists (select 1 from product_variants pv where pv.product_id = ${products.id} and pv.enabled and pv.color in ${query.colors})`,
    );
  if (query.sizes.length)
    conds.push(
      sql`exists (select 1 from product_variants pv where pv.product_id = ${products.id} and pv.enabled and pv.size in ${query.sizes})`,
    );
  const where = and(...conds);

  const order =
    query.sort === "price-asc"
      ? [asc(priceExpr), desc(products.publishedAt), desc(products.id)]
      : query.sort === "price-desc"
        ? [desc(priceExpr), desc(products.publishedAt), desc(products.id)]
        : [desc(products.publishedAt), desc(products.id)];

  const [[total], rows, catFacet, colorFacet, sizeFacet, storeFacet, [range]] = await Promise.all([
    ctx.db.select({ n: count() }).from(products).where(where),
    ctx.db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    // The category facet ignores the chosen category (so the others stay offered).
    ctx.db
      .select({ value: products.category, count: count() })
      .from(products)
      .where(and(...base))
      .groupBy(products.category),
    ctx.db
      .select({ value: productVariants.color, count: sql<number>`count(distinct ${products.id})` })
      .from(products)
      .innerJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.enabled, true)))
      .where(where)
      .groupBy(productVariants.color),
    ctx.db
      .select({ value: productVariants.size, count: sql<number>`count(distinct ${products.id})` })
      .from(products)
      .innerJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.enabled, true)))
      .where(where)
      .groupBy(productVariants.size),
    ctx.db.select({ storeId: products.storeId, count: count() }).from(products).where(where).groupBy(products.storeId),
    ctx.db
      .select({ min: sql<number | null>`min(${priceExpr})`, max: sql<number | null>`max(${priceExpr})` })
      .from(products)
      .where(and(...base)),
  ]);
  const facet = (rows: { value: string; count: number | string }[]): FacetValue[] =>
    rows.map((r) => ({ value: r.value, count: Number(r.count) })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const n = Number(total?.n ?? 0);
  const cards = await toCards(ctx, rows);
  const facetStores = new Map(
    (
      await getStoresByIds(
        ctx,
        storeFacet.map((f) => f.storeId),
      )
    ).map((st) => [st.id, st.handle]),
  );
  const pageCount = Math.max(1, Math.ceil(n / query.pageSize));
  return {
    hits: cards.map((c) => ({ ...c, highlightedTitle: escapeHtml(c.title) })),
    total: n,
    page: query.page,
    pageCount,
    facets: {
      category: CATEGORIES.map((c) => ({ value: c, count: Number(catFacet.find((f) => f.value === c)?.count ?? 0) })).filter(
        (f) => f.count > 0,
      ),
      colors: facet(colorFacet),
      sizes: facet(sizeFacet),
      store: facet(storeFacet.flatMap((f) => (facetStores.has(f.storeId) ? [{ value: facetStores.get(f.storeId)!, count: f.count }] : []))),
      price: { min: Number(range?.min ?? 0), max: Number(range?.max ?? 0) },
    },
    tookMs: Math.round(performance.now() - started),
    provider: "postgres",
  };
}

/** Colour name -> hex over every blank (for colour facets). */
export async function colorHexes(ctx: Ctx): Promise<Record<string, string>> {
  return blankColorHexes(ctx);
}

// ---- sitemap ------------------------------------------------------------------------------------

export interface SitemapEntries {
  products: { id: string; lastmod: string }[];
  stores: { handle: string; lastmod: string }[];
  categories: { category: Category; lastmod: string | null }[];
}

/** Everything public of the catalogue, for sitemap.xml (published products, active stores with products). */
export async function sitemapEntries(ctx: Ctx): Promise<SitemapEntries> {
  const visible = await visibleWhere(ctx);
  const [productRows, publicStores, storeLatest, categoryRows] = await Promise.all([
    ctx.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(visible)
      .orderBy(desc(products.updatedAt), asc(products.id))
      .limit(45_000),
    listPublicStores(ctx, { limit: 45_000 }),
    ctx.db
      .select({ storeId: products.storeId, latest: sql<Date | string | null>`max(${products.updatedAt})` })
      .from(products)
      .where(visible)
      .groupBy(products.storeId),
    ctx.db
      .select({ category: products.category, latest: sql<Date | string | null>`max(${products.updatedAt})` })
      .from(products)
      .where(visible)
      .groupBy(products.category),
  ]);
  const latestOf = new Map(storeLatest.map((r) => [r.storeId, r.latest]));
  const storeRows = publicStores
    .map((st) => ({ handle: st.handle, updatedAt: st.updatedAt, latest: latestOf.get(st.id) ?? null }))
    .sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0));
  const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);
  const later = (a: string, b: string | null) => (b && b > a ? b : a);
  return {
    products: productRows.map((r) => ({ id: r.id, lastmod: r.updatedAt.toISOString() })),
    stores: storeRows.map((r) => ({ handle: r.handle, lastmod: later(r.updatedAt.toISOString(), iso(r.latest)) })),
    categories: CATEGORIES.map((category) => ({ category, lastmod: iso(categoryRows.find((c) => c.category === category)?.latest) })),
  };
}

/** Store handle -> name, for store facets (active stores only). */
export async function storeNamesByHandle(ctx: Ctx, handles: readonly string[]): Promise<Record<string, string>> {
  const list = [...new Set(handles)].filter((h) => h.length <= 40).slice(0, 200);
  if (!list.length) return {};
  const rows = (await getStoresByHandles(ctx, list)).filter((st) => st.status === "active");
  return Object.fromEntries(rows.map((r) => [r.handle, r.name]));
}

const catalogVersions = new UntilWriteMemo<string>(1);

/**
 * A cheap fingerprint of everything the public catalogue shows (products, their variants'
 * prices via the product's updatedAt, stores): pages may memoise derived data under it. On the
 * embedded database it is read again only after a write (any write: whoever changed the catalogue
 * sees the new version at once).
 */
export async function catalogVersion(ctx: Ctx): Promise<string> {
  return catalogVersions.get(ctx.db, "version", async () => {
    // One row, bumped by triggers in the same transaction as any storefront-visible change (migration 0004).
    const result = (await ctx.db.execute(sql`select version::text as v from catalog_version where id = 1`)) as unknown as {
      rows: { v: string }[];
    };
    return result.rows[0]?.v ?? "0";
  });
}
