import { expect, request as pwRequest, type APIRequestContext } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, type DemoRole } from "./accounts.ts";
import { signUpRequest, type Shopper } from "./shoppers.ts";

/** The roles of the access matrices: a visitor, a shopper and the three demo staff accounts. */
export type Who = "anonymous" | DemoRole;
export const WHO: Who[] = ["anonymous", "shopper", "partner", "fulfiller", "admin"];

/**
 * One API request context per role. "shopper" is a shopper signed up for this call (through the
 * real /signup form), so the matrices never change the shared demo shopper's cart, wishes or
 * requests; the partner, fulfiller and admin are the demo accounts, signed in through the real
 * /login form. The partner owns @inkwell; the fulfiller owns @print-works-studio, so it is
 * "another store's owner" there.
 */
export async function signInAll(baseURL: string | undefined, tag = "matrix"): Promise<Map<Who, APIRequestContext>> {
  const contexts = new Map<Who, APIRequestContext>();
  for (const who of WHO) {
    const ctx = await pwRequest.newContext({ baseURL });
    if (who === "shopper") await signUpRequest(ctx, tag);
    else if (who !== "anonymous") {
      const res = await ctx.post("/login", { form: { email: DEMO[who], password: DEMO_PASSWORD, next: "/account" }, maxRedirects: 0 });
      expect(res.status(), `sign-in as ${who}`).toBe(302);
    }
    contexts.set(who, ctx);
  }
  return contexts;
}

/** A request context of its own, signed in as a shopper signed up for it (dispose it at the end). */
export async function freshShopperContext(baseURL: string | undefined, tag: string): Promise<{ ctx: APIRequestContext; shopper: Shopper }> {
  const ctx = await pwRequest.newContext({ baseURL });
  const shopper = await signUpRequest(ctx, tag);
  return { ctx, shopper };
}

/**
 * A published product of the demo store @inkwell and one of its variants, read from the public
 * pages (the store front lists it; the product page carries its variants).
 */
export async function aPublishedProduct(ctx: APIRequestContext): Promise<{ productId: string; variantId: string }> {
  const store = await ctx.get("/shop/stores/@inkwell");
  expect(store.status(), "the @inkwell store front").toBe(200);
  const productId = /href="\/shop\/product\/(prd_[0-9a-z]+)"/.exec(await store.text())?.[1];
  expect(productId, "a product on the @inkwell store front").toBeTruthy();
  const page = await ctx.get(`/shop/product/${productId}`);
  expect(page.status(), `the page of ${productId}`).toBe(200);
  const variantId = /\bvar_[0-9a-z]+/.exec(await page.text())?.[0];
  expect(variantId, `a variant on the page of ${productId}`).toBeTruthy();
  return { productId: productId!, variantId: variantId! };
}
