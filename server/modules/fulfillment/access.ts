// Who may manage a fulfillment business: its owner (holding the fulfiller role) and admins.
import { eq } from "drizzle-orm";
import { UntilWriteMemo } from "../../infra/db/index.ts";
import { AppError, forbidden, hasRole, notFound, readOnceKept, rememberRead, type Ctx } from "../../kernel/index.ts";
import { fulfillers } from "./schema.ts";

export type FulfillerRow = typeof fulfillers.$inferSelect;

/** Public reads need only the database (anyone may see active blanks and where they ship from). */
export type ReadCtx = Pick<Ctx, "db" | "reads">;

/**
 * The business with this id, or null: read once per page request (its loaders and the services
 * they call each check the business; kernel's readOnce), afresh in an action or a transaction.
 */
export function fulfillerById(ctx: ReadCtx, id: string): Promise<FulfillerRow | null> {
  return readOnceKept(ctx, fulfillerRows, `fulfiller:${id}`, async () => {
    const [row] = await ctx.db.select().from(fulfillers).where(eq(fulfillers.id, id)).limit(1);
    return row ?? null;
  });
}

/** Across requests, a business's row is also kept until the next write (embedded engine, ADR 0016). */
const fulfillerRows = new UntilWriteMemo<FulfillerRow | null>(2_000);

/** The business with this (lower-case, bare) handle, or null; read once per page request like `fulfillerById`. */
export function fulfillerByHandle(ctx: ReadCtx, handle: string): Promise<FulfillerRow | null> {
  return readOnceKept(ctx, fulfillerRows, `fulfiller@${handle}`, async () => {
    const [row] = await ctx.db.select().from(fulfillers).where(eq(fulfillers.handle, handle)).limit(1);
    if (row) rememberRead(ctx, `fulfiller:${row.id}`, row);
    return row ?? null;
  });
}

export async function loadFulfiller(ctx: ReadCtx, fulfillerId: string): Promise<FulfillerRow> {
  const row = await fulfillerById(ctx, fulfillerId);
  if (!row) throw notFound("The fulfillment business");
  return row;
}

/** Admins (and the system) manage every business; a fulfiller only the businesses they own. */
export function canManageFulfiller(ctx: Ctx, fulfiller: Pick<FulfillerRow, "ownerUserId">): boolean {
  if (hasRole(ctx.actor, "admin")) return true;
  return ctx.actor.kind === "user" && ctx.actor.roles.includes("fulfiller") && ctx.actor.userId === fulfiller.ownerUserId;
}

/**
 * Who may work a print shop's floor (orders, batches, parcels, shipments, manifests): those who
 * manage it, and its active floor workers while the shop is active. A worker's actor carries the
 * shop in `floorOf` once `floorContext` looked it up, so the check stays synchronous.
 */
export function canWorkFloor(ctx: Ctx, fulfiller: Pick<FulfillerRow, "id" | "ownerUserId" | "status">): boolean {
  if (canManageFulfiller(ctx, fulfiller)) return true;
  return ctx.actor.kind === "user" && fulfiller.status === "active" && (ctx.actor.floorOf ?? []).includes(fulfiller.id);
}

/**
 * The business, for one of its active floor workers (a floor read: boxes, stock bins), or else as
 * assertManagesFulfiller decides (its owner, admins).
 */
export async function assertWorksFloor(ctx: Ctx, fulfillerId: string): Promise<FulfillerRow> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller) && canWorkFloor(ctx, fulfiller)) return fulfiller;
  return assertManagesFulfiller(ctx, fulfillerId);
}

/**
 * The business, if the actor may manage it (403 otherwise). Owners of a suspended business may
 * not change it (409); admins may.
 */
export async function assertManagesFulfiller(ctx: Ctx, fulfillerId: string): Promise<FulfillerRow> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller)) throw forbidden("You can only manage your own fulfillment businesses.");
  if (fulfiller.status !== "active" && !hasRole(ctx.actor, "admin"))
    throw new AppError("fulfiller-suspended", "This fulfillment business is suspended; contact us to reinstate it.", 409);
  return fulfiller;
}
