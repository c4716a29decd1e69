// Becoming a print shop (issue 23 §1, ADR 0018): the owner of a store applies to print for the
// marketplace; an admin approves (a print shop opens, owned by the applicant, who gets the
// fulfiller role) or rejects with a reason, each e-mailed; the approved owner sets the shop up
// (first warehouse, payout contact). Suspension and reinstatement are in fulfillers.ts.
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { env } from "../../config/env.ts";
import { oneLine } from "../../contracts/text.ts";
import { isUniqueViolation, newId, transaction, UntilWriteMemo, type Db } from "../../infra/db/index.ts";
import { actorUserId, AppError, assertRole, forbidden, hasRole, withDb, type Ctx } from "../../kernel/index.ts";
import { contactsOf, displayNamesOf, grantRole } from "../identity/index.ts";
import { addressSchema } from "../identity/types.ts";
import { recordAudit } from "../platform/index.ts";
import { loadFulfiller, type FulfillerRow, type ReadCtx } from "./access.ts";
import { fulfillerApplications, fulfillers, warehouses } from "./schema.ts";
import { fulfillerApplicationStates } from "./states.ts";
import {
  APPLICATION_TECHNIQUES,
  CAPABILITY_LABELS,
  FULFILLMENT_TERMS_VERSION,
  type BusinessAddress,
  type FulfillerApplicationStatus,
} from "./types.ts";
import { createWarehouse, warehouseInputErrors, type WarehouseRow } from "./warehouses.ts";
import { noticeTo } from "./notices.ts";

export type FulfillerApplicationRow = typeof fulfillerApplications.$inferSelect;

/** The store an application is made for, as the stores module gives it (fulfillment sits below stores). */
export interface ApplyingStore {
  id: string;
  handle: string;
  ownerUserId: string;
  status: string;
}

/**
 * Whether a handle is held outside this module: on applying, by a store, a pending partner
 * application or a reserved word (the stores module's `checkHandle`, which this module cannot
 * import); on approving, by a store opened meanwhile.
 */
export type HandleInUse = (handle: string) => Promise<boolean>;

const url = (path: string) => `${env().PUBLIC_URL}${path}`;
const HANDLE = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;
const HANDLE_MESSAGE = "Use 3 to 30 lowercase letters, digits and dashes, starting and ending with a letter or digit.";

// ---- input ---------------------------------------------------------------------------------------

const line = (max: number, message: string, required = false) =>
  z.preprocess(
    oneLine,
    z
      .string({ error: message })
      .trim()
      .min(required ? 1 : 0, message)
      .max(max, `Use at most ${max} characters.`),
  );

const techniquesField = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.enum(APPLICATION_TECHNIQUES, { error: "Choose the techniques from the list." }), {
      error: "Choose at least one technique you print with.",
    })
    .min(1, "Choose at least one technique you print with.")
    .transform((list) => APPLICATION_TECHNIQUES.filter((t) => list.includes(t))),
);

const capacityField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim().replace(/[\s,]/g, ""))) : v),
  z
    .number({ error: "Enter how many units you can make per day, like 200." })
    .int("Enter the units per day as a whole number, like 200.")
    .min(1, "Enter at least 1 unit per day.")
    .max(1_000_000, "Enter at most 1,000,000 units per day."),
);

/**
 * A print shop application as the form sends it. Every field is checked at once (the form shows
 * each message next to its field); the address follows the rules of a shipping address.
 */
