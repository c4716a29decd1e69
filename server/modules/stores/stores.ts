// Stores: the admin list, suspension and featuring, the public list, a user's stores, the profile and its images.
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, ne, or } from "drizzle-orm";
import { transaction } from "../../infra/db/index.ts";
import { uploadedImageToWebp } from "../../infra/images/index.ts";
import { publish } from "../../jobs/index.ts";
import { actorUserId, AppError, assertRole, withDb, type Ctx } from "../../kernel/index.ts";
import { contactsOf, displayNamesOf, userIdsMatching } from "../identity/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { recordAudit } from "../platform/index.ts";
import { assertStorePermission } from "./access.ts";
import { fanClubMembers, storeMembers, stores } from "./schema.ts";
import { userEmail, type StoreRow } from "./shared.ts";
import { storeMachine } from "./states.ts";
import { STORE_PERMISSIONS, type StoreLink, type StorePermission } from "./types.ts";

export interface AdminStoreView extends StoreRow {
  ownerEmail: string;
  ownerName: string;
  fanClubCount: number;
}

export async function listStoresForAdmin(
  ctx: Ctx,
  opts: { q?: string; status?: "active" | "suspended" | "all" } = {},
): Promise<AdminStoreView[]> {
  assertRole(ctx, "admin", "Only admins can list partners.");
  const q = opts.q?.trim().replace(/^@/, "");
  const conds = [];
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const owners = await userIdsMatching(ctx.db, q);
    conds.push(or(ilike(stores.name, like), ilike(stores.handle, like), owners.length ? inArray(stores.ownerUserId, owners) : undefined));
  }
  if (opts.status && opts.status !== "all") conds.push(eq(stores.status, opts.status));
  const members = ctx.db
    .select({ storeId: fanClubMembers.storeId, n: count().as("n") })
    .from(fanClubMembers)
    .groupBy(fanClubMembers.storeId)
    .as("fc");
  const rows = await ctx.db
    .select({ s: stores, n: members.n })
    .from(stores)
    .leftJoin(members, eq(members.storeId, stores.id))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(stores.name))
    .limit(500);
  const ownerIds = rows.map((r) => r.s.ownerUserId);
  const contacts = await contactsOf(ctx.db, ownerIds);
  const names = await displayNamesOf(ctx.db, ownerIds);
  return rows.map((r) => ({
    ...r.s,
    ownerEmail: contacts[r.s.ownerUserId]?.email ?? "",
    ownerName: names[r.s.ownerUserId] ?? "",
    fanClubCount: Number(r.n ?? 0),
  }));
}

export async function suspendStore(ctx: Ctx, storeId: string, reason: string): Promise<void> {
  assertRole(ctx, "admin", "Only admins can suspend stores.");
  const why = reason.trim();
  if (why.length < 5) throw new AppError("reason-required", "Give a reason (at least 5 characters); the partner sees it.", 400, "reason");
  await transaction(ctx.db, async (tx) => {
    const [s] = await tx.select().from(stores).where(eq(stores.id, storeId)).limit(1).for("update");
    if (!s) throw new AppError("not-found", "That store was not found.", 404);
    if (s.status === "suspended") throw new AppError("already-suspended", "This store is already suspended.", 409);
    await storeMachine.transition(withDb(ctx, tx), storeId, "suspended", {
      reason: why,
      set: { suspendedReason: why, featured: false, updatedAt: ctx.clock.now() },
    });
    // Search, the storefront and anyone else interested follow the event (server/job-handlers.ts).
    await publish(tx, "store.suspended", { storeId, reason: why }, { actor: ctx.actor });
    const who = await userEmail(tx, s.ownerUserId);
    if (who) {
      await sendEmail(tx, {
        to: who.email,
        template: "notice",
        params: {
          name: who.name,
          subject: `Your store @${s.handle} is suspended`,
          heading: `${s.name} is suspended`,
          paragraphs: [
            "Your store is hidden from shoppers for now.",
            `Reason: ${why}`,
            "Reply to this e-mail or contact support if you think this is a mistake.",
          ],
          reason: "You own a store on Platen.",
        },
      });
    }
    await recordAudit(tx, {
      actorId: actorUserId(ctx.actor),
      action: "store.suspend",
      targetType: "store",
      targetId: storeId,
      data: { reason: why },
    });
  });
}

export async function reinstateStore(ctx: Ctx, storeId: string): Promise<void> {
  assertRole(ctx, "admin", "Only admins can reinstate stores.");
  await transaction(ctx.db, async (tx) => {
    const [s] = await tx.select().from(stores).where(eq(stores.id, storeId)).limit(1).for("update");
    if (!s) throw new AppError("not-found", "That store was not found.", 404);
    if (s.status === "active") throw new AppError("not-suspended", "This store is not suspended.", 409);
    await storeMachine.transition(withDb(ctx, tx), storeId, "active", {
      reason: "reinstated",
      set: { suspendedReason: "", updatedAt: ctx.clock.now() },
    });
    await publish(tx, "store.reinstated", { storeId }, { actor: ctx.actor });
    await recordAudit(tx, { actorId: actorUserId(ctx.actor), action: "store.reinstate", targetType: "store", targetId: storeId, data: {} });
  });
}

