// A print shop's floor staff (issue 23 §5): its owner adds Platen accounts by e-mail; they work the
// floor (orders, batches, parcels, shipments, manifests) but none of the owner's pages. Pages give a
// worker's actor the shop in `floorOf` (floorContext), which canWorkFloor reads.
import { and, asc, eq } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { isUniqueViolation, newId, transaction } from "../../infra/db/index.ts";
import { actorUserId, AppError, forbidden, notFound, type Ctx } from "../../kernel/index.ts";
import { accountByEmail, displayNamesOf } from "../identity/index.ts";
import { recordAudit } from "../platform/index.ts";
import { assertManagesFulfiller, canManageFulfiller, loadFulfiller, type FulfillerRow } from "./access.ts";
import { fulfillerMembers, fulfillers } from "./schema.ts";
import { noticeTo } from "./notices.ts";

/** At most this many people work one print shop's floor. */
export const FLOOR_TEAM_MAX = 50;

export const NO_ACCOUNT_MESSAGE = "No Platen account uses that e-mail: ask them to sign up first, then add them.";

export interface FloorWorker {
  id: string;
  userId: string;
  email: string;
  name: string;
  addedAt: Date;
}

const url = (path: string) => `${env().PUBLIC_URL}${path}`;
const floorUrl = (f: Pick<FulfillerRow, "handle">) => url(`/fulfillment/@${f.handle}/administration/orders`);

/**
 * `ctx` with the print shop in the actor's `floorOf` when the signed-in user is one of its active
 * floor workers (and not its owner: owners need nothing more); otherwise `ctx` itself.
 */
export async function floorContext(ctx: Ctx, fulfiller: Pick<FulfillerRow, "id" | "ownerUserId">): Promise<Ctx> {
  const actor = ctx.actor;
  if (actor.kind !== "user" || canManageFulfiller(ctx, fulfiller) || actor.floorOf?.includes(fulfiller.id)) return ctx;
  const [row] = await ctx.db
    .select({ id: fulfillerMembers.id })
    .from(fulfillerMembers)
    .where(
      and(eq(fulfillerMembers.fulfillerId, fulfiller.id), eq(fulfillerMembers.userId, actor.userId), eq(fulfillerMembers.status, "active")),
    )
    .limit(1);
  if (!row) return ctx;
  return { ...ctx, actor: { ...actor, floorOf: [...(actor.floorOf ?? []), fulfiller.id] } };
}

/** The print shops (active ones) whose floor the signed-in user works, by name: for their account page. */
export async function listFloorShopsOfUser(ctx: Ctx): Promise<{ handle: string; name: string }[]> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return [];
  return ctx.db
    .select({ handle: fulfillers.handle, name: fulfillers.name })
    .from(fulfillerMembers)
    .innerJoin(fulfillers, eq(fulfillers.id, fulfillerMembers.fulfillerId))
    .where(and(eq(fulfillerMembers.userId, userId), eq(fulfillerMembers.status, "active"), eq(fulfillers.status, "active")))
    .orderBy(asc(fulfillers.name));
}

async function activeWorkers(ctx: Ctx, fulfillerId: string) {
  return ctx.db
    .select()
    .from(fulfillerMembers)
    .where(and(eq(fulfillerMembers.fulfillerId, fulfillerId), eq(fulfillerMembers.status, "active")))
    .orderBy(asc(fulfillerMembers.createdAt), asc(fulfillerMembers.id));
}

/** Who works the print shop's floor, oldest first: its owner and admins only (403 for anyone else). */
export async function listFloorTeam(ctx: Ctx, fulfillerId: string): Promise<FloorWorker[]> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller)) throw forbidden("You can only manage your own fulfillment businesses.");
  const rows = await activeWorkers(ctx, fulfillerId);
  const names = await displayNamesOf(
    ctx.db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({ id: r.id, userId: r.userId, email: r.email, name: names[r.userId] ?? r.email, addedAt: r.createdAt }));
}

/**
 * Adds the Platen account signed in with `email` to the print shop's floor, and tells them by
 * e-mail. Refused (next to the e-mail field, nothing written): no such account, the owner
 * themself, someone already on the floor, a full team. Owner (of an active shop) or admin.
 */
