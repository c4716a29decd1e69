import type { Env } from "../../config/env.ts";
import { env } from "../../config/env.ts";
import type { PaymentProvider } from "../../contracts/ports.ts";
import { createStripeProvider } from "./stripe.ts";
import { createTestProcessor } from "./test-processor.ts";

export { createStripeProvider, WEBHOOK_TOLERANCE_SECONDS, type StripeProviderOptions } from "./stripe.ts";
export { createTestProcessor, checkTestCard, TEST_CARDS, AUTHENTICATION_FAILED_MESSAGE } from "./test-processor.ts";
export { cardBrand, cardDigits, cardLast4, luhnValid, type CardBrand } from "./cards.ts";

/** Stripe when its three keys are set, else the built-in test processor. */
export function createPaymentProvider(config: Env): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET)
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  return createTestProcessor();
}

const KEY = Symbol.for("platen.paymentProvider");
type G = typeof globalThis & { [KEY]?: { config: Env; provider: PaymentProvider } };

/** The process-wide provider for the current configuration. */
export function paymentProvider(): PaymentProvider {
  const g = globalThis as G;
  const config = env();
  if (!g[KEY] || g[KEY].config !== config) g[KEY] = { config, provider: createPaymentProvider(config) };
  return g[KEY].provider;
}
