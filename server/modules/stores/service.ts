// Partners and their stores: applications, stores, team members, fan clubs.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { newId, transaction, isUniqueViolation, type Db } from "../../infra/db/index.ts";
import { users } from "../../infra/db/schema.ts";
import { uploadedImageToWebp } from "../../infra/images/index.ts";
import { storage } from "../../infra/storage/index.ts";
import { enqueue } from "../../jobs/index.ts";
import {
  actorUserId,
  AppError,
  assertRole,
  forbidden,
  hasRole,
  systemCtx as kernelSystemCtx,
  withDb,
  type Ctx,
} from "../../kernel/index.ts";
import { isFulfillerHandleTaken } from "../fulfillment/index.ts";
import { displayNamesOf, setUserRoles } from "../identity/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { recordAudit } from "../platform/index.ts";
import { fanClubMembers, fanClubPerks, fanClubPosts, partnerApplications, storeMembers, stores } from "./schema.ts";
import {
  applicationSchema,
  handleSchema,
  RESERVED_HANDLES,
  STORE_PERMISSIONS,
  type ApplicationInput,
  type StoreAccessInfo,
  type StoreLink,
  type StorePermission,
} from "./types.ts";

export type StoreRow = typeof stores.$inferSelect;
export type ApplicationRow = typeof partnerApplications.$inferSelect;
export type StoreMemberRow = typeof storeMembers.$inferSelect;
export type FanClubPostRow = typeof fanClubPosts.$inferSelect;
export type FanClubPerkRow = typeof fanClubPerks.$inferSelect;

export const FAN_CLUB_NEW_PRODUCT_TOPIC = "stores.fan-club.new-product";

const url = (path: string) => `${env().PUBLIC_URL}${path}`;
const hashToken = (raw: string) => createHash("sha256").update(raw).digest("hex");
const randomToken = () => randomBytes(24).toString("base64url");
const stripAt = (h: string) => h.trim().toLowerCase().replace(/^@/, "");

function requireUserId(ctx: Ctx, message = "Sign in first."): string {
  const id = actorUserId(ctx.actor);
  if (!id) throw new AppError("unauthenticated", message, 401);
  return id;
}

async function userEmail(db: Db, userId: string): Promise<{ email: string; name: string } | null> {
  const [u] = await db
    .select({ email: users.email, displayName: users.displayName, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ? { email: u.email, name: u.displayName || u.firstName || u.email } : null;
}

// ---- handles and lookups -------------------------------------------------------------------

/**
 * The handle of a `/@{name}` URL parameter: null unless it starts with `@` and is a valid
 * handle (so `/shop/partners/inkwell` is a 404, not the store).
 */
export function parseHandleParam(param: string | undefined): string | null {
  if (!param || !param.startsWith("@")) return null;
  const parsed = handleSchema.safeParse(param.slice(1));
  return parsed.success && parsed.data === param.slice(1) ? parsed.data : null;
}

/** A store by handle (with or without `@`), whatever its status, or null. */
export async function getStoreByHandle(ctx: Ctx, handle: string): Promise<StoreRow | null> {
  const h = stripAt(handle);
  if (!h) return null;
  const [row] = await ctx.db.select().from(stores).where(eq(stores.handle, h)).limit(1);
  return row ?? null;
}

export async function getStoreById(ctx: Ctx, id: string): Promise<StoreRow | null> {
  const [row] = await ctx.db.select().from(stores).where(eq(stores.id, id)).limit(1);
  return row ?? null;
}

export async function getStoresByIds(ctx: Ctx, ids: readonly string[]): Promise<StoreRow[]> {
  if (!ids.length) return [];
  return ctx.db
    .select()
    .from(stores)
    .where(inArray(stores.id, [...new Set(ids)]));
}

/** Whether the public may see the store (active). Its owner, team and admins see a suspended one. */
export function isStorePublic(store: StoreRow): boolean {
  return store.status === "active";
}

/** What `actor` may do in `store`. */
export async function getStoreAccess(ctx: Ctx, store: Pick<StoreRow, "id" | "ownerUserId">): Promise<StoreAccessInfo> {
  const userId = actorUserId(ctx.actor);
  if (ctx.actor.kind === "system") return { role: "owner", permissions: [...STORE_PERMISSIONS] };
  if (!userId) return { role: "none", permissions: [] };
  if (store.ownerUserId === userId) return { role: "owner", permissions: [...STORE_PERMISSIONS] };
  const [m] = await ctx.db
    .select({ permissions: storeMembers.permissions })
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, store.id), eq(storeMembers.userId, userId), eq(storeMembers.status, "active")))
    .limit(1);
  if (m) return { role: "member", permissions: STORE_PERMISSIONS.filter((p) => m.permissions.includes(p)) };
  if (hasRole(ctx.actor, "admin")) return { role: "admin", permissions: [...STORE_PERMISSIONS] };
  return { role: "none", permissions: [] };
}

