import { createRequire } from "node:module";
import type Nodemailer from "nodemailer";

/** nodemailer, loaded when an SMTP provider is made (the built-in outbox is the default). */
const loadNodemailer = (): typeof Nodemailer => createRequire(import.meta.url)("nodemailer") as typeof Nodemailer;
import { EmailDeliveryError, type EmailProvider } from "./types.ts";

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` or `smtps://...:465`; query options as nodemailer reads them. */
  url: string;
  /** Milliseconds for connecting and for each SMTP command. */
  timeoutMs?: number;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Permanent: the server refused the message (5xx) or our credentials; everything else is retried. */
function classify(error: unknown): EmailDeliveryError {
  const e = (error ?? {}) as SmtpError;
  const detail = e.response ?? e.message ?? String(error);
  if (e.code === "EAUTH") return new EmailDeliveryError(`SMTP authentication failed: ${detail}`, false, e.responseCode, { cause: error });
  if (typeof e.responseCode === "number" && e.responseCode >= 500)
    return new EmailDeliveryError(`SMTP server rejected the message (${e.responseCode}): ${detail}`, false, e.responseCode, {
      cause: error,
    });
  if (e.code === "EENVELOPE" && typeof e.responseCode !== "number")
    return new EmailDeliveryError(`SMTP envelope refused: ${detail}`, false, undefined, { cause: error });
  return new EmailDeliveryError(`SMTP delivery failed (temporary): ${detail}`, true, e.responseCode, { cause: error });
}

/** SMTP through nodemailer: a multipart/alternative message with the HTML and the text part. */
export function createSmtpProvider(options: SmtpOptions): EmailProvider {
  const timeout = options.timeoutMs ?? 30_000;
  const transport = loadNodemailer().createTransport(options.url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: "smtp",
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: message.from.name ? { name: message.from.name, address: message.from.email } : message.from.email,
          to: message.to.name ? { name: message.to.name, address: message.to.email } : message.to.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: {
            "X-Platen-Message-Id": message.id,
            ...(message.tags?.length ? { "X-Platen-Tags": message.tags.join(",") } : {}),
          },
        });
        return { providerMessageId: info.messageId };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

/** `smtp://host:port` without the credentials, for the admin status panel. */
export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
  } catch {
    return "(invalid SMTP_URL)";
  }
}
