// Who may see and change a print shop's carriers: its owner and admins (and the system), through
// the fulfillment module's own rule (`canManageFulfiller`); its floor workers may read them (to
// price and buy labels: `canWorkFloor`) but not change them. An owner may not change the carriers
// of a suspended print shop; an admin may.
import { AppError, forbidden, hasRole, notFound, type Ctx } from "../../kernel/index.ts";
import { canManageFulfiller, canWorkFloor, getFulfillerById, type FulfillerRow } from "../fulfillment/index.ts";

const NOT_YOURS = "You can only see and change the carriers of your own print shop.";

/** The print shop, when the actor may read its carriers, rate tables and quotes (403 otherwise). */
export async function assertSeesCarriers(ctx: Ctx, fulfillerId: string): Promise<FulfillerRow> {
  const fulfiller = await getFulfillerById(ctx, fulfillerId);
  if (!fulfiller) throw notFound("The print shop");
  if (!canWorkFloor(ctx, fulfiller)) throw forbidden(NOT_YOURS);
  return fulfiller;
}

/** The print shop, when the actor may change its carriers (403; 409 for the owner of a suspended one). */
export async function assertManagesCarriers(ctx: Ctx, fulfillerId: string): Promise<FulfillerRow> {
  const fulfiller = await assertSeesCarriers(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller)) throw forbidden(NOT_YOURS);
  if (fulfiller.status !== "active" && !hasRole(ctx.actor, "admin"))
    throw new AppError("fulfiller-suspended", "This print shop is suspended; contact us to reinstate it.", 409);
  return fulfiller;
}
