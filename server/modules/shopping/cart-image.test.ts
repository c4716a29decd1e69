import { beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeFulfillerWithBlank, makeProduct } from "../../../tests/support/factories.ts";
import { getProductPage } from "../catalog/index.ts";
import { resolveCart } from "./index.ts";

const t = useTestDatabase();
const ids: Record<string, string> = {};
/** Mockup hash of a colour and print area, as the catalogue rendered it. */
const hash: Record<string, string> = {};

beforeAll(async () => {
  // A hoodie in three colours with a front and a back; mockups are rendered for the first two
  // colours only (Heather grey, the main colour, and Navy), so Black has none.
  const rect = { x: 100, y: 100, w: 400, h: 500 };
  const area = { widthIn: 12, heightIn: 14, templateWidth: 1200, templateHeight: 1200, templateRect: rect };
  const templates = (c: string) => ({ front: { key: `templates/ci/front-${c}.png` }, back: { key: `templates/ci/back-${c}.png` } });
  const { blank } = await makeFulfillerWithBlank(t.db, {
    blank: {
      name: "Hoodie",
      category: "hoodies",
      areas: [
        { key: "front", label: "Front", ...area },
        { key: "back", label: "Back", ...area },
      ],
      colors: [
        { name: "Heather grey", hex: "#9a9a9a", templates: templates("grey") },
        { name: "Navy", hex: "#1f2a44", templates: templates("navy") },
        { name: "Black", hex: "#111111", templates: templates("black") },
      ],
      variants: ["Heather grey", "Navy", "Black"].map((color) => ({
        color,
        size: "M",
        sku: `H-CI-${color.slice(0, 1)}-M`,
        baseCostMinor: 1900,
        weightGrams: 500,
      })),
    },
  });
  const placement = { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 };
  const { product } = await makeProduct(t.db, {
    blank,
    input: {
      title: "Lighthouse Hoodie",
      category: "hoodies",
      priceMinor: 4800,
      colors: ["Heather grey", "Navy", "Black"],
      sizes: ["M"],
      primaryColor: "Heather grey",
      placements: { front: placement, back: placement },
    },
    mockupColors: 2,
  });
  const page = await getProductPage(t.ctx(anonymous()), product.id);
  ids.product = product.id;
  for (const v of page.variants) ids[v.color] = v.id;
  for (const m of page.mockups) hash[`${m.color}|${m.areaKey}`] = m.hash;
});

describe("cart line pictures", () => {
  it("shows the mockup of the line's colour, not the product's main colour", async () => {
    expect(Object.keys(hash).sort()).toEqual(["Heather grey|back", "Heather grey|front", "Navy|back", "Navy|front"]);
    const view = await resolveCart(t.ctx(anonymous()), [
      { productId: ids.product!, variantId: ids.Navy!, quantity: 1 },
      { productId: ids.product!, variantId: ids["Heather grey"]!, quantity: 1 },
      { productId: ids.product!, variantId: ids.Black!, quantity: 1 },
    ]);
    expect(view.lines.map((l) => [l.color, l.image?.hash])).toEqual([
      ["Navy", hash["Navy|front"]],
      ["Heather grey", hash["Heather grey|front"]],
      // No mockup rendered for this colour: the product's main image rather than none.
      ["Black", hash["Heather grey|front"]],
    ]);
    expect(view.lines[0]!.card?.image?.hash).toBe(hash["Heather grey|front"]);
  });
});
