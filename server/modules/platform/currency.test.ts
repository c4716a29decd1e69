// The platform currency cannot change under stored amounts (issue 7, item 4): every amount is
// stored with its currency, and /admin/config refuses a change once priced rows exist.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import type { Actor } from "../../kernel/index.ts";
import "../catalog/index.ts";
import { createBlank, createFulfiller, getBlankDetail } from "../fulfillment/index.ts";
import { createProductRequest, listMyRequests, resolveCart } from "../shopping/index.ts";
import { getSettings, updateSettings } from "./index.ts";

const t = useTestDatabase();
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin", "shopper"] };
const shopper: Actor = { kind: "user", userId: "usr_shopper", roles: ["shopper"] };

async function setCurrency(currency: string) {
  const s = await getSettings(t.ctx(admin));
  return updateSettings(t.ctx(admin), { ...s, currency: currency as typeof s.currency });
}

describe("the platform currency and stored amounts", () => {
  it("may change while nothing has a price", async () => {
    await setCurrency("EUR");
    await setCurrency("JPY");
    expect((await getSettings(t.ctx(admin))).currency).toBe("JPY");
  });

  it("prices the cart in the platform currency, not USD", async () => {
    expect((await resolveCart(t.ctx(shopper), [])).currency).toBe("JPY");
  });

  it("stores a request budget with its currency, read by the currency's digits (3000 in JPY is ¥3,000)", async () => {
    await createProductRequest(t.ctx(shopper), { idea: "A mug with a sleepy red fox curled up", category: "mugs", budget: "3000" });
    const [mine] = await listMyRequests(t.ctx(shopper));
    expect(mine).toMatchObject({ budgetMinor: 3000, budgetCurrency: "JPY" });
    await expect(
      createProductRequest(t.ctx(shopper), { idea: "A mug with a sleepy red fox curled up", category: "mugs", budget: "30.50" }),
    ).rejects.toMatchObject({ status: 422, field: "budget", message: "JPY has no decimals: enter a whole amount." });
  });

  it("refuses a change once priced rows exist, with the reason next to the currency field, and keeps the currency", async () => {
    const err = await setCurrency("USD").catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 409,
      field: "currency",
      message:
        "The store currency cannot change from JPY to USD: product request budgets already have amounts in JPY, and changing the currency would not convert them.",
    });
    expect((await getSettings(t.ctx(admin))).currency).toBe("JPY");
    // Other settings still save while the currency stays.
    const s = await getSettings(t.ctx(admin));
    await expect(updateSettings(t.ctx(admin), { ...s, platformFeePercent: 25 })).resolves.toMatchObject({
      changed: ["platformFeePercent"],
    });
  });

  it("gives new blank base costs the platform currency and names every holder in the refusal", async () => {
    const fulfiller = await createFulfiller(t.ctx(admin), { handle: "test-prints", name: "Test Prints", ownerUserId: "usr_admin" });
    const blank = await createBlank(t.ctx(admin), {
      fulfillerId: fulfiller.id,
      name: "Test tee",
      category: "t-shirts",
      description: "",
      productionDays: 3,
      areas: [
        {
          key: "front",
          label: "Front",
          widthIn: 12,
          heightIn: 16,
          templateWidth: 1200,
          templateHeight: 1200,
          templateRect: { x: 0.3, y: 0.2, w: 0.4, h: 0.5 },
        },
      ],
      colors: [{ name: "Black", hex: "#111111", templates: {} }],
      variants: [{ color: "Black", size: "M", sku: "TT-BLK-M", baseCostMinor: 1200, weightGrams: 180 }],
      warehouseIds: [],
    });
    const detail = await getBlankDetail(t.ctx(admin), blank.id);
    expect(detail.variants[0]).toMatchObject({ baseCostMinor: 1200, currency: "JPY" });
    await expect(setCurrency("EUR")).rejects.toMatchObject({
      status: 409,
      field: "currency",
      message: expect.stringContaining("blank base costs and product request budgets already have amounts in JPY") as unknown,
    });
  });
});
