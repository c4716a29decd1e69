// Store handles, lookups and who may do what in a store.
import { and, eq, ilike, inArray } from "drizzle-orm";
import { UntilWriteMemo } from "../../infra/db/index.ts";
import { actorUserId, AppError, forbidden, hasRole, readOnceKept, rememberRead, type Ctx } from "../../kernel/index.ts";
import { isFulfillerHandleTaken } from "../fulfillment/index.ts";
import { partnerApplications, storeMembers, stores } from "./schema.ts";
import { stripAt, type StoreRow } from "./shared.ts";
import { handleSchema, RESERVED_HANDLES, STORE_PERMISSIONS, type StoreAccessInfo, type StorePermission } from "./types.ts";

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
  // Read once per page request (its layout and page each check the store; kernel's readOnce).
  return readOnceKept(ctx, storeRows, `store@${h}`, async () => {
    const [row] = await ctx.db.select().from(stores).where(eq(stores.handle, h)).limit(1);
    if (row) rememberRead(ctx, `store:${row.id}`, row);
    return row ?? null;
  });
}

export async function getStoreById(ctx: Ctx, id: string): Promise<StoreRow | null> {
  return readOnceKept(ctx, storeRows, `store:${id}`, async () => {
    const [row] = await ctx.db.select().from(stores).where(eq(stores.id, id)).limit(1);
    return row ?? null;
  });
}

/** Across requests, a store's row is also kept until the next write (embedded engine, ADR 0016). */
const storeRows = new UntilWriteMemo<StoreRow | null>(5_000);

export async function getStoresByIds(ctx: Ctx, ids: readonly string[]): Promise<StoreRow[]> {
  if (!ids.length) return [];
  return ctx.db
    .select()
    .from(stores)
    .where(inArray(stores.id, [...new Set(ids)]));
}

/** Stores by handle (without `@`), whatever their status. */
/** Ids of the stores whose name contains `text` (case-insensitive; `%` and `_` match themselves). */
export async function storeIdsWithNameLike(ctx: Ctx, text: string): Promise<string[]> {
  const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db.select({ id: stores.id }).from(stores).where(ilike(stores.name, like));
  return rows.map((r) => r.id);
}

export async function getStoresByHandles(ctx: Ctx, handles: readonly string[]): Promise<StoreRow[]> {
  const list = [...new Set(handles.map(stripAt))].filter(Boolean);
  if (!list.length) return [];
  return ctx.db.select().from(stores).where(inArray(stores.handle, list));
}

/**
 * The ids of the suspended stores: the storefront leaves their products out. Few (a suspension is
 * an admin's exception), so a listing excludes them with `store_id not in (...)`.
 */
export async function suspendedStoreIds(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.status, "suspended"));
  return rows.map((r) => r.id);
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

export async function assertStorePermission(ctx: Ctx, storeId: string, permission?: StorePermission): Promise<StoreRow> {
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
