// Instant search for the header (GET /api/search): products by title with their thumbnail from the
// search module, stores from the stores module (active stores only, any word of the name), and
// categories, in that order. One function, so the route and the storefront-agreement test ask the
// same question.
import { suggest, type Suggestion } from "#server/modules/search/index.ts";
import { searchStores } from "#server/modules/stores/index.ts";
import type { Ctx } from "#server/kernel/index.ts";

export async function instantSearch(ctx: Ctx, q: string, limit: number): Promise<Suggestion[]> {
  const [found, stores] = await Promise.all([suggest(ctx, q, limit), searchStores(ctx, q, 3)]);
  const storeSuggestions: Suggestion[] = stores.map((s) => ({
    kind: "store",
    label: s.name,
    href: `/shop/stores/@${s.handle}`,
    storeName: s.name,
  }));
  return [...found.filter((s) => s.kind === "product"), ...storeSuggestions, ...found.filter((s) => s.kind === "category")];
}