/** Whether the access lets its holder into the administration (and, with `permission`, that part of it). */
export function accessAllows(access: StoreAccessInfo, permission?: StorePermission): boolean {
  if (access.role === "none") return false;
  if (access.role === "owner" || access.role === "admin") return true;
  return permission ? access.permissions.includes(permission) : true;
}

async function assertStorePermission(ctx: Ctx, storeId: string, permission?: StorePermission): Promise<StoreRow> {
  const store = await getStoreById(ctx, storeId);
  if (!store) throw new AppError("not-found", "That store was not found.", 404);
  const access = await getStoreAccess(ctx, store);
  if (!accessAllows(access, permission)) throw forbidden("You do not have permission to do that in this store.");
  return store;
}

/** Whether a handle can be taken now: free among stores, fulfillers and pending applications, and not reserved. */
export async function checkHandle(ctx: Ctx, raw: string): Promise<{ handle: string; available: boolean; message: string }> {
  const parsed = handleSchema.safeParse(raw);
  if (!parsed.success) return { handle: stripAt(raw), available: false, message: parsed.error.issues[0]!.message };
  const handle = parsed.data;
  if ((RESERVED_HANDLES as readonly string[]).includes(handle))
    return { handle, available: false, message: `@${handle} is reserved. Choose another handle.` };
  const [s] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.handle, handle)).limit(1);
  const taken =
    Boolean(s) ||
    (await isFulfillerHandleTaken(ctx.db, handle)) ||
    Boolean(
      (
        await ctx.db
          .select({ id: partnerApplications.id })
          .from(partnerApplications)
          .where(and(eq(partnerApplications.handle, handle), eq(partnerApplications.status, "pending")))
          .limit(1)
      )[0],
    );
  return taken
    ? { handle, available: false, message: `@${handle} is already taken. Try another handle.` }
    : { handle, available: true, message: `@${handle} is available.` };
}

// ---- applications --------------------------------------------------------------------------

/** The signed-in user's latest application (any status), or null. */
export async function getMyApplication(ctx: Ctx): Promise<ApplicationRow | null> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return null;
  const [row] = await ctx.db
    .select()
    .from(partnerApplications)
    .where(eq(partnerApplications.userId, userId))
    .orderBy(desc(partnerApplications.createdAt))
    .limit(1);
  return row ?? null;
}

/** Apply to become a partner. One pending application per user; the handle must be free. */
export async function submitApplication(ctx: Ctx, input: ApplicationInput): Promise<ApplicationRow> {
  const userId = requireUserId(ctx, "Sign in to apply.");
  const parsed = applicationSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid-application", issue.message, 400, String(issue.path[0] ?? "_form"));
  }
  const data = parsed.data;
  return transaction(ctx.db, async (tx) => {
    const [pending] = await tx
      .select({ id: partnerApplications.id })
      .from(partnerApplications)
      .where(and(eq(partnerApplications.userId, userId), eq(partnerApplications.status, "pending")))
      .limit(1);
    if (pending)
      throw new AppError(
        "application-pending",
        "You already have an application waiting for review. We will e-mail you when it is decided.",
        409,
      );
    const check = await checkHandle(withDb(ctx, tx), data.handle);
    if (!check.available) throw new AppError("handle-taken", check.message, 409, "handle");
    try {
      const [row] = await tx
        .insert(partnerApplications)
        .values({
          id: newId("papp"),
          userId,
          storeName: data.storeName,
          handle: check.handle,
          bio: data.bio,
          links: data.links,
          acceptedTermsAt: new Date(),
        })
        .returning();
      return row!;
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError("handle-taken", `@${check.handle} is already taken. Try another handle.`, 409, "handle");
      throw e;
    }
  });
}

export interface ApplicationView extends ApplicationRow {
  applicantEmail: string;
  applicantName: string;
}

/** Applications for admins: pending first (oldest first), then decided (newest first). */
export async function listApplications(
  ctx: Ctx,
  opts: { status?: "pending" | "approved" | "rejected" | "all"; limit?: number } = {},
): Promise<ApplicationView[]> {
  assertRole(ctx, "admin", "Only admins can review partner applications.");
  const rows = await ctx.db
    .select({ a: partnerApplications, email: users.email, displayName: users.displayName })
    .from(partnerApplications)
    .leftJoin(users, eq(users.id, partnerApplications.userId))
    .where(opts.status && opts.status !== "all" ? eq(partnerApplications.status, opts.status) : undefined)
    .orderBy(
      sql`case when ${partnerApplications.status} = 'pending' then 0 else 1 end`,
      sql`case when ${partnerApplications.status} = 'pending' then ${partnerApplications.createdAt} end asc`,
      desc(partnerApplications.decidedAt),
    )
    .limit(opts.limit ?? 200);
  return rows.map((r) => ({ ...r.a, applicantEmail: r.email ?? "", applicantName: r.displayName || r.email || "" }));
}

