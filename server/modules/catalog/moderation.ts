// /admin/products: all products, takedowns (partner told), restores, featuring, the flagged-artwork queue.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { artworkFlags, artworks, productEvents, productMockups, products } from "./schema.ts";
// TEMPORARY: removed when wt/events merges (the stores module will answer for its stores).
import { stores } from "../stores/schema.ts";
import { actorUserId, assertRole, AppError, notFound, withDb, type Ctx } from "../../kernel/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { removeSearchDocument, upsertSearchDocument } from "../search/index.ts";
import { notifyFanClubOfNewProduct } from "../stores/index.ts";
import { env } from "../../config/env.ts";
import { storeOwnerContact } from "./access.ts";
import { productTransitions } from "./product-form.ts";
import { searchDocumentFor } from "./products.ts";
import { artworkFlagMachine } from "./states.ts";
import type { Category, ProductStatus } from "./types.ts";

type ProductRow = typeof products.$inferSelect;
const ADMIN_ONLY = "Only the marketplace team can moderate products.";
const abs = (path: string) => `${env().PUBLIC_URL}${path}`;

export interface AdminProductFilter {
  q?: string;
  status?: ProductStatus;
  storeHandle?: string;
  category?: Category;
  flagged?: boolean;
  page?: number;
}

export interface AdminProductRow {
  id: string;
  title: string;
  status: ProductStatus;
  category: Category;
  priceMinor: number;
  storeId: string;
  storeHandle: string;
  storeName: string;
  featured: boolean;
  imageHash: string | null;
  openFlags: number;
  takedownReason: string;
  updatedAt: Date;
}

const PAGE = 50;

