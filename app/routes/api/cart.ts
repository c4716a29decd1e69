import { z } from "zod";
import type { Route } from "./+types/cart";
import { commitCartCookie, visitorCartIdFrom } from "#app/lib/cart-cookie.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  addToCart,
  getCart,
  mergeCart,
  removeFromCart,
  resolveCart,
  setCartQuantity,
  CART_MAX_LINES,
  type CartLine,
} from "#server/modules/shopping/index.ts";
import { backWith, json, shoppingAction } from "./shopping-api.server.ts";

const lineParam = /^([a-z]+_[0-9a-z]{1,60}):(\d{1,2})$/;

/**
 * GET /api/cart: the shopper's cart (product cards, variant labels, prices, subtotal): the
 * signed-in user's, else the visitor cart named by the signed cart cookie. Lines sent as
 * `?v=<variantId>:<qty>` (repeated) are priced without being kept (carts kept only in a browser).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  if (ctx.actor.kind === "user") return json({ ok: true, cart: await getCart(ctx) });
  const params = new URL(request.url).searchParams.getAll("v").slice(0, CART_MAX_LINES);
  if (!params.length) return json({ ok: true, cart: await getCart(ctx, await visitorCartIdFrom(request)) });
  const lines: CartLine[] = [];
  for (const p of params) {
    const m = lineParam.exec(p);
    if (!m) return json({ ok: false, errors: { v: "Send cart lines as v=<variantId>:<quantity>." } }, 400);
    lines.push({ productId: "prd_unknown", variantId: m[1]!, quantity: Math.max(1, Number(m[2])) });
  }
  return json({ ok: true, cart: await resolveCart(ctx, lines) });
}

const intentSchema = z.enum(["add", "set-quantity", "remove", "merge"], {
  error: "Unknown action: use add, set-quantity, remove or merge.",
});
const variantField = z.string({ error: "Choose an item." }).trim().min(1, "Choose an item.").max(64);
const quantityField = z.coerce.number({ error: "Enter a quantity." }).int("Enter a whole number.").min(0).max(99);

/**
 * POST /api/cart with `intent`:
 * - add {productId, variantId, quantity}
 * - set-quantity {variantId, quantity} (0 removes)
 * - remove {variantId}
 * - merge {lines: [{productId, variantId, quantity}]} (a cart kept in the browser)
 * JSON in -> JSON out ({ok, cart, message?} or {ok:false, errors}); a plain form redirects back with a notice.
 * A visitor's cart is kept on the server too, named by a signed httpOnly cookie set on the first add,
 * so every intent works for visitors, with or without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  return shoppingAction(request, intentSchema, null, "cart-error", async (ctx, req, intent) => {
    const visitorCartId = ctx.actor.kind === "user" ? null : await visitorCartIdFrom(request);
    let result;
    switch (intent) {
      case "add":
        result = await addToCart(
          ctx,
          { productId: req.body.productId, variantId: req.body.variantId, quantity: req.body.quantity ?? 1 },
          visitorCartId,
        );
        break;
      case "set-quantity": {
        const v = variantField.safeParse(req.body.variantId);
        const q = quantityField.safeParse(req.body.quantity);
        if (!v.success) throw new AppError("cart-line", v.error.issues[0]!.message, 422, "variantId");
        if (!q.success) throw new AppError("cart-quantity", "Enter a quantity from 1 to 10.", 422, "quantity");
        result = await setCartQuantity(ctx, v.data, q.data, visitorCartId);
        break;
      }
      case "remove": {
        const v = variantField.safeParse(req.body.variantId);
        if (!v.success) throw new AppError("cart-line", v.error.issues[0]!.message, 422, "variantId");
        result = await removeFromCart(ctx, v.data, visitorCartId);
        break;
      }
      case "merge":
        result = await mergeCart(ctx, req.body.lines, visitorCartId);
        break;
    }
    const res = req.wantsJson
      ? json({ ok: true, cart: result.cart, ...(result.message ? { message: result.message } : {}) })
      : backWith(
          req.redirectTo,
          intent === "add"
            ? result.message
              ? result.message.startsWith("Only ")
                ? "cart-stock"
                : "cart-capped"
              : "cart-added"
            : "cart-updated",
        );
    if (result.visitorCartId) res.headers.append("Set-Cookie", await commitCartCookie(result.visitorCartId));
    return res;
  });
}