export async function setStoreFeatured(ctx: Ctx, storeId: string, featured: boolean): Promise<void> {
  assertRole(ctx, "admin", "Only admins can feature stores.");
  const [s] = await ctx.db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!s) throw new AppError("not-found", "That store was not found.", 404);
  if (featured && s.status !== "active") throw new AppError("suspended", "A suspended store cannot be featured.", 409);
  await ctx.db.update(stores).set({ featured, updatedAt: new Date() }).where(eq(stores.id, storeId));
}

/** Active stores for the public, featured ones (for the home page) or all, newest first. */
export async function listPublicStores(ctx: Ctx, opts: { featured?: boolean; limit?: number } = {}): Promise<StoreRow[]> {
  return ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.status, "active"), opts.featured ? eq(stores.featured, true) : undefined))
    .orderBy(desc(stores.featured), asc(stores.name))
    .limit(opts.limit ?? 50);
}

// ---- a user's stores -----------------------------------------------------------------------

export interface MyStore {
  store: StoreRow;
  role: "owner" | "member";
  permissions: StorePermission[];
}

/** The stores the signed-in user owns or works in (active membership). */
export async function listMyStores(ctx: Ctx): Promise<MyStore[]> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return [];
  const owned = await ctx.db.select().from(stores).where(eq(stores.ownerUserId, userId)).orderBy(asc(stores.name));
  const member = await ctx.db
    .select({ s: stores, permissions: storeMembers.permissions })
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .where(and(eq(storeMembers.userId, userId), eq(storeMembers.status, "active"), ne(stores.ownerUserId, userId)))
    .orderBy(asc(stores.name));
  return [
    ...owned.map((store) => ({ store, role: "owner" as const, permissions: [...STORE_PERMISSIONS] })),
    ...member.map((m) => ({
      store: m.s,
      role: "member" as const,
      permissions: STORE_PERMISSIONS.filter((p) => m.permissions.includes(p)),
    })),
  ];
}

// ---- profile -------------------------------------------------------------------------------

export async function updateStoreProfile(
  ctx: Ctx,
  storeId: string,
  input: { name: string; bio: string; accentColor: string; links: StoreLink[] },
): Promise<StoreRow> {
  await assertStorePermission(ctx, storeId, "profile");
  return transaction(ctx.db, async (tx) => {
    const [before] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId)).limit(1).for("update");
    if (!before) throw new AppError("not-found", "That store was not found.", 404);
    const [row] = await tx
      .update(stores)
      .set({
        name: input.name,
        bio: input.bio,
        accentColor: input.accentColor.toLowerCase(),
        links: input.links,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(stores.id, storeId))
      .returning();
    // The name is what search and the product cards show of a store: they follow the event.
    if (row!.name !== before.name)
      await publish(tx, "store.renamed", { storeId, name: row!.name, previousName: before.name }, { actor: ctx.actor });
    return row!;
  });
}

/** Set (or clear) the avatar or banner storage key (the file is stored by the caller under `store-media/`). */
export async function setStoreImage(ctx: Ctx, storeId: string, kind: "avatar" | "banner", key: string | null): Promise<StoreRow> {
  await assertStorePermission(ctx, storeId, "profile");
  const [row] = await ctx.db
    .update(stores)
    .set(kind === "avatar" ? { avatarKey: key, updatedAt: new Date() } : { bannerKey: key, updatedAt: new Date() })
    .where(eq(stores.id, storeId))
    .returning();
  return row!;
}

export const STORE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Upload an avatar (square, 512 px) or banner (1600 x 400) image: checked by content (PNG, JPEG
 * or WebP, size and pixel limits), re-encoded as WebP under `store-media/`, and set on the store.
 */
export async function uploadStoreImage(ctx: Ctx, storeId: string, kind: "avatar" | "banner", bytes: Buffer): Promise<StoreRow> {
  await assertStorePermission(ctx, storeId, "profile");
  const out = await uploadedImageToWebp(bytes, {
    field: kind,
    limits: { maxBytes: STORE_IMAGE_MAX_BYTES, minSide: kind === "avatar" ? 64 : 200 },
    ...(kind === "avatar" ? { width: 512, height: 512, quality: 85 } : { width: 1600, height: 400, quality: 82 }),
    fit: "cover",
  });
  const hash = createHash("sha256").update(out).digest("hex").slice(0, 24);
  const key = `store-media/${storeId}/${kind}-${hash}.webp`;
  await ctx.ports.storage.put(key, out, { contentType: "image/webp" });
  return setStoreImage(ctx, storeId, kind, key);
}