export async function countPendingApplications(ctx: Ctx): Promise<number> {
  if (!hasRole(ctx.actor, "admin")) return 0;
  const [row] = await ctx.db.select({ n: count() }).from(partnerApplications).where(eq(partnerApplications.status, "pending"));
  return row?.n ?? 0;
}

async function lockPending(tx: Db, id: string): Promise<ApplicationRow> {
  const [app] = await tx.select().from(partnerApplications).where(eq(partnerApplications.id, id)).limit(1).for("update");
  if (!app) throw new AppError("not-found", "That application was not found.", 404);
  if (app.status !== "pending") throw new AppError("already-decided", `This application was already ${app.status}.`, 409);
  return app;
}

/**
 * Approve an application (admins): in one transaction the store is created, the applicant gets
 * the partner role and a `notice` e-mail.
 */
export async function approveApplication(ctx: Ctx, id: string, note = ""): Promise<StoreRow> {
  assertRole(ctx, "admin", "Only admins can approve partner applications.");
  const adminId = actorUserId(ctx.actor);
  return transaction(ctx.db, async (tx) => {
    const app = await lockPending(tx, id);
    const [clash] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.handle, app.handle)).limit(1);
    if (clash || (await isFulfillerHandleTaken(tx, app.handle)))
      throw new AppError(
        "handle-taken",
        `@${app.handle} was taken in the meantime. Reject the application and ask for another handle.`,
        409,
      );
    const now = new Date();
    const [store] = await tx
      .insert(stores)
      .values({ id: newId("sto"), handle: app.handle, name: app.storeName, ownerUserId: app.userId, bio: app.bio, links: app.links })
      .returning();
    await tx
      .update(partnerApplications)
      .set({ status: "approved", decisionNote: note.trim(), decidedBy: adminId, decidedAt: now, storeId: store!.id })
      .where(eq(partnerApplications.id, app.id));
    const [u] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, app.userId)).limit(1);
    if (u && !u.roles.includes("partner")) await setUserRoles(withDb(ctx, tx), app.userId, [...u.roles, "partner"]);
    const who = await userEmail(tx, app.userId);
    if (who) {
      await sendEmail(tx, {
        to: who.email,
        template: "notice",
        params: {
          name: who.name,
          subject: `Welcome to Platen: @${app.handle} is open`,
          heading: `Your store ${app.storeName} is approved`,
          paragraphs: [
            "Good news: your application to sell on Platen was approved and your store is ready.",
            ...(note.trim() ? [`A note from the Platen team: ${note.trim()}`] : []),
            "Open your store's administration to finish your profile and design your first product.",
          ],
          actionLabel: "Get started",
          actionUrl: url(`/shop/partners/@${app.handle}/administration/getting-started`),
          reason: "You applied to sell on Platen.",
        },
      });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "partner.application.approve",
      targetType: "store",
      targetId: store!.id,
      data: { applicationId: app.id, handle: app.handle },
    });
    return store!;
  });
}

/** Reject an application with a reason (admins); the applicant gets a `notice` e-mail. */
export async function rejectApplication(ctx: Ctx, id: string, reason: string): Promise<void> {
  assertRole(ctx, "admin", "Only admins can reject partner applications.");
  const why = reason.trim();
  if (why.length < 5) throw new AppError("reason-required", "Give the applicant a reason (at least 5 characters).", 400, "reason");
  const adminId = actorUserId(ctx.actor);
  await transaction(ctx.db, async (tx) => {
    const app = await lockPending(tx, id);
    await tx
      .update(partnerApplications)
      .set({ status: "rejected", decisionNote: why, decidedBy: adminId, decidedAt: new Date() })
      .where(eq(partnerApplications.id, app.id));
    const who = await userEmail(tx, app.userId);
    if (who) {
      await sendEmail(tx, {
        to: who.email,
        template: "notice",
        params: {
          name: who.name,
          subject: "Your Platen partner application",
          heading: "Your application was not approved",
          paragraphs: [
            `Thank you for applying to open ${app.storeName} on Platen. We could not approve the application this time.`,
            `Reason: ${why}`,
            "You are welcome to apply again once this is addressed.",
          ],
          actionLabel: "Apply again",
          actionUrl: url("/shop/partners/register"),
          reason: "You applied to sell on Platen.",
        },
      });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "partner.application.reject",
      targetType: "partner_application",
      targetId: app.id,
      data: { reason: why },
    });
  });
}

