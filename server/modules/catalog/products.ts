// Products: the designer's save, publishing (with checks and the art-theft guard), states, lists.
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { artworkFlags, artworks, printFiles, productEvents, productMockups, products, productVariants } from "./schema.ts";
import { actorUserId, AppError, hasRole, notFound, type Ctx } from "../../kernel/index.ts";
import { formatAmount } from "../../contracts/money.ts";
import { systemClock, type Clock } from "../../contracts/clock.ts";
import { getSettings, type Settings } from "../platform/index.ts";
import { minimumRetailMinor } from "../pricing/index.ts";
import { removeSearchDocument, upsertSearchDocument, type SearchDocumentInput } from "../search/index.ts";
import { publish } from "../../jobs/index.ts";
import { blankColorsOf, getBlankDetail, getBlankVariants, type BlankDetail } from "../fulfillment/index.ts";
import { assertStoreActive, assertStoreProducts, storeInfo } from "./access.ts";
import { findArtworkMatch, getStoreArtwork } from "./artwork.ts";
import { preflight } from "./preflight.ts";
import { productInputSchema, productTransitions, PRODUCT_STATUS_LABELS, type ProductInput } from "./product-form.ts";
import { planPrintFilesFor, renderMockupsFor, renderPrintFilesFor } from "./rendering.ts";
import type { PreflightIssue, ProductStatus } from "./types.ts";

export type ProductRow = typeof products.$inferSelect;
type Tx = Db;

function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "product"
  );
}

async function loadProduct(db: Db, productId: string): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!row) throw notFound("The product");
  return row;
}

// ---- search document ------------------------------------------------------------------------

/**
 * The search index document of a product (whatever its state; the caller decides whether to index
 * it), or null when the product is gone or its store is suspended (a suspended store's products are
 * listed nowhere; the stores module's events bring them back on reinstatement).
 */
export async function searchDocumentFor(db: Db, productId: string, now: Date = systemClock.now()): Promise<SearchDocumentInput | null> {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) return null;
  const store = await storeInfo(db, product.storeId);
  if (!store || store.status !== "active") return null;
  const p = { product, storeHandle: store.handle, storeName: store.name };
  const [variants, mockups] = await Promise.all([
    db
      .select({ color: productVariants.color, size: productVariants.size, priceMinor: productVariants.priceMinor })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.enabled, true))),
    db.select().from(productMockups).where(eq(productMockups.productId, productId)).orderBy(asc(productMockups.sortOrder)),
  ]);
  const main = mockups.find((m) => m.color === p.product.primaryColor) ?? mockups[0];
  const prices = variants.map((v) => v.priceMinor ?? p.product.priceMinor);
  const colorNames = [...new Set(variants.map((v) => v.color))];
  const hexes = colorNames.length ? ((await blankColorsOf({ db }, [p.product.blankId])).get(p.product.blankId) ?? []) : [];
  return {
    productId,
    storeId: p.product.storeId,
    storeHandle: p.storeHandle,
    storeName: p.storeName,
    title: p.product.title,
    description: p.product.description,
    tags: p.product.tags,
    category: p.product.category,
    colors: colorNames.map((name) => ({ name, hex: hexes.find((h) => h.name === name)?.hex ?? "#888888" })),
    sizes: [...new Set(variants.map((v) => v.size))],
    priceMinor: prices.length ? Math.min(...prices) : p.product.priceMinor,
    priceMaxMinor: prices.length ? Math.max(...prices) : p.product.priceMinor,
    image: main ? { hash: main.hash, color: main.color, areaKey: main.areaKey, width: main.width, height: main.height } : null,
    publishedAt: p.product.publishedAt ?? now,
  };
}

/**
 * The search documents of a store's published products (none while the store is suspended): what
 * search holds of the store after a store event (server/job-handlers.ts).
 */
export async function storeSearchDocuments(db: Db, storeId: string, now: Date = systemClock.now()): Promise<SearchDocumentInput[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.status, "published")))
    .orderBy(asc(products.id));
  const docs: SearchDocumentInput[] = [];
  for (const r of rows) {
    const doc = await searchDocumentFor(db, r.id, now);
    if (!doc) return []; // the store is suspended (or gone)
    docs.push(doc);
  }
  return docs;
}

