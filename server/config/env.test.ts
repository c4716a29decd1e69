import { describe, expect, it } from "vitest";
import { createPaymentProvider } from "../infra/payments/index.ts";
import { ConfigError, parseEnv } from "./env.ts";

describe("configuration", () => {
  it("has working defaults for a fresh machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PLATEN_ENV).toBe("local");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.IDENTITY_ISSUER).toBe("http://localhost:3000/identity");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.EMAIL_PROVIDER).toBe("outbox");
    expect(env.STORAGE_PROVIDER).toBe("local");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_MAX_FAILURES_PER_IP).toBe(5);
  });

  it("PORT overrides the port and the public URL", () => {
    const env = parseEnv({ PORT: "8080" });
    expect(env.PORT).toBe(8080);
    expect(env.PUBLIC_URL).toBe("http://localhost:8080");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ EMAIL_PROVIDER: "carrier-pigeon" }, "EMAIL_PROVIDER"],
    [{ EMAIL_PROVIDER: "brevo" }, "BREVO_API_KEY"],
    [{ EMAIL_PROVIDER: "smtp" }, "SMTP_URL"],
    [{ STORAGE_PROVIDER: "s3" }, "S3_BUCKET"],
    [{ OIDC_ISSUER: "https://id.example.com" }, "OIDC_ISSUER"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_API_BASE: "localhost" }, "STRIPE_API_BASE"],
  ])("a bad value stops start-up with a message naming the variable: %j", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it("production requires a session secret and never seeds demo accounts", () => {
    expect(() => parseEnv({ PLATEN_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
    const secret = "x".repeat(40);
    expect(parseEnv({ PLATEN_ENV: "production", SESSION_SECRET: secret }).SEED_DEMO).toBe(false);
    expect(() => parseEnv({ PLATEN_ENV: "production", SESSION_SECRET: secret, SEED_DEMO: "true" })).toThrow(
      /SEED_DEMO: production refuses to seed demo accounts/,
    );
  });

  it("the Stripe keys select Stripe; without them the built-in test processor takes payments", () => {
    expect(createPaymentProvider(parseEnv({})).name).toBe("test");
    const stripe = createPaymentProvider(
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }),
    );
    expect(stripe.name).toBe("stripe");
    expect(stripe.publishableKey).toBe("pk_test_abc");
  });
});