export async function addFloorWorker(ctx: Ctx, input: { fulfillerId: string; email: string }): Promise<FloorWorker> {
  const fulfiller = await assertManagesFulfiller(ctx, input.fulfillerId);
  const typed = String(input.email ?? "").trim();
  if (!typed) throw new AppError("email-required", "Enter the e-mail of their Platen account.", 400, "email");
  if (typed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed))
    throw new AppError("invalid-email", "Enter a valid e-mail address, like name@example.com.", 400, "email");
  const account = await accountByEmail(ctx.db, typed);
  if (!account) throw new AppError("no-account", NO_ACCOUNT_MESSAGE, 422, "email");
  if (account.userId === fulfiller.ownerUserId)
    throw new AppError("is-owner", "That is the owner's account: the owner already works every page of the print shop.", 409, "email");
  const team = await activeWorkers(ctx, fulfiller.id);
  const already = () => new AppError("already-worker", `${account.name} already works your floor.`, 409, "email");
  if (team.some((m) => m.userId === account.userId)) throw already();
  if (team.length >= FLOOR_TEAM_MAX)
    throw new AppError("team-full", `A print shop's floor has at most ${FLOOR_TEAM_MAX} people: remove someone first.`, 409, "email");
  const ownerName = (await displayNamesOf(ctx.db, [fulfiller.ownerUserId]))[fulfiller.ownerUserId] ?? "The owner";
  try {
    return await transaction(ctx.db, async (tx) => {
      const [row] = await tx
        .insert(fulfillerMembers)
        .values({
          id: newId("fmb"),
          fulfillerId: fulfiller.id,
          userId: account.userId,
          email: account.email,
          addedBy: actorUserId(ctx.actor),
          createdAt: ctx.clock.now(),
        })
        .returning();
      await noticeTo(tx, account.userId, {
        subject: `You work the floor of ${fulfiller.name} on Platen`,
        heading: `Welcome to the floor of ${fulfiller.name}`,
        paragraphs: [
          `${ownerName} added you to the floor staff of the print shop @${fulfiller.handle}.`,
          "Sign in with this e-mail to see its orders, batches, parcels, shipments and manifests: accept orders, print the pick lists and print sheets, scan, pack, buy labels and hand parcels to the carrier.",
        ],
        actionLabel: "Open the floor",
        actionUrl: floorUrl(fulfiller),
        reason: `The owner of the print shop @${fulfiller.handle} added you to its floor staff.`,
      });
      await recordAudit(tx, {
        actorId: actorUserId(ctx.actor),
        action: "fulfillment.floor.add",
        targetType: "fulfiller",
        targetId: fulfiller.id,
        data: { memberId: row!.id, userId: account.userId },
      });
      return { id: row!.id, userId: row!.userId, email: row!.email, name: account.name, addedAt: row!.createdAt };
    });
  } catch (error) {
    if (isUniqueViolation(error, "fulfiller_members_active_key")) throw already();
    throw error;
  }
}

/** Takes a worker off the print shop's floor (the row stays, removed) and tells them. Owner or admin. */
export async function removeFloorWorker(ctx: Ctx, input: { fulfillerId: string; memberId: string }): Promise<void> {
  const fulfiller = await assertManagesFulfiller(ctx, input.fulfillerId);
  const [member] = await ctx.db
    .select()
    .from(fulfillerMembers)
    .where(
      and(
        eq(fulfillerMembers.id, String(input.memberId ?? "")),
        eq(fulfillerMembers.fulfillerId, fulfiller.id),
        eq(fulfillerMembers.status, "active"),
      ),
    )
    .limit(1);
  if (!member) throw notFound("That worker");
  await transaction(ctx.db, async (tx) => {
    const done = await tx
      .update(fulfillerMembers)
      .set({ status: "removed", removedAt: ctx.clock.now() })
      .where(and(eq(fulfillerMembers.id, member.id), eq(fulfillerMembers.status, "active")))
      .returning({ id: fulfillerMembers.id });
    if (!done.length) return;
    await noticeTo(tx, member.userId, {
      subject: `You no longer work the floor of ${fulfiller.name}`,
      heading: `You left the floor of ${fulfiller.name}`,
      paragraphs: [
        `The owner of the print shop @${fulfiller.handle} took you off its floor staff: its orders, batches and shipments are no longer open to you.`,
        "If this is a mistake, ask the owner to add you again.",
      ],
      reason: `You worked the floor of the print shop @${fulfiller.handle}.`,
    });
    await recordAudit(tx, {
      actorId: actorUserId(ctx.actor),
      action: "fulfillment.floor.remove",
      targetType: "fulfiller",
      targetId: fulfiller.id,
      data: { memberId: member.id, userId: member.userId },
    });
  });
}