// ---- state changes --------------------------------------------------------------------------

/** Announce a product's move (fan-club mail and others follow the events: server/job-handlers.ts). */
export async function publishProductMove(
  tx: Tx,
  row: ProductRow,
  from: ProductStatus,
  to: ProductStatus,
  reason: string,
  firstTime: boolean,
): Promise<void> {
  const ids = { productId: row.id, storeId: row.storeId };
  if (to === "published") await publish(tx, "product.published", { ...ids, title: row.title, firstTime });
  else if (to === "taken_down") await publish(tx, "product.taken_down", { ...ids, reason });
  else if (from === "taken_down") await publish(tx, "product.restored", ids);
  else if (from === "published") await publish(tx, "product.unpublished", ids);
}

/** Move a product to `to` (transition table), record the event, keep the search index in step. */
async function move(tx: Tx, clock: Clock, product: ProductRow, to: ProductStatus, actor: string | null, reason = ""): Promise<ProductRow> {
  productTransitions.assert(product.status, to);
  const now = clock.now();
  const firstPublish = to === "published" && !product.publishedAt;
  const [row] = await tx
    .update(products)
    .set({
      status: to,
      updatedAt: now,
      ...(firstPublish ? { publishedAt: now } : {}),
      ...(to === "taken_down" ? { takedownReason: reason, featured: false } : {}),
      ...(product.status === "taken_down" ? { takedownReason: "" } : {}),
    })
    .where(and(eq(products.id, product.id), eq(products.status, product.status)))
    .returning();
  if (!row) throw new AppError("conflict", "This product was changed meanwhile; reload and try again.", 409);
  await tx
    .insert(productEvents)
    .values({ id: newId("pev"), productId: product.id, fromStatus: product.status, toStatus: to, actorUserId: actor, reason });
  if (to === "published") {
    const doc = await searchDocumentFor(tx, product.id, now);
    if (doc) await upsertSearchDocument(tx, doc);
  } else if (product.status === "published") {
    await removeSearchDocument(tx, product.id);
  }
  await publishProductMove(tx, row, product.status, to, reason, firstPublish);
  return row;
}

/** Every reason a product cannot go live now (empty = it may be published). */
export async function publishBlockers(db: Db, product: ProductRow, settings: Settings): Promise<string[]> {
  const out: string[] = [];
  const store = await storeInfo(db, product.storeId);
  if (!store || store.status !== "active") out.push("the store is suspended");
  const enabled = await db
    .select({
      price: productVariants.priceMinor,
      blankVariantId: productVariants.blankVariantId,
      color: productVariants.color,
      size: productVariants.size,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, product.id), eq(productVariants.enabled, true)));
  const blankVariants = await getBlankVariants(
    { db },
    enabled.map((v) => v.blankVariantId),
  );
  const variants = enabled.flatMap((v) => {
    const bv = blankVariants.get(v.blankVariantId);
    return bv ? [{ ...v, baseCost: bv.baseCostMinor }] : [];
  });
  if (!variants.length) out.push("no colour and size is enabled");
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(productMockups).where(eq(productMockups.productId, product.id));
  if (!n) out.push("the mockups are not rendered yet");
  if (!product.artworkId) out.push("there is no artwork");
  const errors = product.preflight.filter((i) => i.level === "error");
  if (errors.length) out.push(`preflight: ${errors[0]!.message}`);
  for (const v of variants) {
    const min = minimumRetailMinor(v.baseCost, settings);
    const price = v.price ?? product.priceMinor;
    if (min === null || price < min) {
      out.push(
        `the price of ${v.color} / ${v.size} is below the minimum of ${min === null ? "(none possible)" : formatAmount(min, settings.currency)}`,
      );
      break;
    }
  }
  if (product.artworkId) {
    const [flag] = await db
      .select({ status: artworkFlags.status })
      .from(artworkFlags)
      .where(and(eq(artworkFlags.productId, product.id), inArray(artworkFlags.status, ["open", "confirmed"])))
      .limit(1);
    if (flag) out.push(flag.status === "open" ? "the artwork is held for review" : "the artwork was found to belong to another store");
  }
  return out;
}

export interface PublishOutcome {
  status: ProductStatus;
  /** Set when the product was held for review instead of going live. */
  heldReason?: string;
}

