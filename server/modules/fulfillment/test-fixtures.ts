// Actors and a valid blank for the fulfillment module's tests.
import type { Actor } from "../../kernel/index.ts";
import type { BlankInput } from "./blanks.ts";

export const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };
export const owner: Actor = { kind: "user", userId: "usr_owner", roles: ["fulfiller"] };
export const otherFulfiller: Actor = { kind: "user", userId: "usr_other", roles: ["fulfiller"] };
/** Owns a business on paper but lost the fulfiller role. */
export const ownerWithoutRole: Actor = { kind: "user", userId: "usr_owner", roles: ["shopper"] };
export const shopper: Actor = { kind: "user", userId: "usr_shopper", roles: ["shopper"] };
export const visitor: Actor = { kind: "anonymous" };

const rect = { x: 100, y: 100, w: 400, h: 500 };

/** A valid two-colour, two-size tee; override any field. */
export function teeInput(fulfillerId: string, over: Partial<BlankInput> = {}): BlankInput {
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  return {
    fulfillerId,
    name: "Test tee",
    category: "t-shirts",
    description: "A soft tee.",
    productionDays: 2,
    areas: [{ key: "front", label: "Front", widthIn: 12, heightIn: 16, templateWidth: 1200, templateHeight: 1200, templateRect: rect }],
    colors: [
      { name: "White", hex: "#ffffff", templates: { front: { key: "templates/t/front-white.png" } } },
      { name: "Navy", hex: "#1f2a44", templates: { front: { key: "templates/t/front-navy.png" } } },
    ],
    variants: [
      { color: "White", size: "S", sku: `T-${tag}-W-S`, baseCostMinor: 900, weightGrams: 150 },
      { color: "White", size: "M", sku: `T-${tag}-W-M`, baseCostMinor: 950, weightGrams: 160 },
      { color: "Navy", size: "S", sku: `T-${tag}-N-S`, baseCostMinor: 1000, weightGrams: 150 },
    ],
    warehouseIds: [],
    ...over,
  };
}
