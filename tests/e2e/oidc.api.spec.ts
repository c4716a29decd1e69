import { createServer, type Server } from "node:http";
import { expect, request as pwRequest, test, type APIRequestContext } from "@playwright/test";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { DEMO, DEMO_PASSWORD } from "./support/accounts.ts";

/**
 * POST /api/__session with ID tokens of the external OIDC provider configured in
 * playwright.config.ts, whose key set this file serves on E2E_PORT + 500 (or does not).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const ISSUER = "https://idp.e2e.platen.test";
const AUDIENCE = "platen-e2e";
const PASSWORD = "velvet-otter-lantern";

let privateKey: CryptoKey;
let jwk: JWK;
let jwks: Server | undefined;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "e2e-idp-1", alg: "RS256", use: "sig" };
});
test.afterAll(async () => {
  for (const ctx of contexts) await ctx.dispose();
  if (jwks) await new Promise<void>((resolve) => jwks!.close(() => resolve()));
});

async function context(baseURL: string | undefined) {
  const ctx = await pwRequest.newContext({ baseURL });
  contexts.push(ctx);
  return ctx;
}

const externalToken = (claims: { sub: string; email: string; email_verified?: boolean }) =>
  new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "e2e-idp-1" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(privateKey);

const post = async (ctx: APIRequestContext, token: string) => {
  const res = await ctx.post("/api/__session", { data: { token } });
  return {
    status: res.status(),
    body: (await res.json()) as { user?: { uid: string; email: string }; error?: { code: string; message: string } },
    res,
  };
};

test("an unreachable provider key set answers 503 and leaves the current session alone", async ({ baseURL }) => {
  const shopper = await context(baseURL);
  expect(
    (await shopper.post("/login", { form: { email: DEMO.shopper, password: DEMO_PASSWORD, next: "/" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  const answer = await post(shopper, await externalToken({ sub: "ext-down", email: "down@example.test", email_verified: true }));
  expect(answer.status).toBe(503);
  expect(answer.body.error).toEqual({
    code: "identity-provider-unavailable",
    message: "We could not reach your sign-in provider to check your sign-in. Try again in a moment.",
  });
  expect(answer.res.headers()["set-cookie"] ?? "").not.toMatch(/platen_session=;/);
  expect((await shopper.get("/account", { maxRedirects: 0 })).status()).toBe(200);
});

test("an existing account is linked only after its password; an admin's never silently", async ({ baseURL }) => {
  jwks = createServer((req, res) => {
    if (req.url === "/jwks.json") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => jwks!.listen(port + 500, "127.0.0.1", resolve));

  // Someone has a Platen account with a password.
  const email = `oidc-${Date.now()}@example.test`;
  const owner = await context(baseURL);
  const signup = await owner.post("/signup", {
    form: { displayName: "Olive Owner", email, password: PASSWORD, next: "/account" },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(302);

  // The provider says this e-mail is verified: still no session for the existing account.
  const browser = await context(baseURL);
  const token = await externalToken({ sub: "ext-olive", email, email_verified: true });
  const refused = await post(browser, token);
  expect(refused.status).toBe(409);
  expect(refused.body.error?.code).toBe("account-exists-with-different-credential");
  expect(refused.body.error?.message).toMatch(/Sign in with its password once, in this browser/);
  expect((await browser.get("/account", { maxRedirects: 0 })).status()).toBe(302);

  // The owner signs in with the password in that browser: the identity is linked.
  expect((await browser.post("/login", { form: { email, password: PASSWORD, next: "/account" }, maxRedirects: 0 })).status()).toBe(302);
  const linked = await post(browser, token);
  expect(linked.status).toBe(200);
  expect(linked.body.user?.email).toBe(email);
  // From now on the provider's token alone signs in to the account, in any browser.
  const elsewhere = await context(baseURL);
  const again = await post(elsewhere, await externalToken({ sub: "ext-olive", email }));
  expect(again.status).toBe(200);
  expect(again.body.user?.uid).toBe(linked.body.user?.uid);

  // An admin's address with a "verified" e-mail at the provider: refused, nothing linked.
  const stranger = await context(baseURL);
  const admin = await post(stranger, await externalToken({ sub: "ext-admin", email: DEMO.admin, email_verified: true }));
  expect(admin.status).toBe(409);
  expect((await stranger.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
  const retry = await post(await context(baseURL), await externalToken({ sub: "ext-admin", email: DEMO.admin, email_verified: true }));
  expect(retry.status).toBe(409);
});
