import { beforeAll, describe, expect, it } from "vitest";
import { blanks, blankVariants, fulfillers, productMockups, products, productVariants, stores, users } from "../../infra/db/schema.ts";
import { anonymous } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { resolveCart } from "./index.ts";

const t = useTestDatabase();

beforeAll(async () => {
  const db = t.db;
  await db.insert(users).values({ id: "usr_ci", email: "ci@example.test", emailNormalized: "ci@example.test" });
  await db.insert(fulfillers).values({ id: "ful_ci", handle: "ful-ci", name: "Ful", ownerUserId: "usr_ci" });
  await db.insert(blanks).values({ id: "blk_hood", fulfillerId: "ful_ci", name: "Hoodie", category: "hoodies" });
  await db.insert(blankVariants).values([
    { id: "bvr_grey", blankId: "blk_hood", color: "Heather grey", size: "M", sku: "H-G-M", baseCostMinor: 1900, weightGrams: 500 },
    { id: "bvr_navy", blankId: "blk_hood", color: "Navy", size: "M", sku: "H-N-M", baseCostMinor: 1900, weightGrams: 500 },
    { id: "bvr_black", blankId: "blk_hood", color: "Black", size: "M", sku: "H-B-M", baseCostMinor: 1900, weightGrams: 500 },
  ]);
  await db.insert(stores).values({ id: "sto_ci", handle: "cart-images", name: "Cart Images", ownerUserId: "usr_ci" });
  await db.insert(products).values({
    id: "prd_hood",
    storeId: "sto_ci",
    blankId: "blk_hood",
    title: "Lighthouse Hoodie",
    slug: "lighthouse-hoodie",
    category: "hoodies",
    priceMinor: 4800,
    status: "published",
    publishedAt: new Date(),
    primaryColor: "Heather grey",
  });
  await db.insert(productVariants).values([
    { id: "var_grey", productId: "prd_hood", blankVariantId: "bvr_grey", color: "Heather grey", size: "M" },
    { id: "var_navy", productId: "prd_hood", blankVariantId: "bvr_navy", color: "Navy", size: "M" },
    { id: "var_black", productId: "prd_hood", blankVariantId: "bvr_black", color: "Black", size: "M" },
  ]);
  const mockup = (id: string, color: string, areaKey: string, hash: string, sortOrder: number) => ({
    id,
    productId: "prd_hood",
    color,
    areaKey,
    hash,
    width: 1000,
    height: 1000,
    sortOrder,
  });
  await db
    .insert(productMockups)
    .values([
      mockup("mck_gf", "Heather grey", "front", "grey-front", 0),
      mockup("mck_gb", "Heather grey", "back", "grey-back", 1),
      mockup("mck_nf", "Navy", "front", "navy-front", 2),
      mockup("mck_nb", "Navy", "back", "navy-back", 3),
    ]);
});

describe("cart line pictures", () => {
  it("shows the mockup of the line's colour, not the product's main colour", async () => {
    const view = await resolveCart(t.ctx(anonymous()), [
      { productId: "prd_hood", variantId: "var_navy", quantity: 1 },
      { productId: "prd_hood", variantId: "var_grey", quantity: 1 },
      { productId: "prd_hood", variantId: "var_black", quantity: 1 },
    ]);
    expect(view.lines.map((l) => [l.color, l.image?.hash])).toEqual([
      ["Navy", "navy-front"],
      ["Heather grey", "grey-front"],
      // No mockup rendered for this colour: the product's main image rather than none.
      ["Black", "grey-front"],
    ]);
    expect(view.lines[0]!.card?.image?.hash).toBe("grey-front");
  });
});
