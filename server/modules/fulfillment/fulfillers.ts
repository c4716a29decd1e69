// Fulfillment businesses (print shops): who runs them, what they can print, whether they are active.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { env } from "../../config/env.ts";
import { oneLine } from "../../contracts/text.ts";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { publish } from "../../jobs/index.ts";
import { actorUserId, AppError, assertRole, withDb, type Ctx } from "../../kernel/index.ts";
import { recordAudit } from "../platform/index.ts";
import { assertManagesFulfiller, fulfillerByHandle, fulfillerById, type FulfillerRow, type ReadCtx } from "./access.ts";
import { printShopHandleHeld } from "./applications.ts";
import { fulfillers } from "./schema.ts";
import { fulfillerStates } from "./states.ts";
import { FULFILLER_CAPABILITIES, type FulfillerStatus } from "./types.ts";
import { noticeTo } from "./notices.ts";

export type { FulfillerRow };

const stripAt = (h: string) => h.trim().toLowerCase().replace(/^@/, "");
const HANDLE = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;

/** A fulfillment business by handle (with or without the leading `@`), or null. */
export async function getFulfillerByHandle(ctx: ReadCtx, handle: string): Promise<FulfillerRow | null> {
  return fulfillerByHandle(ctx, stripAt(handle));
}

export async function getFulfillerById(ctx: ReadCtx, id: string): Promise<FulfillerRow | null> {
  return fulfillerById(ctx, id);
}

/**
 * Whether a handle is taken by a fulfillment business or held by a pending print shop application
 * (handles are unique across stores and fulfillers).
 */
export async function isFulfillerHandleTaken(db: Db, handle: string): Promise<boolean> {
  return printShopHandleHeld(db, stripAt(handle));
}

/** The fulfillment businesses a user owns. */
export async function listFulfillersOfUser(ctx: ReadCtx, userId: string): Promise<FulfillerRow[]> {
  return ctx.db.select().from(fulfillers).where(eq(fulfillers.ownerUserId, userId)).orderBy(asc(fulfillers.name));
}

/** Active fulfillment businesses linked to a store, or owned by one of `ownerIds`. */
export async function listFulfillersForStore(ctx: ReadCtx, storeId: string, ownerIds: readonly string[] = []): Promise<FulfillerRow[]> {
  const cond = ownerIds.length
    ? or(eq(fulfillers.storeId, storeId), inArray(fulfillers.ownerUserId, [...ownerIds]))
    : eq(fulfillers.storeId, storeId);
  return ctx.db
    .select()
    .from(fulfillers)
    .where(and(cond, eq(fulfillers.status, "active")))
    .orderBy(asc(fulfillers.name));
}

/** Every fulfillment business, for the back office (admins only). */
export async function listFulfillers(ctx: Ctx, filter: { status?: FulfillerStatus } = {}): Promise<FulfillerRow[]> {
  assertRole(ctx, "admin", "Only admins can list every fulfillment business.");
  return ctx.db
    .select()
    .from(fulfillers)
    .where(filter.status ? eq(fulfillers.status, filter.status) : undefined)
    .orderBy(asc(fulfillers.name));
}

const nameSchema = z
  .string({ error: "Enter a name." })
  .trim()
  .min(2, "Enter a name of at least 2 characters.")
  .max(80, "Use at most 80 characters for the name.");
const profileSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(2000, "Use at most 2000 characters for the description.").default(""),
  capabilities: z
    .array(z.enum(FULFILLER_CAPABILITIES, { error: `Choose print methods among ${FULFILLER_CAPABILITIES.join(", ")}.` }))
    .max(FULFILLER_CAPABILITIES.length)
    .default([]),
});

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new AppError("invalid-input", issue.message, 422, String(issue.path[0] ?? "") || undefined);
}

export interface CreateFulfillerInput {
  handle: string;
  name: string;
  ownerUserId: string;
  storeId?: string | null;
  description?: string;
  capabilities?: string[];
}

/**
 * Create a fulfillment business (admins and the system: an approved fulfillment application, the
 * demo seed). Idempotent by handle: an existing business with that handle is returned as it is.
 */
