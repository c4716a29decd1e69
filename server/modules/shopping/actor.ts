import { AppError, type Ctx } from "../../kernel/index.ts";

/** The signed-in user's id, or a 401 the route turns into a sign-in prompt. */
export function requireUserId(ctx: Ctx, message = "Sign in first."): string {
  if (ctx.actor.kind !== "user") throw new AppError("sign-in-required", message, 401);
  return ctx.actor.userId;
}