// ---- stores (admin) ------------------------------------------------------------------------

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
    conds.push(or(ilike(stores.name, like), ilike(stores.handle, like), ilike(users.email, like), ilike(users.displayName, like)));
  }
  if (opts.status && opts.status !== "all") conds.push(eq(stores.status, opts.status));
  const members = ctx.db
    .select({ storeId: fanClubMembers.storeId, n: count().as("n") })
    .from(fanClubMembers)
    .groupBy(fanClubMembers.storeId)
    .as("fc");
  const rows = await ctx.db
    .select({ s: stores, email: users.email, displayName: users.displayName, n: members.n })
    .from(stores)
    .leftJoin(users, eq(users.id, stores.ownerUserId))
    .leftJoin(members, eq(members.storeId, stores.id))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(stores.name))
    .limit(500);
  return rows.map((r) => ({
    ...r.s,
    ownerEmail: r.email ?? "",
    ownerName: r.displayName || r.email || "",
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
    await tx
      .update(stores)
      .set({ status: "suspended", suspendedReason: why, featured: false, updatedAt: new Date() })
      .where(eq(stores.id, storeId));
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
    await tx.update(stores).set({ status: "active", suspendedReason: "", updatedAt: new Date() }).where(eq(stores.id, storeId));
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
  const [row] = await ctx.db
    .update(stores)
    .set({ name: input.name, bio: input.bio, accentColor: input.accentColor.toLowerCase(), links: input.links, updatedAt: new Date() })
    .where(eq(stores.id, storeId))
    .returning();
  return row!;
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
  await storage().put(key, out, { contentType: "image/webp" });
  return setStoreImage(ctx, storeId, kind, key);
}

// ---- team ----------------------------------------------------------------------------------

export interface TeamMemberView {
  id: string;
  userId: string | null;
  email: string;
  name: string;
  permissions: StorePermission[];
  status: "invited" | "active" | "removed";
  workerTitle: string;
  workerBio: string;
  acceptedAt: Date | null;
  createdAt: Date;
}

/** The store's team (invited and active; not removed). Owner-side view with e-mails. */
export async function listTeam(ctx: Ctx, storeId: string): Promise<TeamMemberView[]> {
  await assertStorePermission(ctx, storeId);
  return teamRows(ctx.db, storeId, false);
}

async function teamRows(db: Db, storeId: string, activeOnly: boolean): Promise<TeamMemberView[]> {
  const rows = await db
    .select()
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), activeOnly ? eq(storeMembers.status, "active") : ne(storeMembers.status, "removed")))
    .orderBy(asc(storeMembers.createdAt));
  const names = await displayNamesOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    email: r.email,
    name: (r.userId && names[r.userId]) || r.email,
    permissions: STORE_PERMISSIONS.filter((p) => r.permissions.includes(p)),
    status: r.status,
    workerTitle: r.workerTitle,
    workerBio: r.workerBio,
    acceptedAt: r.acceptedAt,
    createdAt: r.createdAt,
  }));
}

export interface PublicTeamMember {
  name: string;
  title: string;
  bio: string;
  owner: boolean;
}

/** The public team of a store: the owner first, then active members with their worker profiles (no e-mails). */
export async function listPublicTeam(ctx: Ctx, store: Pick<StoreRow, "id" | "ownerUserId">): Promise<PublicTeamMember[]> {
  const names = await displayNamesOf(ctx.db, [store.ownerUserId]);
  const members = await teamRows(ctx.db, store.id, true);
  const ownerRow = members.find((m) => m.userId === store.ownerUserId);
  return [
    {
      name: names[store.ownerUserId] ?? "The owner",
      title: ownerRow?.workerTitle || "Founder",
      bio: ownerRow?.workerBio ?? "",
      owner: true,
    },
    ...members
      .filter((m) => m.userId !== store.ownerUserId)
      .map((m) => ({ name: m.name.includes("@") ? m.name.split("@")[0]! : m.name, title: m.workerTitle, bio: m.workerBio, owner: false })),
  ];
}