export async function createFulfiller(ctx: Ctx, input: CreateFulfillerInput): Promise<FulfillerRow> {
  assertRole(ctx, "admin", "Only admins can create fulfillment businesses.");
  const handle = stripAt(input.handle);
  if (!HANDLE.test(handle)) throw new AppError("invalid-handle", "Use lowercase letters, digits and dashes.", 400, "handle");
  if (!input.ownerUserId) throw new AppError("invalid-owner", "Choose who runs this fulfillment business.", 422, "ownerUserId");
  const profile = parse(profileSchema, { name: input.name, description: input.description, capabilities: input.capabilities });
  const existing = await getFulfillerByHandle(ctx, handle);
  if (existing) return existing;
  const [row] = await ctx.db
    .insert(fulfillers)
    .values({ id: newId("ful"), handle, ownerUserId: input.ownerUserId, storeId: input.storeId ?? null, ...profile })
    .onConflictDoNothing()
    .returning();
  return row ?? (await getFulfillerByHandle(ctx, handle))!;
}

/** Change a business's name, description and print methods (its owner, or an admin). */
export async function updateFulfiller(
  ctx: Ctx,
  fulfillerId: string,
  input: { name: string; description?: string; capabilities?: string[] },
): Promise<FulfillerRow> {
  await assertManagesFulfiller(ctx, fulfillerId);
  const profile = parse(profileSchema, input);
  const [row] = await ctx.db.update(fulfillers).set(profile).where(eq(fulfillers.id, fulfillerId)).returning();
  return row!;
}

/**
 * Suspend or reinstate a business (admins only), in one transaction: the move is recorded with its
 * reason, `fulfillment.fulfiller_suspended` (or `_reinstated`) is published on the outbox, and the
 * owner is e-mailed. While suspended, routing skips the business, its blanks leave the designer and
 * the modules holding its open lines hold them (they subscribe to the event).
 */
export async function setFulfillerStatus(ctx: Ctx, fulfillerId: string, to: FulfillerStatus, reason = ""): Promise<FulfillerRow> {
  assertRole(ctx, "admin", "Only admins can suspend or reinstate fulfillment businesses.");
  const why = oneLine(reason ?? "").trim();
  if (to === "suspended" && !why) throw new AppError("reason-required", "Give a reason for the suspension.", 422, "reason");
  if (why.length > 1000) throw new AppError("reason-too-long", "Keep the reason under 1,000 characters.", 422, "reason");
  return transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const { row } = await fulfillerStates.transition(tctx, fulfillerId, to, {
      reason: why,
      set: { suspensionReason: to === "suspended" ? why : "" },
    });
    if (to === "suspended") await publish(tx, "fulfillment.fulfiller_suspended", { fulfillerId, reason: why }, { actor: ctx.actor });
    else await publish(tx, "fulfillment.fulfiller_reinstated", { fulfillerId }, { actor: ctx.actor });
    await noticeTo(
      tx,
      row.ownerUserId,
      to === "suspended"
        ? {
            subject: `Your print shop @${row.handle} is suspended`,
            heading: `${row.name} is suspended`,
            paragraphs: [
              `We suspended your print shop @${row.handle}. Reason: ${why}`,
              "While it is suspended, no new order lines are routed to it and its blanks are not offered for new products. Lines already routed to it are held for our team, which will tell you whether to finish them.",
              "Reply through the contact form if you want us to review this decision.",
            ],
            actionLabel: "Contact us",
            actionUrl: `${env().PUBLIC_URL}/contact?topic=fulfillment`,
            reason: "You run a print shop on the Platen marketplace.",
          }
        : {
            subject: `Your print shop @${row.handle} is reinstated`,
            heading: `${row.name} is active again`,
            paragraphs: [
              `We reinstated your print shop @${row.handle}: orders are routed to it again and its blanks are offered for new products.`,
            ],
            actionLabel: "Open your print shop",
            actionUrl: `${env().PUBLIC_URL}/fulfillment/@${row.handle}/administration`,
            reason: "You run a print shop on the Platen marketplace.",
          },
    );
    await recordAudit(tx, {
      actorId: actorUserId(ctx.actor),
      action: to === "suspended" ? "fulfillment.suspend" : "fulfillment.reinstate",
      targetType: "fulfiller",
      targetId: fulfillerId,
      data: to === "suspended" ? { reason: why } : {},
    });
    return row;
  });
}