export const fulfillerApplicationSchema = z
  .object({
    businessName: z.preprocess(
      oneLine,
      z
        .string({ error: "Enter your business name." })
        .trim()
        .min(2, "Enter a business name of at least 2 characters.")
        .max(80, "Use at most 80 characters for the business name."),
    ),
    handle: z
      .string({ error: "Choose a handle for your print shop." })
      .trim()
      .toLowerCase()
      .transform((v) => v.replace(/^@/, ""))
      .pipe(z.string().min(1, "Choose a handle for your print shop.").regex(HANDLE, HANDLE_MESSAGE)),
    line1: line(200, "Enter the street address.", true),
    line2: line(200, "Enter the second address line.").default(""),
    city: line(100, "Enter the city.", true),
    region: line(100, "Enter the state, province or region.").default(""),
    postalCode: z.string({ error: "Enter the postal code." }).trim().min(1, "Enter the postal code.").max(20, "Use at most 20 characters."),
    country: z.string({ error: "Choose a country." }).trim().toUpperCase().min(1, "Choose a country."),
    techniques: techniquesField,
    capacityPerDay: capacityField,
    acceptTerms: z.literal("on", { error: "Accept the manufacturing terms to apply." }),
    /** The terms version the form showed (refused when the terms changed meanwhile). */
    termsVersion: z.string().trim().max(40).optional(),
  })
  .transform((a, c) => {
    const checked = addressSchema.safeParse({
      fullName: a.businessName || "Print shop",
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      region: a.region,
      postalCode: a.postalCode,
      country: a.country,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (["line1", "line2", "city", "region", "postalCode", "country"].includes(field))
          c.addIssue({ code: "custom", path: [field], message: issue.message });
      }
      return z.NEVER;
    }
    const x = checked.data;
    const address: BusinessAddress = {
      line1: x.line1,
      line2: x.line2 ?? "",
      city: x.city,
      region: x.region ?? "",
      postalCode: x.postalCode,
      country: x.country,
    };
    return {
      businessName: a.businessName,
      handle: a.handle,
      address,
      techniques: a.techniques,
      capacityPerDay: a.capacityPerDay,
      termsVersion: a.termsVersion,
    };
  });
export type FulfillerApplicationInput = z.input<typeof fulfillerApplicationSchema>;

/** Every field's message at once (the form), or null when the input is valid. */
export function fulfillerApplicationErrors(raw: unknown): Record<string, string> | null {
  const r = fulfillerApplicationSchema.safeParse(raw);
  if (r.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
  return errors;
}

function parse<T extends z.ZodType>(schema: T, raw: unknown, code = "invalid-input"): z.infer<T> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new AppError(code, issue.message, 422, String(issue.path[0] ?? "") || undefined);
}

// ---- handles -------------------------------------------------------------------------------------