/** Invite someone by e-mail with permissions; they get a `notice` e-mail with the accept link. Returns the raw token (tests). */
export async function inviteMember(
  ctx: Ctx,
  storeId: string,
  input: { email: string; permissions: StorePermission[] },
): Promise<{ memberId: string; token: string }> {
  const store = await assertStorePermission(ctx, storeId, "team");
  const email = input.email.trim().toLowerCase();
  const permissions = STORE_PERMISSIONS.filter((p) => input.permissions.includes(p));
  const inviterId = actorUserId(ctx.actor);
  return transaction(ctx.db, async (tx) => {
    const [owner] = await tx.select({ email: users.emailNormalized }).from(users).where(eq(users.id, store.ownerUserId)).limit(1);
    if (owner?.email === email)
      throw new AppError("owner", "That is the store owner's e-mail: the owner is always on the team.", 409, "email");
    const token = randomToken();
    const [existing] = await tx
      .select()
      .from(storeMembers)
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.email, email)))
      .limit(1)
      .for("update");
    let memberId: string;
    if (existing && existing.status === "active") throw new AppError("already-member", `${email} is already on the team.`, 409, "email");
    if (existing) {
      memberId = existing.id;
      await tx
        .update(storeMembers)
        .set({ permissions, status: "invited", inviteTokenHash: hashToken(token), invitedBy: inviterId, userId: null, acceptedAt: null })
        .where(eq(storeMembers.id, existing.id));
    } else {
      memberId = newId("smb");
      await tx
        .insert(storeMembers)
        .values({ id: memberId, storeId, email, permissions, status: "invited", inviteTokenHash: hashToken(token), invitedBy: inviterId });
    }
    const inviter = inviterId ? await userEmail(tx, inviterId) : null;
    await sendEmail(tx, {
      to: email,
      template: "notice",
      params: {
        name: email,
        subject: `Join the team of ${store.name} on Platen`,
        heading: `You are invited to ${store.name}`,
        paragraphs: [
          `${inviter?.name ?? "The store owner"} invited you to help run @${store.handle} on Platen.`,
          permissions.length
            ? `You will be able to manage: ${permissions.join(", ")}.`
            : "You will be able to view the store's administration.",
          "Sign in (or create an account) with this e-mail address, then accept the invitation.",
        ],
        actionLabel: "Accept the invitation",
        actionUrl: url(`/team/invite/${encodeURIComponent(token)}`),
        reason: `Someone on the team of ${store.name} entered your e-mail address.`,
      },
    });
    return { memberId, token };
  });
}

export interface InvitationView {
  storeName: string;
  storeHandle: string;
  email: string;
  permissions: StorePermission[];
  status: "invited" | "active" | "removed";
}

/** The invitation behind a token, or null (unknown or withdrawn). */
export async function getInvitation(ctx: Ctx, token: string): Promise<InvitationView | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({ m: storeMembers, name: stores.name, handle: stores.handle })
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .where(eq(storeMembers.inviteTokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.m.status === "removed") return null;
  return {
    storeName: row.name,
    storeHandle: row.handle,
    email: row.m.email,
    permissions: STORE_PERMISSIONS.filter((p) => row.m.permissions.includes(p)),
    status: row.m.status,
  };
}

/** Accept an invitation while signed in with the invited e-mail. */
export async function acceptInvitation(ctx: Ctx, token: string): Promise<{ storeHandle: string }> {
  const userId = requireUserId(ctx, "Sign in to accept the invitation.");
  return transaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(storeMembers)
      .where(eq(storeMembers.inviteTokenHash, hashToken(token)))
      .limit(1)
      .for("update");
    if (!row || row.status === "removed")
      throw new AppError("not-found", "This invitation is no longer valid. Ask the store owner for a new one.", 404);
    const [store] = await tx.select({ handle: stores.handle }).from(stores).where(eq(stores.id, row.storeId)).limit(1);
    if (row.status === "active") {
      if (row.userId === userId) return { storeHandle: store!.handle };
      throw new AppError("used", "This invitation was already accepted.", 409);
    }
    const [me] = await tx.select({ email: users.emailNormalized }).from(users).where(eq(users.id, userId)).limit(1);
    if (me?.email !== row.email)
      throw new AppError("wrong-account", `This invitation is for ${row.email}. Sign in with that address to accept it.`, 403);
    await tx.update(storeMembers).set({ status: "active", userId, acceptedAt: new Date() }).where(eq(storeMembers.id, row.id));
    return { storeHandle: store!.handle };
  });
}

export async function updateMemberPermissions(ctx: Ctx, storeId: string, memberId: string, permissions: StorePermission[]): Promise<void> {
  await assertStorePermission(ctx, storeId, "team");
  const clean = STORE_PERMISSIONS.filter((p) => permissions.includes(p));
  const res = await ctx.db
    .update(storeMembers)
    .set({ permissions: clean })
    .where(and(eq(storeMembers.id, memberId), eq(storeMembers.storeId, storeId), ne(storeMembers.status, "removed")))
    .returning({ id: storeMembers.id });
  if (!res.length) throw new AppError("not-found", "That team member was not found.", 404);
}