const HELD_REASON =
  "Held for review: this artwork looks like one already published by another store. Our team will check it and tell you the outcome.";

async function publishInTx(tx: Tx, ctx: Ctx, product: ProductRow, settings: Settings, trusted = false): Promise<PublishOutcome> {
  if (product.status === "published") return { status: "published" };
  if (!productTransitions.can(product.status, "published"))
    throw new AppError("illegal-transition", `A ${PRODUCT_STATUS_LABELS[product.status].toLowerCase()} product cannot be published.`, 409);
  const blockers = await publishBlockers(tx, product, settings);
  if (blockers.length) throw new AppError("cannot-publish", `This product cannot be published yet: ${blockers.join("; ")}.`, 422);
  if (product.status === "draft" && product.artworkId && !(trusted && ctx.actor.kind === "system")) {
    const [art] = await tx.select({ phash: artworks.phash }).from(artworks).where(eq(artworks.id, product.artworkId)).limit(1);
    const [cleared] = await tx
      .select({ id: artworkFlags.id })
      .from(artworkFlags)
      .where(and(eq(artworkFlags.productId, product.id), eq(artworkFlags.status, "cleared")))
      .limit(1);
    const match = art && !cleared ? await findArtworkMatch(tx, art.phash, product.storeId) : null;
    if (match) {
      await tx.insert(artworkFlags).values({
        id: newId("flg"),
        artworkId: product.artworkId,
        productId: product.id,
        storeId: product.storeId,
        matchedArtworkId: match.artworkId,
        matchedProductId: match.productId,
        matchedStoreId: match.storeId,
        distance: match.distance,
      });
      await move(tx, ctx.clock, product, "in_review", actorUserId(ctx.actor), HELD_REASON);
      return { status: "in_review", heldReason: HELD_REASON };
    }
  }
  await move(tx, ctx.clock, product, "published", actorUserId(ctx.actor));
  return { status: "published" };
}

/** Publish a product (checks, art-theft guard). Drafts matching another store's published art go to review. */
export async function publishProduct(ctx: Ctx, productId: string): Promise<PublishOutcome> {
  const product = await loadProduct(ctx.db, productId);
  const store = await assertStoreProducts(ctx, product.storeId);
  assertStoreActive(store);
  const settings = await getSettings(ctx);
  return transaction(ctx.db, async (tx) => publishInTx(tx, ctx, await loadProduct(tx, productId), settings));
}

export async function unpublishProduct(ctx: Ctx, productId: string): Promise<ProductRow> {
  const product = await loadProduct(ctx.db, productId);
  await assertStoreProducts(ctx, product.storeId);
  if (product.status !== "published")
    throw new AppError(
      "illegal-transition",
      `Only published products can be unpublished; this one is ${PRODUCT_STATUS_LABELS[product.status].toLowerCase()}.`,
      409,
    );
  return transaction(ctx.db, async (tx) => move(tx, ctx.clock, await loadProduct(tx, productId), "unpublished", actorUserId(ctx.actor)));
}

/** A generic guarded move (used by tests and the admin): admins only for taken_down and restores. */
export async function changeProductStatus(ctx: Ctx, productId: string, to: ProductStatus, reason = ""): Promise<ProductRow> {
  const product = await loadProduct(ctx.db, productId);
  const adminMove = to === "taken_down" || product.status === "taken_down" || (product.status === "in_review" && to === "published");
  if (adminMove) {
    if (!hasRole(ctx.actor, "admin")) throw new AppError("forbidden", "Only the marketplace team can do that.", 403);
  } else {
    await assertStoreProducts(ctx, product.storeId);
  }
  if (to === "published" && !adminMove) {
    const out = await publishProduct(ctx, productId);
    return { ...(await loadProduct(ctx.db, productId)), status: out.status };
  }
  return transaction(ctx.db, async (tx) => move(tx, ctx.clock, await loadProduct(tx, productId), to, actorUserId(ctx.actor), reason));
}

export interface BulkOutcome {
  done: { id: string; title: string; status: ProductStatus }[];
  refused: { id: string; title: string; reason: string }[];
}

