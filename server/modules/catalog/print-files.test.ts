// Print files named at publishing and drawn on their first download (the demo's products): the
// print shop gets the same file publishing would have drawn, and an order keeps its file after the
// product is edited (the key carries the artwork, placement and area).
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeShop, paidOrder } from "../../../tests/support/orders.ts";
import { createCtx } from "../../kernel/index.ts";
import { getOrder, printFileForLine } from "../orders/index.ts";
import { ensurePrintFile } from "./index.ts";
import { printFiles } from "./schema.ts";

const t = useTestDatabase();

describe("deferred print files", () => {
  it("are named and sized when the product is published, and drawn at full size on the print shop's first download", async () => {
    const shop = await makeShop(t.db, { printFiles: "deferred" });
    const [planned] = await t.db.select().from(printFiles).where(eq(printFiles.productId, shop.productId));
    expect(planned!.storageKey).toMatch(new RegExp(`^print-files/${shop.productId}/front-[0-9a-f]{16}\\.png$`));
    expect([planned!.widthPx, planned!.heightPx, planned!.dpi]).toEqual([3600, 4800, 300]);
    const ctx = createCtx(t.db, shop.owner);
    expect(await ctx.ports.storage.exists(planned!.storageKey)).toBe(false);

    const o = await paidOrder(t.db, shop);
    const view = await getOrder(createCtx(t.db, { kind: "system", reason: "test" }), { orderId: o.orderId });
    const file = await printFileForLine(ctx, { groupId: view.groups[0]!.id, lineId: o.lineIds[0]!, areaKey: "front" });
    expect(file.contentType).toBe("image/png");
    const meta = await sharp(file.body).metadata();
    expect([meta.width, meta.height]).toEqual([3600, 4800]);
    expect(await ctx.ports.storage.exists(planned!.storageKey)).toBe(true);
    expect(await ensurePrintFile(ctx, planned!.storageKey)).toBe(true);
    expect(await ensurePrintFile(ctx, "print-files/prd_unknown/front-0000000000000000.png")).toBe(false);
  });
});