export async function removeMember(ctx: Ctx, storeId: string, memberId: string): Promise<void> {
  await assertStorePermission(ctx, storeId, "team");
  const res = await ctx.db
    .update(storeMembers)
    .set({ status: "removed", inviteTokenHash: null })
    .where(and(eq(storeMembers.id, memberId), eq(storeMembers.storeId, storeId), ne(storeMembers.status, "removed")))
    .returning({ id: storeMembers.id });
  if (!res.length) throw new AppError("not-found", "That team member was not found.", 404);
}

/** The signed-in member's own worker profile (title, bio). The owner gets a row of their own on first save. */
export async function updateMyWorkerProfile(ctx: Ctx, storeId: string, input: { workerTitle: string; workerBio: string }): Promise<void> {
  const userId = requireUserId(ctx);
  const store = await getStoreById(ctx, storeId);
  if (!store) throw new AppError("not-found", "That store was not found.", 404);
  if (store.ownerUserId === userId) {
    const [me] = await ctx.db.select({ email: users.emailNormalized }).from(users).where(eq(users.id, userId)).limit(1);
    await ctx.db
      .insert(storeMembers)
      .values({
        id: newId("smb"),
        storeId,
        userId,
        email: me!.email,
        permissions: [...STORE_PERMISSIONS],
        status: "active",
        workerTitle: input.workerTitle,
        workerBio: input.workerBio,
        acceptedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [storeMembers.storeId, storeMembers.email],
        set: { workerTitle: input.workerTitle, workerBio: input.workerBio, userId, status: "active" },
      });
    return;
  }
  const res = await ctx.db
    .update(storeMembers)
    .set({ workerTitle: input.workerTitle, workerBio: input.workerBio })
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId), eq(storeMembers.status, "active")))
    .returning({ id: storeMembers.id });
  if (!res.length) throw forbidden("Only the store's team members have a worker profile here.");
}

/** The signed-in user's own worker profile in a store (empty for an owner who never saved one). */
export async function getMyWorkerProfile(ctx: Ctx, storeId: string): Promise<{ workerTitle: string; workerBio: string }> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return { workerTitle: "", workerBio: "" };
  const [row] = await ctx.db
    .select({ workerTitle: storeMembers.workerTitle, workerBio: storeMembers.workerBio })
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId), eq(storeMembers.status, "active")))
    .limit(1);
  return row ?? { workerTitle: "", workerBio: "" };
}

// ---- fan club ------------------------------------------------------------------------------

export async function countFanClubMembers(ctx: Ctx, storeId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(fanClubMembers).where(eq(fanClubMembers.storeId, storeId));
  return row?.n ?? 0;
}

export async function isFanClubMember(ctx: Ctx, storeId: string): Promise<boolean> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return false;
  const [row] = await ctx.db
    .select({ u: fanClubMembers.userId })
    .from(fanClubMembers)
    .where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function joinFanClub(ctx: Ctx, storeId: string): Promise<void> {
  const userId = requireUserId(ctx, "Sign in to join the fan club.");
  const store = await getStoreById(ctx, storeId);
  if (!store || store.status !== "active") throw new AppError("not-found", "That store was not found.", 404);
  await ctx.db.insert(fanClubMembers).values({ storeId, userId, unsubscribeToken: randomToken() }).onConflictDoNothing();
}

export async function leaveFanClub(ctx: Ctx, storeId: string): Promise<void> {
  const userId = requireUserId(ctx);
  await ctx.db.delete(fanClubMembers).where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)));
}

export interface FanClubView {
  memberCount: number;
  isMember: boolean;
  emailOptIn: boolean;
  canManage: boolean;
  posts: (Omit<FanClubPostRow, "body"> & { body: string; locked: boolean; authorName: string })[];
  perks: (Omit<FanClubPerkRow, "code"> & { code: string | null })[];
}

/** The fan club page: members-only post bodies and perk codes only for members and the store's team. */
export async function getFanClub(ctx: Ctx, store: Pick<StoreRow, "id" | "ownerUserId">): Promise<FanClubView> {
  const userId = actorUserId(ctx.actor);
  const [membership] = userId
    ? await ctx.db
        .select()
        .from(fanClubMembers)
        .where(and(eq(fanClubMembers.storeId, store.id), eq(fanClubMembers.userId, userId)))
        .limit(1)
    : [];
  const access = await getStoreAccess(ctx, store);
  const canManage = access.role === "owner" || access.role === "admin" || access.permissions.includes("profile");
  const insider = Boolean(membership) || access.role !== "none";
  const posts = await ctx.db
    .select()
    .from(fanClubPosts)
    .where(eq(fanClubPosts.storeId, store.id))
    .orderBy(desc(fanClubPosts.createdAt))
    .limit(50);
  const perks = await ctx.db
    .select()
    .from(fanClubPerks)
    .where(and(eq(fanClubPerks.storeId, store.id), eq(fanClubPerks.active, true)))
    .orderBy(desc(fanClubPerks.createdAt));
  const names = await displayNamesOf(
    ctx.db,
    posts.map((p) => p.authorUserId),
  );
  return {
    memberCount: await countFanClubMembers(ctx, store.id),
    isMember: Boolean(membership),
    emailOptIn: membership?.emailOptIn ?? false,
    canManage,
    posts: posts.map((p) => ({
      ...p,
      body: p.membersOnly && !insider ? "" : p.body,
      locked: p.membersOnly && !insider,
      authorName: (p.authorUserId && names[p.authorUserId]) || "The team",
    })),
    perks: perks.map((p) => ({ ...p, code: insider ? p.code : null })),
  };
}

