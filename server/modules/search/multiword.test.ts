import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { anonymous } from "../../kernel/index.ts";
import { transaction } from "../../infra/db/index.ts";
import { searchProducts, suggest, upsertSearchDocument, type SearchDocumentInput } from "./index.ts";

const t = useTestDatabase();

function doc(id: string, title: string, over: Partial<SearchDocumentInput> = {}): SearchDocumentInput {
  return {
    productId: id,
    storeId: "sto_kenji",
    storeHandle: "kenji-draws",
    storeName: "Kenji Draws",
    title,
    description: "",
    tags: [],
    category: "t-shirts",
    colors: [{ name: "Black", hex: "#111111" }],
    sizes: ["M"],
    priceMinor: 2000,
    image: null,
    publishedAt: new Date("2026-01-01T00:00:00Z"),
    ...over,
  };
}

beforeAll(async () => {
  await transaction(t.db, async (tx) => {
    for (const d of [
      doc("prd_ramen_tee", "Ramen Cat T-shirt", { tags: ["cat", "ramen", "food"] }),
      doc("prd_ramen_mug", "Ramen Cat Mug", { category: "mugs", tags: ["cat", "ramen"] }),
      doc("prd_light_tee", "Lighthouse T-shirt", { storeHandle: "lumen-co", storeName: "Lumen Co", storeId: "sto_lumen" }),
      doc("prd_prism_poster", "Prism Poster", {
        category: "posters",
        storeHandle: "lumen-co",
        storeName: "Lumen Co",
        storeId: "sto_lumen",
      }),
      doc("prd_robot_hoodie", "Robot Gardener Hoodie", { category: "hoodies", colors: [{ name: "Navy", hex: "#1f2a44" }] }),
      doc("prd_neon_tee", "Neon Tokyo T-shirt", { description: "Rainy Tokyo streets glowing in pink and blue neon." }),
    ])
      await upsertSearchDocument(tx, d);
  });
});

const search = (q: string) => searchProducts(t.ctx(anonymous()), { q });
const ids = async (q: string) => (await search(q)).hits.map((h) => h.id);

describe("multi-word queries whose words never meet in one product", () => {
  it("finds products matching some of the words, those matching most first ('ramen kat', 'blue hoodie', 'lighthouse poster')", async () => {
    // Each word alone matches.
    expect(await ids("ramen")).not.toEqual([]);
    expect(await ids("hoodie")).not.toEqual([]);
    expect(await ids("blue")).not.toEqual([]);

    const ramen = await search("ramen kat");
    expect(ramen.hits.map((h) => h.id).sort()).toEqual(["prd_ramen_mug", "prd_ramen_tee"]);
    expect(ramen.partialMatch).toBe(true);

    expect((await ids("blue hoodie")).sort()).toEqual(["prd_neon_tee", "prd_robot_hoodie"]);
    expect((await ids("lighthouse poster")).sort()).toEqual(["prd_light_tee", "prd_prism_poster"]);
    // With a typo in one word as well: corrected first, then any word.
    const typo = await search("lighthouse postr");
    expect(typo.hits.map((h) => h.id).sort()).toEqual(["prd_light_tee", "prd_prism_poster"]);
    expect(typo.correctedQuery).toBe("lighthouse poster");
  });

  it("keeps every-word matches as they are (no fallback when something matches all words)", async () => {
    const r = await search("ramen cat");
    expect(r.hits.map((h) => h.id).sort()).toEqual(["prd_ramen_mug", "prd_ramen_tee"]);
    expect(r.partialMatch).toBeUndefined();
    // Still nothing when no word matches at all.
    expect(await ids("zebra giraffe")).toEqual([]);
  });

  it("suggests products for such queries while typing", async () => {
    const s = await suggest(t.ctx(anonymous()), "ramen kat", 5);
    expect(s.filter((x) => x.kind === "product").map((x) => x.label)).toEqual(
      expect.arrayContaining(["Ramen Cat T-shirt", "Ramen Cat Mug"]),
    );
  });
});