/** Publish or unpublish several products of a store; each one reported. */
export async function bulkSetPublished(
  ctx: Ctx,
  storeId: string,
  ids: readonly string[],
  action: "publish" | "unpublish",
): Promise<BulkOutcome> {
  await assertStoreProducts(ctx, storeId);
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.id, [...ids].slice(0, 200))))
    : [];
  const out: BulkOutcome = { done: [], refused: [] };
  for (const p of rows) {
    try {
      if (action === "publish") {
        const r = await publishProduct(ctx, p.id);
        if (r.status === "in_review")
          out.refused.push({ id: p.id, title: p.title, reason: "held for review (artwork matches another store's)" });
        else out.done.push({ id: p.id, title: p.title, status: r.status });
      } else {
        await unpublishProduct(ctx, p.id);
        out.done.push({ id: p.id, title: p.title, status: "unpublished" });
      }
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.refused.push({
        id: p.id,
        title: p.title,
        reason: e.message.replace(/^This product cannot be published yet: /, "").replace(/\.$/, ""),
      });
    }
  }
  return out;
}

// ---- save (the designer) --------------------------------------------------------------------

export interface SaveOptions {
  productId?: string;
  /**
   * Render print files now (default true), or "deferred": name and size them now and draw each on
   * its first download (the demo seed, to keep the first start fast).
   */
  printFiles?: boolean | "deferred";
  /** Publish right after saving. */
  publish?: boolean;
  /** Render mockups for the first N colours only (demo seed); the rest render on the next save. */
  mockupColors?: number;
  /** System only (demo seed): skip the art-theft comparison. */
  trusted?: boolean;
}

export interface SaveOutcome {
  product: ProductRow;
  preflight: PreflightIssue[];
  publish?: PublishOutcome;
}

function priceError(field: string, message: string): AppError {
  return new AppError("price-too-low", message, 422, field);
}

/** Check colours/sizes/areas against the blank and the price floor; returns the variant rows to write. */
function resolveVariants(detail: BlankDetail, input: ProductInput, settings: Settings) {
  const colors = input.colors.filter((c) => detail.colors.some((x) => x.name === c));
  if (colors.length !== input.colors.length) throw new AppError("invalid-color", "Choose colours offered by this blank.", 422, "colors");
  const sizes = input.sizes.filter((s) => detail.variants.some((v) => v.size === s));
  if (sizes.length !== input.sizes.length) throw new AppError("invalid-size", "Choose sizes offered by this blank.", 422, "sizes");
  for (const area of Object.keys(input.placements)) {
    if (!detail.areas.some((a) => a.key === area))
      throw new AppError("invalid-area", `This blank has no ${area} print area.`, 422, "placement");
  }
  const rows = detail.variants.filter((v) => v.active && colors.includes(v.color) && sizes.includes(v.size));
  if (!rows.length) throw new AppError("no-variants", "No variant of this blank has those colours and sizes.", 422, "sizes");
  for (const v of rows) {
    const key = `${v.color}|${v.size}`;
    const price = input.variantPrices[key] ?? input.priceMinor;
    const min = minimumRetailMinor(v.baseCostMinor, settings);
    if (min === null) throw priceError("priceMinor", "With the current platform fee no price leaves you the minimum earnings; contact us.");
    if (price < min) {
      const field = input.variantPrices[key] !== undefined ? `variantPrices.${key}` : "priceMinor";
      throw priceError(
        field,
        `The price must be at least ${formatAmount(min, settings.currency)}${rows.length > 1 ? ` (for ${v.color} / ${v.size})` : ""}: the base cost is ${formatAmount(v.baseCostMinor, settings.currency)} and you must earn at least ${formatAmount(settings.minimumMarginMinor, settings.currency)} per sale.`,
      );
    }
  }
  return rows;
}

