import type { Ctx } from "../../kernel/index.ts";
import { getProductCards, type ProductCard } from "../catalog/index.ts";

/** Product cards for ids, in the order of `ids`, published products only (unknown or hidden ids dropped). */
export async function cardsInOrder(ctx: Ctx, ids: readonly string[]): Promise<ProductCard[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const cards = await getProductCards(ctx, unique);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return unique.flatMap((id) => {
    const c = byId.get(id);
    return c && c.status === "published" ? [c] : [];
  });
}

/** Cards by id, whatever their status (the cart shows an unpublished line as unavailable). */
export async function cardsById(ctx: Ctx, ids: readonly string[]): Promise<Map<string, ProductCard>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const cards = await getProductCards(ctx, unique);
  return new Map(cards.map((c) => [c.id, c]));
}