export async function adminListProducts(
  ctx: Ctx,
  filter: AdminProductFilter = {},
): Promise<{ rows: AdminProductRow[]; total: number; page: number; pageCount: number }> {
  assertRole(ctx, "admin", ADMIN_ONLY);
  const conds: SQL[] = [];
  if (filter.status) conds.push(eq(products.status, filter.status));
  if (filter.category) conds.push(eq(products.category, filter.category));
  if (filter.storeHandle) conds.push(eq(stores.handle, filter.storeHandle.replace(/^@/, "").toLowerCase()));
  if (filter.q) {
    const like = `%${filter.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(products.title, like), ilike(stores.name, like), ilike(products.id, like))!);
  }
  const openFlagCount = sql<number>`(select count(*)::int from ${artworkFlags} f where f.product_id = ${products.id} and f.status = 'open')`;
  if (filter.flagged) conds.push(sql`${openFlagCount} > 0`);
  const where = conds.length ? and(...conds) : undefined;
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / PAGE));
  const page = Math.min(Math.max(1, filter.page ?? 1), pageCount);
  const rows = await ctx.db
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      category: products.category,
      priceMinor: products.priceMinor,
      storeId: products.storeId,
      storeHandle: stores.handle,
      storeName: stores.name,
      featured: products.featured,
      takedownReason: products.takedownReason,
      updatedAt: products.updatedAt,
      openFlags: openFlagCount,
      imageHash: sql<
        string | null
      >`(select m.hash from ${productMockups} m where m.product_id = ${products.id} order by m.sort_order limit 1)`,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(where)
    .orderBy(desc(products.updatedAt), asc(products.id))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  return { rows: rows.map((r) => ({ ...r, openFlags: Number(r.openFlags) })), total: Number(total), page, pageCount };
}

async function load(db: Db, id: string): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound("The product");
  return row;
}

async function adminMove(tx: Db, ctx: Ctx, product: ProductRow, to: ProductStatus, reason: string): Promise<void> {
  productTransitions.assert(product.status, to);
  await tx
    .update(products)
    .set({
      status: to,
      updatedAt: ctx.clock.now(),
      ...(to === "taken_down" ? { takedownReason: reason, featured: false } : { takedownReason: "" }),
      ...(to === "published" && !product.publishedAt ? { publishedAt: ctx.clock.now() } : {}),
    })
    .where(eq(products.id, product.id));
  await tx.insert(productEvents).values({
    id: newId("pev"),
    productId: product.id,
    fromStatus: product.status,
    toStatus: to,
    actorUserId: actorUserId(ctx.actor),
    reason,
  });
  if (to === "published") {
    const doc = await searchDocumentFor(tx, product.id);
    if (doc) await upsertSearchDocument(tx, doc);
    if (!product.publishedAt)
      await notifyFanClubOfNewProduct(tx, {
        storeId: product.storeId,
        productId: product.id,
        productTitle: product.title,
        productUrl: abs(`/shop/product/${product.id}`),
      });
  } else if (product.status === "published") {
    await removeSearchDocument(tx, product.id);
  }
}

async function tellPartner(tx: Db, product: ProductRow, subject: string, heading: string, paragraphs: string[]): Promise<void> {
  const owner = await storeOwnerContact(tx, product.storeId);
  if (!owner) return;
  await sendEmail(tx, {
    to: owner.email,
    template: "notice",
    params: {
      name: owner.name,
      subject,
      heading,
      paragraphs,
      actionLabel: "Open your products",
      actionUrl: abs(`/shop/partners/@${owner.handle}/administration/products`),
      reason: "You receive this e-mail because you run a store on Platen.",
    },
  });
}

/** Take a product down (any state but taken_down) with a reason; the partner gets an e-mail. */
export async function takeDownProduct(ctx: Ctx, productId: string, reason: string): Promise<void> {
  assertRole(ctx, "admin", ADMIN_ONLY);
  const why = reason.trim();
  if (why.length < 5) throw new AppError("reason-required", "Give the partner a reason (at least 5 characters).", 422, "reason");
  if (why.length > 1000) throw new AppError("reason-too-long", "Keep the reason under 1,000 characters.", 422, "reason");
  await transaction(ctx.db, async (tx) => {
    const product = await load(tx, productId);
    await adminMove(tx, ctx, product, "taken_down", why);
    await tellPartner(tx, product, `"${product.title}" was taken down`, "Your product was taken down", [
      `Our team took down "${product.title}". It is no longer visible in the shop or in search.`,
      `Reason: ${why}`,
      "If you think this is a mistake, reply to this e-mail and tell us why.",
    ]);
  });
}

/** Restore a taken-down product: it comes back as unpublished, for the partner to publish again. */
export async function restoreProduct(ctx: Ctx, productId: string): Promise<void> {
  assertRole(ctx, "admin", ADMIN_ONLY);
  await transaction(ctx.db, async (tx) => {
    const product = await load(tx, productId);
    await adminMove(tx, ctx, product, "unpublished", "restored");
    await tellPartner(tx, product, `"${product.title}" was restored`, "Your product was restored", [
      `Our team restored "${product.title}". It is unpublished now: publish it again from your products page when you are ready.`,
    ]);
  });
}

export async function setProductFeatured(ctx: Ctx, productId: string, featured: boolean): Promise<void> {
  assertRole(ctx, "admin", ADMIN_ONLY);
  const product = await load(ctx.db, productId);
  if (featured && product.status !== "published")
    throw new AppError("not-published", "Only published products can be featured on the home page.", 409);
  await ctx.db.update(products).set({ featured }).where(eq(products.id, productId));
}

export interface FlagRow {
  id: string;
  status: "open" | "cleared" | "confirmed";
  distance: number;
  createdAt: Date;
  product: { id: string; title: string; status: ProductStatus; storeHandle: string } | null;
  artworkPreviewKey: string;
  matched: { productId: string | null; title: string; storeHandle: string; artworkPreviewKey: string };
}

export async function listArtworkFlags(ctx: Ctx, status: "open" | "cleared" | "confirmed" = "open"): Promise<FlagRow[]> {
  assertRole(ctx, "admin", ADMIN_ONLY);
  const flags = await ctx.db
    .select()
    .from(artworkFlags)
    .where(eq(artworkFlags.status, status))
    .orderBy(desc(artworkFlags.createdAt))
    .limit(200);
  if (!flags.length) return [];
  const productIds = [...new Set(flags.flatMap((f) => [f.productId, f.matchedProductId]).filter((x): x is string => !!x))];
  const artIds = [...new Set(flags.flatMap((f) => [f.artworkId, f.matchedArtworkId]))];
  const [prods, arts] = await Promise.all([
    ctx.db
      .select({ id: products.id, title: products.title, status: products.status, storeHandle: stores.handle })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(inArray(products.id, productIds)),
    ctx.db.select({ id: artworks.id, previewKey: artworks.previewKey }).from(artworks).where(inArray(artworks.id, artIds)),
  ]);
  return flags.map((f) => {
    const p = prods.find((x) => x.id === f.productId) ?? null;
    const m = prods.find((x) => x.id === f.matchedProductId);
    return {
      id: f.id,
      status: f.status,
      distance: f.distance,
      createdAt: f.createdAt,
      product: p,
      artworkPreviewKey: arts.find((a) => a.id === f.artworkId)?.previewKey ?? "",
      matched: {
        productId: f.matchedProductId,
        title: m?.title ?? "(deleted product)",
        storeHandle: m?.storeHandle ?? "",
        artworkPreviewKey: arts.find((a) => a.id === f.matchedArtworkId)?.previewKey ?? "",
      },
    };
  });
}

export async function countOpenFlags(ctx: Ctx): Promise<number> {
  assertRole(ctx, "admin", ADMIN_ONLY);
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(artworkFlags).where(eq(artworkFlags.status, "open"));
  return Number(n);
}

/** Resolve a flag: "clear" publishes the held product; "confirm" takes it down and tells the partner. */
export async function resolveArtworkFlag(ctx: Ctx, flagId: string, decision: "clear" | "confirm", note = ""): Promise<void> {
  assertRole(ctx, "admin", ADMIN_ONLY);
  await transaction(ctx.db, async (tx) => {
    const [current] = await tx.select({ status: artworkFlags.status }).from(artworkFlags).where(eq(artworkFlags.id, flagId)).limit(1);
    if (!current) throw notFound("The flag");
    if (current.status !== "open") throw new AppError("already-resolved", "This flag was already resolved.", 409);
    const { row: flag } = await artworkFlagMachine.transition(withDb(ctx, tx), flagId, decision === "clear" ? "cleared" : "confirmed", {
      reason: note.trim().slice(0, 1000),
      set: { resolvedBy: actorUserId(ctx.actor), resolvedAt: ctx.clock.now(), note: note.trim().slice(0, 1000) },
    });
    if (!flag.productId) return;
    const product = await load(tx, flag.productId);
    if (decision === "clear") {
      if (product.status === "in_review") {
        await adminMove(tx, ctx, product, "published", "artwork cleared");
        await tellPartner(tx, product, `"${product.title}" is live`, "Your product passed review", [
          `Our team checked the artwork of "${product.title}" and published it. Thank you for your patience.`,
        ]);
      }
    } else if (product.status !== "taken_down") {
      const reason = note.trim() || "The artwork matches a design published by another store.";
      await adminMove(tx, ctx, product, "taken_down", reason);
      await tellPartner(tx, product, `"${product.title}" was not published`, "Your product was taken down after review", [
        `Our team compared the artwork of "${product.title}" with a design already published by another store and found that they are the same.`,
        `Reason: ${reason}`,
        "Only upload artwork you created or have the rights to. Reply to this e-mail if you can show that the design is yours.",
      ]);
    }
  });
}
