import { expect, request as pwRequest, type APIRequestContext } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, type DemoRole } from "./accounts.ts";

/** The roles of the access matrices: a visitor and the four demo accounts. */
export type Who = "anonymous" | DemoRole;
export const WHO: Who[] = ["anonymous", "shopper", "partner", "fulfiller", "admin"];

/**
 * One API request context per role, signed in through the real /login form. The partner owns
 * @inkwell; the fulfiller owns @print-works-studio, so it is "another store's owner" there.
 */
export async function signInAll(baseURL: string | undefined): Promise<Map<Who, APIRequestContext>> {
  const contexts = new Map<Who, APIRequestContext>();
  for (const who of WHO) {
    const ctx = await pwRequest.newContext({ baseURL });
    if (who !== "anonymous") {
      const res = await ctx.post("/login", { form: { email: DEMO[who], password: DEMO_PASSWORD, next: "/account" }, maxRedirects: 0 });
      expect(res.status(), `sign-in as ${who}`).toBe(302);
    }
    contexts.set(who, ctx);
  }
  return contexts;
}
