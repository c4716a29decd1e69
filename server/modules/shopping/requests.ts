import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { uploadedImageToWebp } from "../../infra/images/index.ts";
import { AppError, assertRole, hasRole, notFound, withDb, type Ctx } from "../../kernel/index.ts";
import { CATEGORY_LABELS, productOwnership, publishedProductsOfStore, type Category, type ProductCard } from "../catalog/index.ts";
import { contactsOf, firstNamesOf } from "../identity/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { getSettings, registerAmountsHeld } from "../platform/index.ts";
import { getStoresByIds, listMyStores } from "../stores/index.ts";
import { requireUserId } from "./actor.ts";
import { cardsById } from "./cards.ts";
import { productRequestAnswers, productRequests } from "./schema.ts";
import { productRequestMachine, requestTransitions } from "./states.ts";
import { parseBudget, productRequestSchema, requestAnswerSchema, type RequestStatus } from "./types.ts";

export { requestTransitions } from "./states.ts";

/** Reference images: at most 8 MB and 40 megapixels, stored re-encoded (no metadata) under request-images/. */
export const REQUEST_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

const zodError = (error: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const issue = error.issues[0];
  return new AppError("invalid", issue?.message ?? "Check the form.", 422, String(issue?.path[0] ?? "_form"));
};

export interface RequestAnswerView {
  id: string;
  storeId: string;
  storeName: string;
  storeHandle: string;
  productId: string;
  product: ProductCard | null;
  message: string;
  createdAt: string;
}

export interface ProductRequestView {
  id: string;
  idea: string;
  category: Category;
  categoryLabel: string;
  referenceImageUrl: string | null;
  budgetMinor: number | null;
  /** ISO 4217 currency of budgetMinor. */
  budgetCurrency: string;
  status: RequestStatus;
  createdAt: string;
  authorName?: string;
  answers: RequestAnswerView[];
}

/** Stores the actor may answer for: active stores they own, or work in with the "products" permission. */
export async function answeringStores(ctx: Ctx): Promise<{ id: string; handle: string; name: string }[]> {
  if (ctx.actor.kind !== "user") return [];
  const mine = await listMyStores(ctx);
  return mine
    .filter((m) => m.store.status === "active" && m.permissions.includes("products"))
    .map((m) => ({ id: m.store.id, handle: m.store.handle, name: m.store.name }));
}

/** Published products per store the actor can answer with (the answer form's choices). */
export async function answerChoices(
  ctx: Ctx,
): Promise<{ storeId: string; storeName: string; storeHandle: string; products: { id: string; title: string; category: string }[] }[]> {
  const stores = await answeringStores(ctx);
  return Promise.all(
    stores.map(async (s) => ({
      storeId: s.id,
      storeName: s.name,
      storeHandle: s.handle,
      products: await publishedProductsOfStore(ctx, s.id),
    })),
  );
}

async function storeImage(ctx: Ctx, id: string, file: File): Promise<string> {
  const bytes = Buffer.from(await file.arrayBuffer());
  const webp = await uploadedImageToWebp(bytes, {
    field: "image",
    limits: { maxBytes: REQUEST_IMAGE_MAX_BYTES, maxPixels: 40_000_000, minSide: 32 },
    width: 1600,
    height: 1600,
    fit: "inside",
    quality: 82,
  });
  const key = `request-images/${id}.webp`;
  await ctx.ports.storage.put(key, webp, { contentType: "image/webp" });
  return key;
}

/** A signed-in shopper asks for a product (idea, category, optional budget and reference image). */
export async function createProductRequest(ctx: Ctx, input: unknown, image?: File | null): Promise<{ id: string }> {
  const userId = requireUserId(ctx, "Sign in to request a product.");
  const parsed = productRequestSchema.safeParse(input);
  if (!parsed.success) throw zodError(parsed.error);
  const { currency } = await getSettings(ctx);
  const budget = parseBudget(parsed.data.budget, currency);
  if (!budget.ok) throw new AppError("invalid", budget.message, 422, "budget");
  const open = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(productRequests)
    .where(and(eq(productRequests.userId, userId), eq(productRequests.status, "open")));
  if (Number(open[0]?.n ?? 0) >= 10)
    throw new AppError("too-many-requests", "You have 10 open requests. Close one before asking for more.", 429, "_form");
  const id = newId("preq");
  const referenceImageKey = image && image.size > 0 ? await storeImage(ctx, id, image) : null;
  await ctx.db.insert(productRequests).values({
    id,
    userId,
    idea: parsed.data.idea,
    category: parsed.data.category,
    budgetMinor: budget.minor,
    budgetCurrency: currency,
    referenceImageKey,
  });
  return { id };
}

