import { z } from "zod";
import type { Route } from "./+types/cart";
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
 * GET /api/cart: the signed-in shopper's cart (product cards, variant labels, prices, subtotal).
 * A visitor's cart lives in localStorage; the browser sends its lines as `?v=<variantId>:<qty>` (repeated)
 * and gets the same view back.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  if (ctx.actor.kind === "user") return json({ ok: true, cart: await getCart(ctx) });
  const params = new URL(request.url).searchParams.getAll("v").slice(0, CART_MAX_LINES);
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
 * - merge {lines: [{productId, variantId, quantity}]} (the visitor cart sent on sign-in)
 * JSON in -> JSON out ({ok, cart, message?} or {ok:false, errors}); a plain form redirects back with a notice.
 * Visitors keep their cart in the browser: a JS-less visitor is sent back with a notice to sign in.
 */
export async function action({ request }: Route.ActionArgs) {
  return shoppingAction(
    request,
    intentSchema,
    "Your cart is kept in this browser while you are signed out. Sign in to keep it on your account.",
    "cart-error",
    async (ctx, req, intent) => {
      let result;
      switch (intent) {
        case "add":
          result = await addToCart(ctx, { productId: req.body.productId, variantId: req.body.variantId, quantity: req.body.quantity ?? 1 });
          break;
        case "set-quantity": {
          const v = variantField.safeParse(req.body.variantId);
          const q = quantityField.safeParse(req.body.quantity);
          if (!v.success) throw new AppError("cart-line", v.error.issues[0]!.message, 422, "variantId");
          if (!q.success) throw new AppError("cart-quantity", "Enter a quantity from 1 to 10.", 422, "quantity");
          result = await setCartQuantity(ctx, v.data, q.data);
          break;
        }
        case "remove": {
          const v = variantField.safeParse(req.body.variantId);
          if (!v.success) throw new AppError("cart-line", v.error.issues[0]!.message, 422, "variantId");
          result = await removeFromCart(ctx, v.data);
          break;
        }
        case "merge":
          result = await mergeCart(ctx, req.body.lines);
          break;
      }
      if (req.wantsJson) return json({ ok: true, cart: result.cart, ...(result.message ? { message: result.message } : {}) });
      return backWith(req.redirectTo, intent === "add" ? (result.message ? "cart-capped" : "cart-added") : "cart-updated");
    },
  );
}
