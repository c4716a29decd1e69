import { sql } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";

/** The signed-in user's id, or a 401 the route turns into a sign-in prompt. */
export function requireUserId(ctx: Ctx, message = "Sign in first."): string {
  if (ctx.actor.kind !== "user") throw new AppError("sign-in-required", message, 401);
  return ctx.actor.userId;
}

/**
 * Serialises one shopper's writes to one list ("cart", "wishes") until `tx` ends: a transaction
 * advisory lock keyed by the list and the user (PostgreSQL and PGlite), so caps counted inside the
 * transaction hold under parallel requests.
 */
export async function lockShopperList(tx: Db, list: "cart" | "wishes", userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shopping:${list}:${userId}`}, 0))`);
}
