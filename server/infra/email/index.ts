import type { Env } from "../../config/env.ts";
import { env } from "../../config/env.ts";
import { parseAddress } from "./address.ts";
import { createBrevoProvider } from "./brevo.ts";
import { createOutboxProvider } from "./outbox.ts";
import { createSmtpProvider, describeSmtpUrl } from "./smtp.ts";
import type { EmailProvider } from "./types.ts";

export {
  EmailDeliveryError,
  isEmailDeliveryError,
  type EmailAddress,
  type EmailProvider,
  type OutgoingEmail,
  type SendResult,
} from "./types.ts";
export { parseAddress, isPlausibleAddress } from "./address.ts";
export { createOutboxProvider } from "./outbox.ts";
export { createSmtpProvider, describeSmtpUrl } from "./smtp.ts";
export { createBrevoProvider, brevoIdempotencyKey } from "./brevo.ts";

/** The provider EMAIL_PROVIDER selects. */
export function createEmailProvider(config: Env): EmailProvider {
  switch (config.EMAIL_PROVIDER) {
    case "smtp":
      if (!config.SMTP_URL) throw new Error("SMTP_URL is required when EMAIL_PROVIDER=smtp");
      return createSmtpProvider({ url: config.SMTP_URL });
    case "brevo":
      if (!config.BREVO_API_KEY) throw new Error("BREVO_API_KEY is required when EMAIL_PROVIDER=brevo");
      return createBrevoProvider({ apiKey: config.BREVO_API_KEY, baseUrl: config.BREVO_BASE_URL });
    default:
      return createOutboxProvider();
  }
}

const KEY = Symbol.for("platen.emailProvider");
type G = typeof globalThis & { [KEY]?: { config: Env; provider: EmailProvider } };

/** The process-wide provider for the current configuration (one SMTP transport per process). */
export function emailProvider(): EmailProvider {
  const g = globalThis as G;
  const config = env();
  if (!g[KEY] || g[KEY].config !== config) g[KEY] = { config, provider: createEmailProvider(config) };
  return g[KEY].provider;
}

/** What the admin status panel shows: no secrets, only whether they are set. */
export interface EmailProviderStatus {
  provider: "outbox" | "smtp" | "brevo";
  from: { email: string; name?: string };
  /** Where mail goes: the SMTP host, the Brevo API base URL, or "stays in this database". */
  endpoint: string;
  configured: boolean;
  problems: string[];
}

export function emailProviderStatus(config: Env = env()): EmailProviderStatus {
  const from = parseAddress(config.EMAIL_FROM);
  const problems: string[] = [];
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(from.email)) problems.push("EMAIL_FROM is not a valid address.");
  if (config.EMAIL_PROVIDER === "smtp") {
    if (!config.SMTP_URL) problems.push("SMTP_URL is not set.");
    return {
      provider: "smtp",
      from,
      endpoint: config.SMTP_URL ? describeSmtpUrl(config.SMTP_URL) : "(not set)",
      configured: problems.length === 0,
      problems,
    };
  }
  if (config.EMAIL_PROVIDER === "brevo") {
    if (!config.BREVO_API_KEY) problems.push("BREVO_API_KEY is not set.");
    let endpoint = config.BREVO_BASE_URL;
    try {
      endpoint = new URL(config.BREVO_BASE_URL).origin;
    } catch {
      problems.push("BREVO_BASE_URL is not a valid URL.");
    }
    return { provider: "brevo", from, endpoint: `${endpoint}/v3/smtp/email`, configured: problems.length === 0, problems };
  }
  return {
    provider: "outbox",
    from,
    endpoint: "Kept in Platen's database (nothing is delivered)",
    configured: problems.length === 0,
    problems,
  };
}
