import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, request as pwRequest } from "@playwright/test";
import { addToCart, CARDS, hiddenValue, payWithCard, pickVariant, placeOrder, setAddress } from "./support/checkout.ts";
import { startStripeMock, type StripeMock } from "../support/stripe-mock.ts";

/**
 * A provider's refusal reaches the shopper as a 4xx next to its field, against the built server:
 * the payment provider and the payments module are one copy of the code there (ADR 0014,
 * amended), so the checks by error class hold. Before, each of these was a 500.
 */

async function unpaidOrder(baseURL: string | undefined) {
  const ctx = await pwRequest.newContext({ baseURL });
  await addToCart(ctx, await pickVariant(ctx, "/shop/products/posters"));
  await setAddress(ctx, undefined, `refusal-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`);
  return { ctx, ...(await placeOrder(ctx)) };
}

test("an expired card and a card that is not a test card are refused next to their fields, not with a 500", async ({ baseURL }) => {
  const { ctx, paymentPath } = await unpaidOrder(baseURL);
  const post = async (cardNumber: string, expiry: string) => {
    const attemptKey = hiddenValue(await (await ctx.get(paymentPath)).text(), "attemptKey");
    return ctx.post(paymentPath, { form: { cardNumber, expiry, cvc: "123", name: "Sam Shopper", attemptKey }, maxRedirects: 0 });
  };
  const expired = await post(CARDS.pays, "01 / 20");
  expect(expired.status()).toBe(422);
  expect(await expired.text()).toContain("Your card&#x27;s expiration date is in the past.");
  const real = await post("4111 1111 1111 1111", "12 / 34");
  expect(real.status()).toBe(422);
  expect(await real.text()).toContain("This test processor accepts only test card numbers.");
  await ctx.dispose();
});

test("the card form while a 3-D Secure step is pending is a 409 that says so, and the order stays payable", async ({ baseURL }) => {
  const { ctx, paymentPath } = await unpaidOrder(baseURL);
  const first = await payWithCard(ctx, paymentPath, CARDS.authenticate);
  expect(first.status()).toBe(302);
  expect(first.headers().location).toContain("/payment/authenticate");
  const again = await payWithCard(ctx, paymentPath, CARDS.pays);
  expect(again.status()).toBeLessThan(500);
  expect(again.status()).toBeGreaterThanOrEqual(400);
  expect(await again.text()).toContain("This payment is waiting for your card to be verified.");
  // The 3-D Secure page still finishes the payment.
  const auth = await ctx.get(first.headers().location!);
  expect(auth.status()).toBe(200);
  await ctx.dispose();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

test.describe("Stripe webhooks on the built server", () => {
  const secret = "whsec_PlatenE2e0123456789";
  let stripe: StripeMock;
  let server: ChildProcess | null = null;
  let dataDir = "";
  let base = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stripe = await startStripeMock();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "platen-webhook-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const buildDir = path.resolve(process.env.PLATEN_BUILD_DIR ?? "build");
    server = spawn(process.execPath, [path.join(buildDir, "server", "main.js")], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        PLATEN_ENV: "test",
        NODE_ENV: "production",
        SEED_DEMO: "false",
        OUTBOX_WORKER: "false",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        PLATEN_BUILD_DIR: buildDir,
        STRIPE_SECRET_KEY: "sk_test_platenE2e",
        STRIPE_PUBLISHABLE_KEY: "pk_test_platenE2e",
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_API_BASE: stripe.url,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await expect
      .poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [100, 250, 500] })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A `Stripe-Signature` header as Stripe computes it (HMAC-SHA256 of "t.body"). */
  const sign = (body: string, t: number, key = secret) => `t=${t},v1=${createHmac("sha256", key).update(`${t}.${body}`).digest("hex")}`;
  const post = (body: string, signature: string | null) =>
    fetch(`${base}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      body,
    });
  const event = JSON.stringify({
    id: "evt_platen_e2e_1",
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: { id: "pi_unknown", object: "payment_intent", status: "succeeded", amount: 100, currency: "usd", metadata: {} } },
  });
  const now = () => Math.floor(Date.now() / 1000);

  test("a bad, a missing, a stale and a future-dated signature are each a 400; a good one is taken", async () => {
    for (const [what, signature] of [
      ["wrong secret", sign(event, now(), "whsec_someoneElse")],
      ["garbage", "t=1,v1=nothing"],
      ["missing", null],
      ["ten minutes old", sign(event, now() - 600)],
      ["ten minutes ahead", sign(event, now() + 600)],
    ] as const) {
      const res = await post(event, signature);
      expect(res.status, what).toBe(400);
    }
    const ok = await post(event, sign(event, now()));
    expect(ok.status).toBe(200);
  });
});
