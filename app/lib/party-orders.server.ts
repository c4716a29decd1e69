// Guards and error mapping for the order pages of a store's partners and of fulfillers.
import { notFoundMessage } from "#app/lib/not-found.ts";
import { requireUser, type SessionInfo } from "#app/lib/session.server.ts";
import { AppError, type Ctx } from "#server/kernel/index.ts";
import { canManageFulfiller, getFulfillerByHandle, type FulfillerRow } from "#server/modules/fulfillment/index.ts";

const FULFILLER_HANDLE = /^@[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/;

function notFound(request: Request): never {
  throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
}

/**
 * A fulfiller's administration (`/fulfillment/@{name}/administration/...`): visitors go to
 * /login, the business's owner and admins get in, everyone else (and a bad or unknown handle)
 * gets a 404, so the page does not tell who runs which business.
 */
export async function requireFulfillerAccess(
  request: Request,
  handleParam: string | undefined,
): Promise<SessionInfo & { ctx: Ctx; fulfiller: FulfillerRow }> {
  if (!handleParam || !FULFILLER_HANDLE.test(handleParam)) notFound(request);
  const s = await requireUser(request);
  const fulfiller = await getFulfillerByHandle(s.ctx, handleParam);
  if (!fulfiller || !canManageFulfiller(s.ctx, fulfiller)) notFound(request);
  return { ...s, fulfiller };
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
