// Who may manage a store's products: the owner, an active team member with the "products"
// permission, admins (moderation) and the system (seed), through the stores module.
import type { Db } from "../../infra/db/index.ts";
import { AppError, forbidden, hasRole, notFound, systemCtx, type Ctx } from "../../kernel/index.ts";
import { contactsOf } from "../identity/index.ts";
import { accessAllows, getStoreAccess, getStoreById } from "../stores/index.ts";

export interface StoreInfo {
  id: string;
  handle: string;
  name: string;
  status: "active" | "suspended";
  ownerUserId: string;
}

export async function storeInfo(db: Db, storeId: string): Promise<StoreInfo | null> {
  const row = await getStoreById(systemCtx(db, "catalog"), storeId);
  return row ? { id: row.id, handle: row.handle, name: row.name, status: row.status, ownerUserId: row.ownerUserId } : null;
}

/** Where to write to a store's owner, with the store's handle for links. */
export async function storeOwnerContact(db: Db, storeId: string): Promise<{ email: string; name: string; handle: string } | null> {
  const store = await storeInfo(db, storeId);
  if (!store) return null;
  const contact = (await contactsOf(db, [store.ownerUserId]))[store.ownerUserId];
  return contact ? { ...contact, handle: store.handle } : null;
}

/** True when the actor may edit this store's products (admins moderate, they do not edit). */
export async function canManageStoreProducts(ctx: Ctx, storeId: string): Promise<boolean> {
  if (ctx.actor.kind === "system") return true;
  if (ctx.actor.kind !== "user") return false;
  const store = await storeInfo(ctx.db, storeId);
  if (!store) return false;
  const access = await getStoreAccess(ctx, store);
  return access.role !== "admin" && accessAllows(access, "products");
}

/** The store, or a 404 / 403 refusal. Admins may look at (read) any store's products. */
export async function assertStoreProducts(ctx: Ctx, storeId: string, opts: { read?: boolean } = {}): Promise<StoreInfo> {
  const store = await storeInfo(ctx.db, storeId);
  if (!store) throw notFound("The store");
  if (opts.read && hasRole(ctx.actor, "admin")) return store;
  if (!(await canManageStoreProducts(ctx, storeId)))
    throw forbidden("Only the store's owner and team members with the products permission can do that.");
  return store;
}

export function assertStoreActive(store: StoreInfo): void {
  if (store.status !== "active")
    throw new AppError("store-suspended", "This store is suspended, so its products cannot be published.", 409);
}
