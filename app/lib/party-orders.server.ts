// Guards and error mapping for the order pages of a store's partners and of fulfillers.
import { notFoundMessage } from "#app/lib/not-found.ts";
import { redirect } from "react-router";
import { getCtx, getSession, requireUser, type SessionInfo } from "#app/lib/session.server.ts";
import { AppError, type Ctx } from "#server/kernel/index.ts";
import {
  canManageFulfiller,
  canWorkFloor,
  floorContext,
  getFulfillerByHandle,
  type FulfillerRow,
} from "#server/modules/fulfillment/index.ts";

const FULFILLER_HANDLE = /^@[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/;

function notFound(request: Request): never {
  throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
}

export type FulfillerAccessRole = "owner" | "worker";

export interface FulfillerAccessOptions {
  /** A floor page (orders, batches, parcels, shipments, manifests and their files): the shop's floor workers get in too. */
  floor?: boolean;
  /** An owner's page a floor worker is sent away from to this page of the administration (e.g. "orders"), instead of a 404. */
  workerTo?: string;
}

/**
 * A fulfiller's administration (`/fulfillment/@{name}/administration/...`): visitors go to
 * /login, the business's owner and admins get in (role "owner"), and on floor pages its active
 * floor workers too (role "worker", with a context that carries the shop in `floorOf`); everyone
 * else (and a bad or unknown handle) gets a 404, so the page does not tell who runs which business.
 */
export async function requireFulfillerAccess(
  request: Request,
  handleParam: string | undefined,
  options: FulfillerAccessOptions = {},
): Promise<SessionInfo & { ctx: Ctx; fulfiller: FulfillerRow; role: FulfillerAccessRole }> {
  if (!handleParam || !FULFILLER_HANDLE.test(handleParam)) notFound(request);
  const s = await requireUser(request);
  const fulfiller = await getFulfillerByHandle(s.ctx, handleParam);
  if (!fulfiller) notFound(request);
  if (canManageFulfiller(s.ctx, fulfiller)) return { ...s, fulfiller, role: "owner" };
  if (options.floor || options.workerTo) {
    const ctx = await floorContext(s.ctx, fulfiller);
    if (canWorkFloor(ctx, fulfiller)) {
      if (!options.floor) throw redirect(`/fulfillment/@${fulfiller.handle}/administration/${options.workerTo}`);
      return { ...s, ctx, fulfiller, role: "worker" };
    }
  }
  notFound(request);
}

/**
 * Whether the signed-in user works the floor of the print shop at `handleParam` without owning it
 * (the administration's navigation then shows only the floor); false for visitors and anyone else.
 */
export async function isFloorWorkerOf(request: Request, handleParam: string | undefined): Promise<boolean> {
  if (!handleParam || !FULFILLER_HANDLE.test(handleParam)) return false;
  const s = await getSession(request);
  if (!s) return false;
  const ctx = await getCtx(request);
  const fulfiller = await getFulfillerByHandle(ctx, handleParam);
  if (!fulfiller || canManageFulfiller(ctx, fulfiller)) return false;
  return canWorkFloor(await floorContext(ctx, fulfiller), fulfiller);
}

/** Run a read for a page; a domain refusal (AppError) becomes its 4xx answer instead of a 500. */
export async function orRespond<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