export async function createFanClubPost(
  ctx: Ctx,
  storeId: string,
  input: { title: string; body: string; membersOnly: boolean },
): Promise<FanClubPostRow> {
  await assertStorePermission(ctx, storeId, "profile");
  const [row] = await ctx.db
    .insert(fanClubPosts)
    .values({ id: newId("fcp"), storeId, authorUserId: actorUserId(ctx.actor), ...input })
    .returning();
  return row!;
}

export async function deleteFanClubPost(ctx: Ctx, storeId: string, postId: string): Promise<void> {
  await assertStorePermission(ctx, storeId, "profile");
  const res = await ctx.db
    .delete(fanClubPosts)
    .where(and(eq(fanClubPosts.id, postId), eq(fanClubPosts.storeId, storeId)))
    .returning({ id: fanClubPosts.id });
  if (!res.length) throw new AppError("not-found", "That post was not found.", 404);
}

export async function createFanClubPerk(
  ctx: Ctx,
  storeId: string,
  input: { title: string; description: string; code: string | null; percentOff?: number },
): Promise<FanClubPerkRow> {
  await assertStorePermission(ctx, storeId, "profile");
  const [row] = await ctx.db
    .insert(fanClubPerks)
    .values({
      id: newId("prk"),
      storeId,
      title: input.title,
      description: input.description,
      code: input.code,
      percentOff: input.percentOff ?? null,
    })
    .returning();
  return row!;
}

export async function endFanClubPerk(ctx: Ctx, storeId: string, perkId: string): Promise<void> {
  await assertStorePermission(ctx, storeId, "profile");
  const res = await ctx.db
    .update(fanClubPerks)
    .set({ active: false })
    .where(and(eq(fanClubPerks.id, perkId), eq(fanClubPerks.storeId, storeId)))
    .returning({ id: fanClubPerks.id });
  if (!res.length) throw new AppError("not-found", "That perk was not found.", 404);
}

/** The store behind an unsubscribe token (for the confirmation page), or null. */
export async function getUnsubscribeInfo(
  ctx: Ctx,
  token: string,
): Promise<{ storeName: string; storeHandle: string; emailOptIn: boolean } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({ name: stores.name, handle: stores.handle, optIn: fanClubMembers.emailOptIn })
    .from(fanClubMembers)
    .innerJoin(stores, eq(stores.id, fanClubMembers.storeId))
    .where(eq(fanClubMembers.unsubscribeToken, token))
    .limit(1);
  return row ? { storeName: row.name, storeHandle: row.handle, emailOptIn: row.optIn } : null;
}

/** One-click unsubscribe from a fan club's e-mails (no sign-in). False for an unknown token. */
export async function unsubscribeByToken(ctx: Ctx, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const res = await ctx.db
    .update(fanClubMembers)
    .set({ emailOptIn: false })
    .where(eq(fanClubMembers.unsubscribeToken, token))
    .returning({ u: fanClubMembers.userId });
  return res.length > 0;
}

export async function setFanClubEmails(ctx: Ctx, storeId: string, optIn: boolean): Promise<void> {
  const userId = requireUserId(ctx);
  await ctx.db
    .update(fanClubMembers)
    .set({ emailOptIn: optIn })
    .where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)));
}

/**
 * Tell the fan club a product was published: ONE outbox job per opted-in member (dedupe key per
 * member and product), each sending a `notice` with the unsubscribe link. Call inside the
 * publishing transaction.
 */
export async function notifyFanClubOfNewProduct(
  tx: Db,
  input: { storeId: string; productId: string; productTitle: string; productUrl: string },
): Promise<number> {
  const members = await tx
    .select({ userId: fanClubMembers.userId })
    .from(fanClubMembers)
    .where(and(eq(fanClubMembers.storeId, input.storeId), eq(fanClubMembers.emailOptIn, true)));
  for (const m of members) {
    await enqueue(
      tx,
      FAN_CLUB_NEW_PRODUCT_TOPIC,
      {
        storeId: input.storeId,
        userId: m.userId,
        productId: input.productId,
        productTitle: input.productTitle,
        productUrl: input.productUrl,
      },
      { dedupeKey: `fanclub:${m.userId}:${input.productId}` },
    );
  }
  return members.length;
}

