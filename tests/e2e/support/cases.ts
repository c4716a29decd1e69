import { expect, request as pwRequest, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { DEMO, DEMO_PASSWORD } from "./accounts.ts";

/** A request context signed in as the demo shopper, who owns some of the demo's delivered orders. */
export async function demoShopperContext(baseURL: string | undefined): Promise<APIRequestContext> {
  const ctx = await pwRequest.newContext({ baseURL });
  const res = await ctx.post("/login", { form: { email: DEMO.shopper, password: DEMO_PASSWORD, next: "/account" }, maxRedirects: 0 });
  expect(res.status(), "sign-in as the demo shopper").toBe(302);
  return ctx;
}

/**
 * The demo shopper's orders with items that may be reported now (a line whose checkbox on the
 * "Report a problem" page is not disabled), newest first, each with those lines' ids.
 */
export async function reportableOrders(ctx: APIRequestContext): Promise<{ orderId: string; lineIds: string[] }[]> {
  const account = await (await ctx.get("/account")).text();
  const ids = [...new Set([...account.matchAll(/\/shop\/orders\/(ord_[0-9a-z]+)/g)].map((m) => m[1]!))];
  const out: { orderId: string; lineIds: string[] }[] = [];
  for (const orderId of ids) {
    const html = await (await ctx.get(`/shop/orders/${orderId}/problem`)).text();
    const lineIds = [...html.matchAll(/<input[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => /name="line"/.test(tag) && !/disabled/.test(tag))
      .map((tag) => /value="(oln_[0-9a-z]+)"/.exec(tag)?.[1])
      .filter((v): v is string => Boolean(v));
    if (lineIds.length) out.push({ orderId, lineIds });
  }
  return out;
}

/** A real photo (a PNG of `width` × `height`), big enough for a case. */
export const photoPng = (width = 640, height = 480, hex = "#aa3344"): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: hex } })
    .png()
    .toBuffer();