/** Whether a print shop or a pending print shop application (other than `exceptApplicationId`) holds the handle. */
export async function printShopHandleHeld(db: Db, handle: string, exceptApplicationId?: string): Promise<boolean> {
  const [shop] = await db.select({ id: fulfillers.id }).from(fulfillers).where(eq(fulfillers.handle, handle)).limit(1);
  if (shop) return true;
  const [app] = await db
    .select({ id: fulfillerApplications.id })
    .from(fulfillerApplications)
    .where(
      and(
        eq(fulfillerApplications.handle, handle),
        eq(fulfillerApplications.status, "pending"),
        exceptApplicationId ? ne(fulfillerApplications.id, exceptApplicationId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(app);
}

const takenMessage = (handle: string) => `@${handle} is already taken. Try another handle.`;

// ---- applying ------------------------------------------------------------------------------------

function assertStoreOwner(ctx: Ctx, store: ApplyingStore): string {
  const userId = actorUserId(ctx.actor);
  if (!userId) throw new AppError("unauthenticated", "Sign in to apply.", 401);
  if (ctx.actor.kind !== "user" || userId !== store.ownerUserId || !hasRole(ctx.actor, "partner"))
    throw forbidden(`Only the owner of @${store.handle} can apply to print for it.`);
  return userId;
}

/**
 * Apply to print for the marketplace, for a store the actor owns. One pending application per
 * applicant; the handle must be free among print shops, pending applications and (through
 * `handleInUse`) stores. Records the terms version accepted and when.
 */
export async function submitFulfillerApplication(
  ctx: Ctx,
  store: ApplyingStore,
  raw: unknown,
  options: { handleInUse?: HandleInUse } = {},
): Promise<FulfillerApplicationRow> {
  const userId = assertStoreOwner(ctx, store);
  if (store.status !== "active")
    throw new AppError("store-suspended", `@${store.handle} is suspended; it cannot apply to print until it is reinstated.`, 409);
  const data = parse(fulfillerApplicationSchema, raw, "invalid-application");
  if (data.termsVersion && data.termsVersion !== FULFILLMENT_TERMS_VERSION)
    throw new AppError(
      "terms-changed",
      "The manufacturing terms changed since you opened this page. Read the new version and accept it again.",
      409,
      "acceptTerms",
    );
  if (options.handleInUse && (await options.handleInUse(data.handle)))
    throw new AppError("handle-taken", takenMessage(data.handle), 409, "handle");
  return transaction(ctx.db, async (tx) => {
    const [pending] = await tx
      .select({ id: fulfillerApplications.id })
      .from(fulfillerApplications)
      .where(and(eq(fulfillerApplications.userId, userId), eq(fulfillerApplications.status, "pending")))
      .limit(1);
    if (pending)
      throw new AppError(
        "application-pending",
        "You already have a print shop application waiting for review. We will e-mail you when it is decided.",
        409,
      );
    if (await printShopHandleHeld(tx, data.handle)) throw new AppError("handle-taken", takenMessage(data.handle), 409, "handle");
    const now = ctx.clock.now();
    try {
      const [row] = await tx
        .insert(fulfillerApplications)
        .values({
          id: newId("fapp"),
          userId,
          storeId: store.id,
          storeHandle: store.handle,
          businessName: data.businessName,
          handle: data.handle,
          address: data.address,
          techniques: data.techniques,
          capacityPerDay: data.capacityPerDay,
          termsVersion: FULFILLMENT_TERMS_VERSION,
          termsAcceptedAt: now,
          createdAt: now,
        })
        .returning();
      return row!;
    } catch (e) {
      if (isUniqueViolation(e, "fulfiller_applications_pending_handle_key"))
        throw new AppError("handle-taken", takenMessage(data.handle), 409, "handle");
      if (isUniqueViolation(e))
        throw new AppError("application-pending", "You already have a print shop application waiting for review.", 409);
      throw e;
    }
  });
}

export interface StoreFulfillmentStatus {
  /** The store's latest print shop application, or null. */
  application: FulfillerApplicationRow | null;
  /** The print shop it opened (approved applications). */
  fulfiller: Pick<FulfillerRow, "id" | "handle" | "name" | "status" | "suspensionReason" | "registeredAt" | "capabilities"> | null;
}

/** A store's latest print shop application and the shop it opened (its owner and admins). */
export async function getStoreFulfillmentStatus(ctx: Ctx, store: ApplyingStore): Promise<StoreFulfillmentStatus> {
  if (!hasRole(ctx.actor, "admin") && actorUserId(ctx.actor) !== store.ownerUserId)
    throw forbidden(`Only the owner of @${store.handle} can see its print shop application.`);
  const [application] = await ctx.db
    .select()
    .from(fulfillerApplications)
    .where(eq(fulfillerApplications.storeId, store.id))
    .orderBy(desc(fulfillerApplications.createdAt), desc(fulfillerApplications.id))
    .limit(1);
  if (!application) return { application: null, fulfiller: null };
  const fulfiller = application.fulfillerId ? await loadFulfiller(ctx, application.fulfillerId).catch(() => null) : null;
  return {
    application,
    fulfiller: fulfiller
      ? {
          id: fulfiller.id,
          handle: fulfiller.handle,
          name: fulfiller.name,
          status: fulfiller.status,
          suspensionReason: fulfiller.suspensionReason,
          registeredAt: fulfiller.registeredAt,
          capabilities: fulfiller.capabilities,
        }
      : null,
  };
}

// ---- the admins' queue ---------------------------------------------------------------------------

export interface FulfillerApplicationView extends FulfillerApplicationRow {
  applicantEmail: string;
  applicantName: string;
}

/** Applications for admins: pending first (oldest first), then decided (newest first). */
export async function listFulfillerApplications(
  ctx: Ctx,
  opts: { status?: FulfillerApplicationStatus | "all"; limit?: number } = {},
): Promise<FulfillerApplicationView[]> {
  assertRole(ctx, "admin", "Only admins can review print shop applications.");
  const rows = await ctx.db
    .select()
    .from(fulfillerApplications)
    .where(opts.status && opts.status !== "all" ? eq(fulfillerApplications.status, opts.status) : undefined)
    .orderBy(
      sql`case when ${fulfillerApplications.status} = 'pending' then 0 else 1 end`,
      sql`case when ${fulfillerApplications.status} = 'pending' then ${fulfillerApplications.createdAt} end asc`,
      desc(fulfillerApplications.decidedAt),
      asc(fulfillerApplications.id),
    )
    .limit(opts.limit ?? 200);
  const ids = [...new Set(rows.map((r) => r.userId))];
  const [contacts, names] = await Promise.all([contactsOf(ctx.db, ids), displayNamesOf(ctx.db, ids)]);
  return rows.map((r) => ({ ...r, applicantEmail: contacts[r.userId]?.email ?? "", applicantName: names[r.userId] ?? "" }));
}

/** How many print shop applications wait for review (0 for anyone but admins). */
/** The admin navigation's count, on every admin page: kept until the next write (embedded engine, ADR 0016). */
const pendingCount = new UntilWriteMemo<number>(1);

export async function countPendingFulfillerApplications(ctx: Ctx): Promise<number> {
  if (!hasRole(ctx.actor, "admin")) return 0;
  return pendingCount.get(ctx.db, "pending", async () => {
    const [row] = await ctx.db.select({ n: count() }).from(fulfillerApplications).where(eq(fulfillerApplications.status, "pending"));
    return row?.n ?? 0;
  });
}

async function lockPending(tx: Db, id: string): Promise<FulfillerApplicationRow> {
  const [app] = await tx.select().from(fulfillerApplications).where(eq(fulfillerApplications.id, id)).limit(1).for("update");
  if (!app) throw new AppError("not-found", "That print shop application was not found.", 404);
  if (app.status !== "pending") throw new AppError("already-decided", `This application was already ${app.status}.`, 409);
  return app;
}

const techniqueList = (techniques: readonly string[]) =>
  techniques.map((t) => CAPABILITY_LABELS[t as keyof typeof CAPABILITY_LABELS] ?? t).join(", ");

/**
 * Approve an application (admins). In one transaction: the print shop opens (active, owned by the
 * applicant, the techniques as its print methods, the terms acceptance copied), the application
 * records the decision, the applicant gets the fulfiller role and an e-mail with the note.
 */
export async function approveFulfillerApplication(
  ctx: Ctx,
  id: string,
  note = "",
  options: { handleInUse?: HandleInUse } = {},
): Promise<{ application: FulfillerApplicationRow; fulfiller: FulfillerRow }> {
  assertRole(ctx, "admin", "Only admins can approve print shop applications.");
  const why = oneLine(note).trim().slice(0, 1000);
  const adminId = actorUserId(ctx.actor);
  // Asked before the transaction: the caller's check reads through its own handle on the database.
  const [seen] = await ctx.db
    .select({ handle: fulfillerApplications.handle })
    .from(fulfillerApplications)
    .where(eq(fulfillerApplications.id, id))
    .limit(1);
  const takenElsewhere = Boolean(seen && options.handleInUse && (await options.handleInUse(seen.handle)));
  return transaction(ctx.db, async (tx) => {
    const app = await lockPending(tx, id);
    if (takenElsewhere || (await printShopHandleHeld(tx, app.handle, app.id)))
      throw new AppError(
        "handle-taken",
        `@${app.handle} was taken in the meantime. Reject the application and ask for another handle.`,
        409,
      );
    const now = ctx.clock.now();
    const [fulfiller] = await tx
      .insert(fulfillers)
      .values({
        id: newId("ful"),
        handle: app.handle,
        name: app.businessName,
        ownerUserId: app.userId,
        storeId: app.storeId,
        capabilities: app.techniques,
        status: "active",
        applicationId: app.id,
        termsVersion: app.termsVersion,
        termsAcceptedAt: app.termsAcceptedAt,
        registeredAt: null,
        createdAt: now,
      })
      .returning();
    const { row } = await fulfillerApplicationStates.transition(withDb(ctx, tx), app.id, "approved", {
      reason: why,
      set: { decisionNote: why, decidedBy: adminId, decidedAt: now, fulfillerId: fulfiller!.id },
    });
    await grantRole(withDb(ctx, tx), app.userId, "fulfiller");
    await noticeTo(tx, app.userId, {
      subject: `Your print shop @${app.handle} is approved`,
      heading: `${app.businessName} can print for Platen`,
      paragraphs: [
        `Good news: your application to print for the marketplace was approved. Your print shop @${app.handle} is open for ${techniqueList(app.techniques)}.`,
        ...(why ? [`A note from the Platen team: ${why}`] : []),
        "One step is left before orders reach you: set up your first warehouse and the contact for your payouts.",
      ],
      actionLabel: "Set up your print shop",
      actionUrl: url(`/shop/partners/@${app.storeHandle}/fulfillment/register`),
      reason: "You applied to print for the Platen marketplace.",
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: "fulfillment.application.approve",
      targetType: "fulfiller",
      targetId: fulfiller!.id,
      data: { applicationId: app.id, handle: app.handle },
    });
    return { application: row, fulfiller: fulfiller! };
  });
}

/** Reject an application with a reason (admins); the applicant gets an e-mail with it. */
export async function rejectFulfillerApplication(ctx: Ctx, id: string, reason: string): Promise<FulfillerApplicationRow> {
  assertRole(ctx, "admin", "Only admins can reject print shop applications.");
  const why = oneLine(reason ?? "").trim();
  if (why.length < 5) throw new AppError("reason-required", "Give the applicant a reason (at least 5 characters).", 422, "reason");
  if (why.length > 1000) throw new AppError("reason-too-long", "Keep the reason under 1,000 characters.", 422, "reason");
  const adminId = actorUserId(ctx.actor);
  return transaction(ctx.db, async (tx) => {
    const app = await lockPending(tx, id);
    const { row } = await fulfillerApplicationStates.transition(withDb(ctx, tx), app.id, "rejected", {
      reason: why,
      set: { decisionNote: why, decidedBy: adminId, decidedAt: ctx.clock.now() },
    });
    await noticeTo(tx, app.userId, {
      subject: "Your Platen print shop application",
      heading: "Your print shop application was not approved",
      paragraphs: [
        `Thank you for applying to print for the marketplace as ${app.businessName}. We could not approve the application this time.`,
        `Reason: ${why}`,
        "You are welcome to apply again once this is addressed.",
      ],
      actionLabel: "Apply again",
      actionUrl: url(`/shop/partners/@${app.storeHandle}/fulfillment-application`),
      reason: "You applied to print for the Platen marketplace.",
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: "fulfillment.application.reject",
      targetType: "fulfiller_application",
      targetId: app.id,
      data: { reason: why },
    });
    return row;
  });
}

// ---- set-up --------------------------------------------------------------------------------------

const payoutSchema = z.object({
  payoutContactName: z.preprocess(
    oneLine,
    z
      .string({ error: "Enter who receives the payout statements." })
      .trim()
      .min(2, "Enter who receives the payout statements.")
      .max(120, "Use at most 120 characters."),
  ),
  payoutContactEmail: z
    .string({ error: "Enter the e-mail address for payouts." })
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid e-mail address, like payouts@example.com.").max(254, "Use at most 254 characters.")),
});

/** What the set-up form sends: the first warehouse (fields of a warehouse) and the payout contact. */
export type FulfillerRegistrationInput = Record<string, unknown>;

/** Every field's message at once (the set-up form), or null when the input is valid. */
export function fulfillerRegistrationErrors(raw: FulfillerRegistrationInput): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const payout = payoutSchema.safeParse(raw);
  if (!payout.success) for (const issue of payout.error.issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
  // A set-up always gives the street address (a form sends it even empty).
  const warehouse = warehouseInputErrors({ ...raw, line1: raw.line1 ?? "", postalCode: raw.postalCode ?? "" });
  for (const [field, message] of Object.entries(warehouse ?? {})) errors[field] ??= message;
  return Object.keys(errors).length ? errors : null;
}

/** The print shops of a store still waiting for their set-up (its owner and admins). */
export async function printShopAwaitingSetUp(ctx: Ctx, store: ApplyingStore): Promise<FulfillerRow | null> {
  if (!hasRole(ctx.actor, "admin") && actorUserId(ctx.actor) !== store.ownerUserId)
    throw forbidden(`Only the owner of @${store.handle} can set up its print shop.`);
  const [row] = await ctx.db
    .select()
    .from(fulfillers)
    .where(and(eq(fulfillers.storeId, store.id), sql`${fulfillers.registeredAt} is null`))
    .orderBy(asc(fulfillers.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The approved owner's set-up of a print shop: its first warehouse (full address, time zone,
 * cut-off, capacity) and the payout contact, in one transaction. Only its owner (holding the
 * fulfiller role); once. Afterwards the shop's administration is where it works.
 */
export async function registerFulfiller(
  ctx: Ctx,
  fulfillerId: string,
  raw: FulfillerRegistrationInput,
): Promise<{ fulfiller: FulfillerRow; warehouse: WarehouseRow }> {
  const shop = await loadFulfiller(ctx, fulfillerId);
  const userId = actorUserId(ctx.actor);
  if (ctx.actor.kind !== "user" || userId !== shop.ownerUserId || !ctx.actor.roles.includes("fulfiller"))
    throw forbidden("Only the print shop's owner can set it up.");
  if (shop.status !== "active")
    throw new AppError("fulfiller-suspended", "This print shop is suspended; contact us to reinstate it before setting it up.", 409);
  if (shop.registeredAt)
    throw new AppError("already-registered", "This print shop is already set up: manage it from its administration.", 409);
  const payout = parse(payoutSchema, raw);
  return transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const [locked] = await tx.select().from(fulfillers).where(eq(fulfillers.id, fulfillerId)).for("update").limit(1);
    if (locked?.registeredAt)
      throw new AppError("already-registered", "This print shop is already set up: manage it from its administration.", 409);
    const warehouse = await createWarehouse(tctx, {
      name: String(raw.name ?? ""),
      line1: String(raw.line1 ?? ""),
      line2: String(raw.line2 ?? ""),
      city: String(raw.city ?? ""),
      region: String(raw.region ?? ""),
      postalCode: String(raw.postalCode ?? ""),
      country: String(raw.country ?? ""),
      phone: String(raw.phone ?? ""),
      timeZone: String(raw.timeZone ?? ""),
      cutoffTime: String(raw.cutoffTime ?? "") || "14:00",
      capacityPerDay: (raw.capacityPerDay as string | number | null | undefined) ?? null,
      fulfillerId,
    });
    const [fulfiller] = await tx
      .update(fulfillers)
      .set({ ...payout, registeredAt: ctx.clock.now() })
      .where(eq(fulfillers.id, fulfillerId))
      .returning();
    await recordAudit(tx, {
      actorId: userId,
      action: "fulfillment.register",
      targetType: "fulfiller",
      targetId: fulfillerId,
      data: { warehouseId: warehouse.id },
    });
    return { fulfiller: fulfiller!, warehouse };
  });
}

// ---- the admins' list of print shops --------------------------------------------------------------

export interface FulfillerAdminView extends FulfillerRow {
  ownerEmail: string;
  ownerName: string;
  warehouseCount: number;
}

/** Every print shop with its owner and warehouse count (admins), by name. */
export async function listFulfillersForAdmin(ctx: Ctx): Promise<FulfillerAdminView[]> {
  assertRole(ctx, "admin", "Only admins can list every print shop.");
  const rows = await ctx.db.select().from(fulfillers).orderBy(asc(fulfillers.name), asc(fulfillers.id));
  if (!rows.length) return [];
  const ownerIds = [...new Set(rows.map((r) => r.ownerUserId))];
  const [contacts, names, counts] = await Promise.all([
    contactsOf(ctx.db, ownerIds),
    displayNamesOf(ctx.db, ownerIds),
    ctx.db
      .select({ fulfillerId: warehouses.fulfillerId, n: count() })
      .from(warehouses)
      .where(
        inArray(
          warehouses.fulfillerId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(warehouses.fulfillerId),
  ]);
  const countOf = new Map(counts.map((c) => [c.fulfillerId, Number(c.n)]));
  return rows.map((r) => ({
    ...r,
    ownerEmail: contacts[r.ownerUserId]?.email ?? "",
    ownerName: names[r.ownerUserId] ?? "",
    warehouseCount: countOf.get(r.id) ?? 0,
  }));
}

/** A print shop for its public page: active and set up, else null (suspended or unknown shops are not shown). */
export async function getPublicFulfiller(ctx: ReadCtx, handle: string): Promise<FulfillerRow | null> {
  const [row] = await ctx.db
    .select()
    .from(fulfillers)
    .where(eq(fulfillers.handle, handle.trim().toLowerCase().replace(/^@/, "")))
    .limit(1);
  if (!row || row.status !== "active" || !row.registeredAt) return null;
  return row;
}
