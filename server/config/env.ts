import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * Every setting Platen reads from the environment. Validated once at boot: a bad value stops
 * start-up with a message naming the variable.
 */
export const envSchema = z
  .object({
    /** Platen's deployment mode: `local` (demo data, generated secrets) or `production`. */
    PLATEN_ENV: z.enum(["local", "production", "test"]).default("local"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    /** Base URL of the browser's HTTP client (empty: the site's own origin). */
    API_BASE_URL: z.url().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SEED_DEMO: bool.optional(),
    OUTBOX_WORKER: bool.default(true),
    /** Renders at a time per process; more wait their turn (server/http/admission.ts). Default 1 on PGlite, 4 on PostgreSQL. */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /** How long a page view waits for its turn before it is answered 503 with Retry-After. Default 800. */
    RENDER_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** Page views waiting at most; one more is answered 503 at once. Default 64. */
    RENDER_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
    /** The server's kept styles (app/theme/ssr-styled.ts, ADR 0021): on, off, or verify (each reuse checked; the e2e server). */
    PLATEN_STYLE_MEMO: z.enum(["on", "off", "verify"]).optional(),
    /** PGlite queries with plain parameters in one trip through the engine (server/infra/db/pglite-one-trip.ts, ADR 0028): on or off. */
    PLATEN_PGLITE_ONE_TRIP: z.enum(["on", "off"]).optional(),
    /** HTTP processes (node:cluster); default: one per core on PostgreSQL in production, else 1. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // identity
    IDENTITY_ISSUER: z.url().optional(),
    IDENTITY_AUDIENCE: z.string().min(1).default("platen"),
    OIDC_ISSUER: z.url().optional(),
    OIDC_AUDIENCE: z.string().min(1).optional(),
    OIDC_JWKS_URL: z.url().optional(),
    /** Link an external identity to an existing account with the same verified e-mail without a password (never for admins, partners, fulfillers). */
    OIDC_LINK_VERIFIED_EMAILS: bool.default(false),
    /** Failed sign-ins from one client address within 15 minutes before it must wait (accounts: see ADR 0003). */
    AUTH_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(5),
    /** New accounts from one client address per hour. */
    AUTH_MAX_SIGNUPS_PER_IP: z.coerce.number().int().min(1).default(10),
    /** Job applications from one client address per hour. */
    JOBS_MAX_APPLICATIONS_PER_IP: z.coerce.number().int().min(1).default(5),
    ORDERS_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
    /** A session unused for this long ends (sliding: every visit moves it on). Default 3 days. */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .default(3 * 24 * 60),
    /** How recent a sign-in must be for sensitive changes (e-mail, password, deletion); tests may shorten it. */
    AUTH_RECENT_LOGIN_SECONDS: z.coerce.number().int().min(1).default(300),
    // e-mail
    EMAIL_PROVIDER: z.enum(["outbox", "smtp", "brevo"]).default("outbox"),
    EMAIL_FROM: z.string().min(3).default("Platen <hello@platen.local>"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    BREVO_API_KEY: z.string().min(1).optional(),
    BREVO_BASE_URL: z.url().default("https://api.brevo.com"),
    // storage
    STORAGE_PROVIDER: z.enum(["local", "s3"]).default("local"),
    STORAGE_DIR: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    // images
    /** Image jobs (upload decoding, mockups, print files) running at once; default: the number of cores (at most libuv's pool - 1). */
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Image jobs allowed to wait for a slot; one more is refused with 503 "busy, try again". Default: 4 per slot. */
    IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).optional(),
    // search (the application id, public key and timeouts are runtime settings in /admin/config)
    SEARCH_PROVIDER: z.enum(["postgres", "algolia"]).default("postgres"),
    /** Algolia admin (write) key: only the outbox worker uses it, to keep the index in sync. */
    ALGOLIA_ADMIN_KEY: z.string().min(1).optional(),
    /** One host instead of Algolia's DSN and fallback hosts (tests, self-hosted proxies): http(s)://host:port. */
    ALGOLIA_HOST: z.url().optional(),
    ALGOLIA_INDEX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, "may contain only letters, digits, '-' and '_'")
      .default("platen_products"),
    // payments: all three Stripe keys select Stripe; none selects the built-in test processor
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_... or sk_live_...)")
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe publishable key (pk_test_... or pk_live_...)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, "must be a Stripe webhook signing secret (whsec_...)")
      .optional(),
    /** Another Stripe API host (tests, self-hosted mocks): http(s)://host:port. */
    STRIPE_API_BASE: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if (stripe !== 0 && stripe !== 3)
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together",
      });
    if (env.EMAIL_PROVIDER === "smtp" && !env.SMTP_URL)
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when EMAIL_PROVIDER=smtp" });
    if (env.EMAIL_PROVIDER === "brevo" && !env.BREVO_API_KEY)
      ctx.addIssue({ code: "custom", path: ["BREVO_API_KEY"], message: "is required when EMAIL_PROVIDER=brevo" });
    if (env.STORAGE_PROVIDER === "s3" && !env.S3_BUCKET)
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE_PROVIDER=s3" });
    if (env.PLATEN_ENV === "production" && !env.SESSION_SECRET)
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    const oidc = [env.OIDC_ISSUER, env.OIDC_AUDIENCE, env.OIDC_JWKS_URL].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3)
      ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "OIDC_ISSUER, OIDC_AUDIENCE and OIDC_JWKS_URL go together" });
    if (env.PLATEN_ENV === "production" && env.SEED_DEMO === true)
      ctx.addIssue({ code: "custom", path: ["SEED_DEMO"], message: "production refuses to seed demo accounts" });
  });

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; IDENTITY_ISSUER: string; SEED_DEMO: boolean };

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    IDENTITY_ISSUER: env.IDENTITY_ISSUER ?? `${publicUrl}/identity`,
    SEED_DEMO: env.SEED_DEMO ?? env.PLATEN_ENV !== "production",
  };
}

const ENV_KEY = Symbol.for("platen.env");
type G = typeof globalThis & { [ENV_KEY]?: Env };

/** The process-wide configuration (parsed on first use). */
export function env(): Env {
  const g = globalThis as G;
  g[ENV_KEY] ??= parseEnv();
  return g[ENV_KEY];
}

export function setEnv(value: Env): void {
  (globalThis as G)[ENV_KEY] = value;
}