/** Whether a request's budget is stored in a currency other than `currency`. */
export async function requestsHaveBudgetsNotIn(db: Db, currency: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productRequests.id })
    .from(productRequests)
    .where(and(isNotNull(productRequests.budgetMinor), ne(productRequests.budgetCurrency, currency)))
    .limit(1);
  return !!row;
}
registerAmountsHeld("shopping.requests", "product request budgets", requestsHaveBudgetsNotIn);

async function answersFor(ctx: Ctx, requestIds: string[]): Promise<Map<string, RequestAnswerView[]>> {
  const out = new Map<string, RequestAnswerView[]>();
  if (!requestIds.length) return out;
  const rows = await ctx.db
    .select()
    .from(productRequestAnswers)
    .where(inArray(productRequestAnswers.requestId, requestIds))
    .orderBy(productRequestAnswers.createdAt);
  const cards = await cardsById(
    ctx,
    rows.map((r) => r.productId),
  );
  const storeIds = [...new Set(rows.map((r) => r.storeId))];
  const stores = await getStoresByIds(ctx, storeIds);
  const storeById = new Map(stores.map((s) => [s.id, s]));
  for (const r of rows) {
    const card = cards.get(r.productId);
    const list = out.get(r.requestId) ?? [];
    list.push({
      id: r.id,
      storeId: r.storeId,
      storeName: storeById.get(r.storeId)?.name ?? "A Platen store",
      storeHandle: storeById.get(r.storeId)?.handle ?? "",
      productId: r.productId,
      product: card && card.status === "published" ? card : null,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    });
    out.set(r.requestId, list);
  }
  return out;
}

type RequestRow = typeof productRequests.$inferSelect;

async function toViews(ctx: Ctx, rows: RequestRow[], withAuthor = false): Promise<ProductRequestView[]> {
  const answers = await answersFor(
    ctx,
    rows.map((r) => r.id),
  );
  // Authors are named by the identity module (their first name), never read from its table.
  const names =
    withAuthor && rows.length
      ? await firstNamesOf(
          ctx.db,
          rows.map((r) => r.userId),
        )
      : {};
  return rows.map((r) => ({
    id: r.id,
    idea: r.idea,
    category: r.category as Category,
    categoryLabel: CATEGORY_LABELS[r.category as Category] ?? r.category,
    referenceImageUrl: r.referenceImageKey ? `/media/${r.referenceImageKey}` : null,
    budgetMinor: r.budgetMinor,
    budgetCurrency: r.budgetCurrency,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    ...(withAuthor ? { authorName: names[r.userId] ?? "A shopper" } : {}),
    answers: answers.get(r.id) ?? [],
  }));
}

/** The signed-in shopper's own requests with their answers, newest first. */
export async function listMyRequests(ctx: Ctx): Promise<ProductRequestView[]> {
  const userId = requireUserId(ctx);
  const rows = await ctx.db
    .select()
    .from(productRequests)
    .where(eq(productRequests.userId, userId))
    .orderBy(desc(productRequests.createdAt))
    .limit(100);
  return toViews(ctx, rows);
}

/** Open (and answered, still open to more answers) requests for partners; authors shown by first name only. */
export async function listOpenRequests(ctx: Ctx, limit = 50): Promise<ProductRequestView[]> {
  if (!hasRole(ctx.actor, "admin") && !(await answeringStores(ctx)).length)
    throw new AppError("forbidden", "Only partners with a store can browse product requests.", 403);
  const rows = await ctx.db
    .select()
    .from(productRequests)
    .where(inArray(productRequests.status, ["open", "answered"]))
    .orderBy(sql`case when ${productRequests.status} = 'open' then 0 else 1 end`, desc(productRequests.createdAt))
    .limit(Math.min(200, limit));
  return toViews(ctx, rows, true);
}

/** Admin: every request, optionally by status. */
export async function adminListRequests(ctx: Ctx, status?: RequestStatus | null, limit = 100): Promise<ProductRequestView[]> {
  assertRole(ctx, "admin", "Only administrators can see all product requests.");
  const rows = await ctx.db
    .select()
    .from(productRequests)
    .where(status ? eq(productRequests.status, status) : undefined)
    .orderBy(desc(productRequests.createdAt))
    .limit(Math.min(500, limit));
  return toViews(ctx, rows, true);
}