/** Create or update a product from the designer: files first (mockups, print files), then all rows in one transaction. */
export async function saveProduct(ctx: Ctx, storeId: string, raw: unknown, opts: SaveOptions = {}): Promise<SaveOutcome> {
  const parsed = productInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid-input", issue.message, 422, issue.path.map(String).join(".") || undefined);
  }
  const input = parsed.data;
  const store = await assertStoreProducts(ctx, storeId);
  if (opts.publish) assertStoreActive(store);
  const existing = opts.productId ? await loadProduct(ctx.db, opts.productId) : null;
  if (existing && existing.storeId !== storeId) throw notFound("The product");
  if (existing?.status === "taken_down")
    throw new AppError("taken-down", "This product was taken down by the marketplace team and cannot be edited.", 409);
  const detail = await getBlankDetail(ctx, input.blankId).catch(() => null);
  // A retired blank (or one of a suspended print shop) keeps its products, but no new product is made on it.
  if (!detail || (!detail.offered && existing?.blankId !== input.blankId))
    throw new AppError("invalid-blank", "Choose one of the listed blank products.", 422, "blankId");
  const artwork = await getStoreArtwork(ctx.db, storeId, input.artworkId).catch(() => {
    throw new AppError("invalid-artwork", "Upload your artwork again.", 422, "artwork");
  });
  const settings = await getSettings(ctx);
  const variantRows = resolveVariants(detail, input, settings);

  const issues: PreflightIssue[] = [];
  for (const [areaKey, placement] of Object.entries(input.placements)) {
    const area = detail.areas.find((a) => a.key === areaKey)!;
    const r = preflight({
      artworkWidth: artwork.width,
      artworkHeight: artwork.height,
      hasAlpha: artwork.hasAlpha,
      placement: placement!,
      area: { widthIn: area.widthIn, heightIn: area.heightIn },
    });
    for (const i of r.issues) issues.push({ ...i, message: detail.areas.length > 1 ? `${area.label}: ${i.message}` : i.message });
  }

  const productId = existing?.id ?? newId("prd");
  // files first
  const mockups = await renderMockupsFor(
    ctx,
    detail,
    artwork,
    input.placements,
    opts.mockupColors ? input.colors.slice(0, opts.mockupColors) : input.colors,
  );
  const prints =
    opts.printFiles === false
      ? []
      : opts.printFiles === "deferred"
        ? planPrintFilesFor(productId, detail, artwork, input.placements)
        : await renderPrintFilesFor(ctx, productId, detail, artwork, input.placements);
  const primaryColor = input.primaryColor && input.colors.includes(input.primaryColor) ? input.primaryColor : input.colors[0]!;

  const result = await transaction(ctx.db, async (tx) => {
    const values = {
      blankId: input.blankId,
      artworkId: input.artworkId,
      title: input.title,
      slug: slugify(input.title),
      description: input.description,
      tags: [...new Set(input.tags)],
      category: input.category,
      priceMinor: input.priceMinor,
      // The prices were typed in the platform currency (the designer reads them by its digits).
      currency: settings.currency,
      placements: input.placements,
      preflight: issues,
      primaryColor,
      updatedAt: ctx.clock.now(),
    };
    let product: ProductRow;
    if (existing) {
      [product] = (await tx.update(products).set(values).where(eq(products.id, productId)).returning()) as [ProductRow];
      await tx.delete(productVariants).where(eq(productVariants.productId, productId));
      await tx.delete(productMockups).where(eq(productMockups.productId, productId));
      if (prints.length) await tx.delete(printFiles).where(eq(printFiles.productId, productId));
    } else {
      [product] = (await tx
        .insert(products)
        .values({ id: productId, storeId, createdBy: actorUserId(ctx.actor), ...values })
        .returning()) as [ProductRow];
      await tx
        .insert(productEvents)
        .values({ id: newId("pev"), productId, fromStatus: "", toStatus: "draft", actorUserId: actorUserId(ctx.actor), reason: "created" });
    }
    await tx.insert(productVariants).values(
      variantRows.map((v) => ({
        id: newId("var"),
        productId,
        blankVariantId: v.id,
        color: v.color,
        size: v.size,
        priceMinor: input.variantPrices[`${v.color}|${v.size}`] ?? null,
        currency: settings.currency,
      })),
    );
    const order = (m: { color: string; areaKey: string }) =>
      input.colors.indexOf(m.color) * 10 + detail.areas.findIndex((a) => a.key === m.areaKey) + (m.color === primaryColor ? -1000 : 0);
    if (mockups.length) {
      await tx.insert(productMockups).values(
        mockups.map((m) => ({
          id: newId("mck"),
          productId,
          color: m.color,
          areaKey: m.areaKey,
          hash: m.hash,
          width: m.width,
          height: m.height,
          sortOrder: order(m),
        })),
      );
    }
    if (prints.length) await tx.insert(printFiles).values(prints.map((p) => ({ productId, ...p })));
    if (product.status === "published") {
      const doc = await searchDocumentFor(tx, productId, ctx.clock.now());
      if (doc) await upsertSearchDocument(tx, doc);
    }
    const publish = opts.publish ? await publishInTx(tx, ctx, product, settings, opts.trusted) : undefined;
    return { product: publish ? await loadProduct(tx, productId) : product, publish };
  });
  return { product: result.product, preflight: issues, publish: result.publish };
}

