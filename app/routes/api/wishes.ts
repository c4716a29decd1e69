import { z } from "zod";
import type { Route } from "./+types/wishes";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { addWish, getWishes, mergeWishes, removeWish, toggleWish, wishCardsFor } from "#server/modules/shopping/index.ts";
import { backWith, json, shoppingAction } from "./shopping-api.server.ts";

/**
 * GET /api/wishes: the signed-in shopper's wishes ({productIds, cards}). A visitor's wishes live in
 * localStorage: `?ids=prd_a,prd_b` returns the cards of those (published) products.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  if (ctx.actor.kind === "user") return json({ ok: true, ...(await getWishes(ctx)) });
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  if (raw.length > 6500) return json({ ok: false, errors: { ids: "Ask for at most 100 products at a time." } }, 400);
  return json({ ok: true, ...(await wishCardsFor(ctx, raw ? raw.split(",") : [])) });
}

const intentSchema = z.enum(["toggle", "add", "remove", "merge"], { error: "Unknown action: use toggle, add, remove or merge." });
const productField = z.string({ error: "Choose a product." }).trim().min(1, "Choose a product.").max(64);

/**
 * POST /api/wishes with `intent`: toggle / add / remove {productId}, merge {productIds: [...]}.
 * JSON in -> JSON out ({ok, wished?, productIds}); a plain form redirects back with a notice.
 */
export async function action({ request }: Route.ActionArgs) {
  return shoppingAction(
    request,
    intentSchema,
    "Your wishes are kept in this browser while you are signed out. Sign in to keep them on your account.",
    "wish-error",
    async (ctx, req, intent) => {
      if (intent === "merge") {
        const r = await mergeWishes(ctx, req.body.productIds);
        return req.wantsJson ? json({ ok: true, productIds: r.productIds, added: r.added }) : backWith(req.redirectTo, "wishes-updated");
      }
      const p = productField.safeParse(req.body.productId);
      if (!p.success) throw new AppError("wish-product", p.error.issues[0]!.message, 422, "productId");
      let wished: boolean;
      let productIds: string[];
      if (intent === "toggle") ({ wished, productIds } = await toggleWish(ctx, p.data));
      else if (intent === "add") ({ wished, productIds } = { wished: true, productIds: await addWish(ctx, p.data) });
      else ({ wished, productIds } = { wished: false, productIds: await removeWish(ctx, p.data) });
      if (req.wantsJson) return json({ ok: true, wished, productIds });
      return backWith(req.redirectTo, wished ? "wish-added" : "wish-removed");
    },
  );
}
