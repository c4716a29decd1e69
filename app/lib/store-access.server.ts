// Store guards for partner pages: `/shop/partners/@{name}/...`.
import { notFoundMessage } from "#app/lib/not-found.ts";
import { getCtx, requireUser, type SessionInfo } from "#app/lib/session.server.ts";
import type { Ctx } from "#server/kernel/index.ts";
import { accessAllows, getStoreAccess, getStoreByHandle, parseHandleParam, type StoreRow } from "#server/modules/stores/index.ts";
import type { StoreAccessInfo, StorePermission } from "#server/modules/stores/types.ts";

function notFound(request: Request): never {
  throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
}

async function storeFromParam(request: Request, ctx: Ctx, handleParam: string | undefined): Promise<StoreRow> {
  const handle = parseHandleParam(handleParam);
  if (!handle) notFound(request);
  const store = await getStoreByHandle(ctx, handle);
  if (!store) notFound(request);
  return store;
}

/**
 * A store's administration: 404 for a handle without `@` or an unknown store, /login for
 * visitors, 403 for users who are neither the owner, an active team member (with `permission`
 * when given) nor an admin.
 */
export async function requireStoreAccess(
  request: Request,
  handleParam: string | undefined,
  permission?: StorePermission,
): Promise<SessionInfo & { ctx: Ctx; store: StoreRow; access: StoreAccessInfo }> {
  const handle = parseHandleParam(handleParam);
  if (!handle) notFound(request);
  const s = await requireUser(request);
  const store = await getStoreByHandle(s.ctx, handle);
  if (!store) notFound(request);
  const access = await getStoreAccess(s.ctx, store);
  if (!accessAllows(access, permission)) {
    const message =
      access.role === "member"
        ? "Your role in this store does not include this page. Ask the store owner for access."
        : "You do not have access to this store's administration.";
    throw new Response(message, { status: 403, statusText: "Forbidden" });
  }
  return { ...s, store, access };
}

/**
 * A store's public page: 404 for a bad handle or an unknown store, and for a suspended store
 * unless the viewer is its owner, a team member or an admin (who see it with a banner).
 */
export async function publicStoreOr404(
  request: Request,
  handleParam: string | undefined,
): Promise<{ ctx: Ctx; store: StoreRow; access: StoreAccessInfo; suspended: boolean }> {
  const ctx = await getCtx(request);
  const store = await storeFromParam(request, ctx, handleParam);
  const access = await getStoreAccess(ctx, store);
  const suspended = store.status !== "active";
  if (suspended && access.role === "none") notFound(request);
  return { ctx, store, access, suspended };
}