// ---- reads ----------------------------------------------------------------------------------

export interface StoreProductRow {
  id: string;
  title: string;
  status: ProductStatus;
  priceMinor: number;
  category: string;
  imageHash: string | null;
  updatedAt: Date;
  hasPreflightError: boolean;
  takedownReason: string;
  heldReason: string;
}

/** A store's products for its administration (search by title/tag, filter by state). */
export async function listStoreProducts(
  ctx: Ctx,
  storeId: string,
  filter: { q?: string; status?: ProductStatus } = {},
): Promise<StoreProductRow[]> {
  await assertStoreProducts(ctx, storeId, { read: true });
  const conds = [eq(products.storeId, storeId)];
  if (filter.status) conds.push(eq(products.status, filter.status));
  if (filter.q) {
    const like = `%${filter.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(products.title, like), sql`array_to_string(${products.tags}, ' ') ilike ${like}`)!);
  }
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(...conds))
    .orderBy(desc(products.updatedAt))
    .limit(500);
  const ids = rows.map((r) => r.id);
  const mocks = ids.length
    ? await ctx.db
        .select({ productId: productMockups.productId, hash: productMockups.hash, sortOrder: productMockups.sortOrder })
        .from(productMockups)
        .where(inArray(productMockups.productId, ids))
        .orderBy(asc(productMockups.sortOrder))
    : [];
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    status: p.status,
    priceMinor: p.priceMinor,
    category: p.category,
    imageHash: mocks.find((m) => m.productId === p.id)?.hash ?? null,
    updatedAt: p.updatedAt,
    hasPreflightError: p.preflight.some((i) => i.level === "error"),
    takedownReason: p.takedownReason,
    heldReason: p.status === "in_review" ? HELD_REASON : "",
  }));
}

export async function countProductsByStatus(ctx: Ctx, storeId: string): Promise<Record<ProductStatus, number>> {
  const rows = await ctx.db
    .select({ status: products.status, n: count() })
    .from(products)
    .where(eq(products.storeId, storeId))
    .groupBy(products.status);
  const out: Record<ProductStatus, number> = { draft: 0, in_review: 0, published: 0, unpublished: 0, taken_down: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

export interface ProductForEdit {
  product: ProductRow;
  variants: { color: string; size: string; priceMinor: number | null }[];
  artwork: { id: string; previewUrl: string; width: number; height: number; hasAlpha: boolean } | null;
  mockups: { color: string; areaKey: string; hash: string }[];
  heldReason: string;
}

export async function getProductForEdit(ctx: Ctx, storeId: string, productId: string): Promise<ProductForEdit> {
  await assertStoreProducts(ctx, storeId, { read: true });
  const product = await loadProduct(ctx.db, productId);
  if (product.storeId !== storeId) throw notFound("The product");
  const [variants, art, mockups] = await Promise.all([
    ctx.db
      .select({ color: productVariants.color, size: productVariants.size, priceMinor: productVariants.priceMinor })
      .from(productVariants)
      .where(eq(productVariants.productId, productId)),
    product.artworkId ? ctx.db.select().from(artworks).where(eq(artworks.id, product.artworkId)).limit(1) : Promise.resolve([]),
    ctx.db
      .select({ color: productMockups.color, areaKey: productMockups.areaKey, hash: productMockups.hash })
      .from(productMockups)
      .where(eq(productMockups.productId, productId))
      .orderBy(asc(productMockups.sortOrder)),
  ]);
  const a = art[0];
  return {
    product,
    variants,
    artwork: a ? { id: a.id, previewUrl: `/media/${a.previewKey}`, width: a.width, height: a.height, hasAlpha: a.hasAlpha } : null,
    mockups,
    heldReason: product.status === "in_review" ? HELD_REASON : "",
  };
}
