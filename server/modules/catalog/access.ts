// Who may manage a store's products: the owner, an active team member with the "products"
// permission, admins (moderation) and the system (seed). Read-only joins on the stores tables.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { stores, storeMembers, users } from "../../infra/db/schema.ts";
import { AppError, forbidden, hasRole, notFound, type Ctx } from "../../kernel/index.ts";

export interface StoreInfo {
  id: string;
  handle: string;
  name: string;
  status: "active" | "suspended";
  ownerUserId: string;
}

export async function storeInfo(db: Db, storeId: string): Promise<StoreInfo | null> {
  const [row] = await db
    .select({ id: stores.id, handle: stores.handle, name: stores.name, status: stores.status, ownerUserId: stores.ownerUserId })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  return row ?? null;
}

export async function storeOwnerEmail(db: Db, storeId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName, firstName: users.firstName })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerUserId))
    .where(eq(stores.id, storeId))
    .limit(1);
  return row ? { email: row.email, name: row.firstName || row.displayName || "there" } : null;
}

/** True when the actor may edit this store's products. */
export async function canManageStoreProducts(ctx: Ctx, storeId: string): Promise<boolean> {
  if (ctx.actor.kind === "system") return true;
  if (ctx.actor.kind !== "user") return false;
  const store = await storeInfo(ctx.db, storeId);
  if (!store) return false;
  if (store.ownerUserId === ctx.actor.userId) return true;
  const [member] = await ctx.db
    .select({ permissions: storeMembers.permissions })
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, ctx.actor.userId), eq(storeMembers.status, "active")))
    .limit(1);
  return !!member && member.permissions.includes("products");
}

/** The store, or a 404 / 403 refusal. Admins may look at (read) any store's products. */
export async function assertStoreProducts(ctx: Ctx, storeId: string, opts: { read?: boolean } = {}): Promise<StoreInfo> {
  const store = await storeInfo(ctx.db, storeId);
  if (!store) throw notFound("The store");
  if (opts.read && hasRole(ctx.actor, "admin")) return store;
  if (!(await canManageStoreProducts(ctx, storeId))) throw forbidden("Only the store's owner and team members with the products permission can do that.");
  return store;
}

export function assertStoreActive(store: StoreInfo): void {
  if (store.status !== "active") throw new AppError("store-suspended", "This store is suspended, so its products cannot be published.", 409);
}