/** Outbox handler: sends one fan club e-mail (skipped if the member left or unsubscribed since). */
export async function fanClubNewProductHandler(db: Db, payload: Record<string, unknown>): Promise<void> {
  const storeId = String(payload.storeId ?? "");
  const userId = String(payload.userId ?? "");
  const [row] = await db
    .select({ m: fanClubMembers, name: stores.name, handle: stores.handle, status: stores.status })
    .from(fanClubMembers)
    .innerJoin(stores, eq(stores.id, fanClubMembers.storeId))
    .where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)))
    .limit(1);
  if (!row || !row.m.emailOptIn || row.status !== "active") return;
  const who = await userEmail(db, userId);
  if (!who) return;
  const productUrl = String(payload.productUrl ?? "");
  const absolute = productUrl.startsWith("http")
    ? productUrl
    : url(productUrl.startsWith("/") ? productUrl : `/shop/product/${String(payload.productId ?? "")}`);
  await sendEmail(db, {
    to: who.email,
    template: "notice",
    params: {
      name: who.name,
      subject: `New from ${row.name}: ${String(payload.productTitle ?? "a new product")}`.slice(0, 200),
      heading: `${row.name} just published something new`,
      paragraphs: [
        `"${String(payload.productTitle ?? "A new product")}" is now in the shop.`,
        "As a fan club member you hear about it first.",
      ],
      actionLabel: "See the product",
      actionUrl: absolute,
      reason: `You joined the fan club of ${row.name} (@${row.handle}).`,
      unsubscribeUrl: url(`/fan-club/unsubscribe/${encodeURIComponent(row.m.unsubscribeToken)}`),
    },
  });
}

// ---- dashboard helpers -----------------------------------------------------------------------

export interface StoreActivity {
  at: Date;
  text: string;
}

/** Recent things that happened in a store (team, fan club, posts), newest first. */
export async function recentStoreActivity(ctx: Ctx, storeId: string, limit = 10): Promise<StoreActivity[]> {
  await assertStorePermission(ctx, storeId);
  const joins = await ctx.db
    .select({ at: fanClubMembers.joinedAt })
    .from(fanClubMembers)
    .where(eq(fanClubMembers.storeId, storeId))
    .orderBy(desc(fanClubMembers.joinedAt))
    .limit(limit);
  const posts = await ctx.db
    .select({ at: fanClubPosts.createdAt, title: fanClubPosts.title })
    .from(fanClubPosts)
    .where(eq(fanClubPosts.storeId, storeId))
    .orderBy(desc(fanClubPosts.createdAt))
    .limit(limit);
  const team = await ctx.db
    .select({ at: storeMembers.createdAt, acceptedAt: storeMembers.acceptedAt, email: storeMembers.email, status: storeMembers.status })
    .from(storeMembers)
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(desc(storeMembers.createdAt))
    .limit(limit);
  const items: StoreActivity[] = [
    ...joins.map((j) => ({ at: j.at, text: "A shopper joined your fan club" })),
    ...posts.map((p) => ({ at: p.at, text: `Fan club post published: "${p.title}"` })),
    ...team.map((t) =>
      t.acceptedAt ? { at: t.acceptedAt, text: `${t.email} joined the team` } : { at: t.at, text: `${t.email} was invited to the team` },
    ),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** Counts for the getting-started checklist (products come from the catalog). */
export async function storeSetupFacts(
  ctx: Ctx,
  storeId: string,
): Promise<{ teamInvited: boolean; fanClubPost: boolean; fanClubMembers: number }> {
  await assertStorePermission(ctx, storeId);
  const [t] = await ctx.db
    .select({ n: count() })
    .from(storeMembers)
    .where(
      and(
        eq(storeMembers.storeId, storeId),
        ne(storeMembers.status, "removed"),
        or(sql`${storeMembers.invitedBy} is not null`, sql`${storeMembers.userId} is null`),
      ),
    );
  const [p] = await ctx.db.select({ n: count() }).from(fanClubPosts).where(eq(fanClubPosts.storeId, storeId));
  return { teamInvited: (t?.n ?? 0) > 0, fanClubPost: (p?.n ?? 0) > 0, fanClubMembers: await countFanClubMembers(ctx, storeId) };
}

/** The system actor's ctx (seeds, jobs). */
export const systemCtx = (db: Db, reason = "stores"): Ctx => kernelSystemCtx(db, reason);