export async function requestStatusCounts(ctx: Ctx): Promise<Record<RequestStatus, number>> {
  assertRole(ctx, "admin");
  const rows = await ctx.db
    .select({ status: productRequests.status, n: sql<number>`count(*)::int` })
    .from(productRequests)
    .groupBy(productRequests.status);
  const out: Record<RequestStatus, number> = { open: 0, answered: 0, closed: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

/**
 * A partner answers a request with one of their store's published products and a message. The
 * shopper gets a `notice` e-mail in the same transaction. A store answers a request with a given
 * product once.
 */
export async function answerProductRequest(ctx: Ctx, input: unknown): Promise<{ id: string }> {
  const userId = requireUserId(ctx, "Sign in as a partner to answer requests.");
  const parsed = requestAnswerSchema.safeParse(input);
  if (!parsed.success) throw zodError(parsed.error);
  const { requestId, productId, message } = parsed.data;
  const stores = await answeringStores(ctx);
  if (!stores.length) throw new AppError("forbidden", "Only partners with a store can answer product requests.", 403);
  const product = await productOwnership(ctx, productId);
  const store = product ? stores.find((s) => s.id === product.storeId) : undefined;
  if (!product || !store) throw new AppError("not-your-product", "Answer with one of your own store's products.", 403, "productId");
  if (product.status !== "published") throw new AppError("not-published", "Publish the product before suggesting it.", 422, "productId");
  const id = newId("pra");
  await transaction(ctx.db, async (tx) => {
    const [req] = await tx.select().from(productRequests).where(eq(productRequests.id, requestId)).for("update");
    if (!req) throw notFound("The request");
    if (req.userId === userId) throw new AppError("own-request", "You cannot answer your own request.", 403, "productId");
    requestTransitions.assert(req.status, "answered");
    const inserted = await tx
      .insert(productRequestAnswers)
      .values({ id, requestId, storeId: store.id, productId, message, answeredBy: userId })
      .onConflictDoNothing()
      .returning({ id: productRequestAnswers.id });
    if (!inserted.length) throw new AppError("already-answered", "You already suggested this product for this request.", 409, "productId");
    await productRequestMachine.transition(withDb(ctx, tx), requestId, "answered", {
      reason: `${store.name} suggested "${product.title}"`,
    });
    const author = (await contactsOf(tx, [req.userId]))[req.userId];
    if (author?.email) {
      const base = env().PUBLIC_URL;
      await sendEmail(tx, {
        to: author.email,
        template: "notice",
        params: {
          name: author.name,
          subject: `${store.name} answered your product request`,
          heading: "A partner has an answer to your request",
          paragraphs: [
            `You asked for: “${req.idea.length > 140 ? `${req.idea.slice(0, 137)}…` : req.idea}”`,
            `${store.name} suggests “${product.title}”.`,
            ...(message ? [`Their message: ${message}`] : []),
          ],
          actionLabel: "See the answer",
          actionUrl: `${base}/product-request#request-${req.id}`,
          reason: "You asked for a product on Platen's product request page.",
        },
      });
    }
  });
  return { id };
}

/** Close a request: its author, or an admin. */
export async function closeProductRequest(ctx: Ctx, requestId: string): Promise<void> {
  const userId = requireUserId(ctx);
  await transaction(ctx.db, async (tx) => {
    const [req] = await tx.select().from(productRequests).where(eq(productRequests.id, requestId)).for("update");
    if (!req) throw notFound("The request");
    if (req.userId !== userId && !hasRole(ctx.actor, "admin"))
      throw new AppError("forbidden", "Only the person who asked, or an administrator, can close a request.", 403);
    await productRequestMachine.transition(withDb(ctx, tx), requestId, "closed", {
      reason: req.userId === userId ? "closed by its author" : "closed by an administrator",
    });
  });
}

/**
 * Admin: reopen a closed request. It goes back to open, then (a second recorded move) to
 * answered if it has answers: the table has no move from closed straight to answered.
 */
export async function reopenProductRequest(ctx: Ctx, requestId: string): Promise<void> {
  assertRole(ctx, "admin", "Only administrators can reopen requests.");
  await transaction(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await productRequestMachine.transition(txCtx, requestId, "open", { reason: "reopened by an administrator" });
    const [a] = await tx
      .select({ id: productRequestAnswers.id })
      .from(productRequestAnswers)
      .where(eq(productRequestAnswers.requestId, requestId))
      .limit(1);
    if (a) await productRequestMachine.transition(txCtx, requestId, "answered", { reason: "reopened with its earlier answers" });
  });
}
