import { createHash } from "node:crypto";
import { z } from "zod";
import { EmailDeliveryError, type EmailProvider } from "./types.ts";

export interface BrevoOptions {
  apiKey: string;
  /** `https://api.brevo.com` (a local stand-in in tests). */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Brevo's answer to `POST /v3/smtp/email` (201). */
const createdSchema = z.object({ messageId: z.string().min(1) });
/** Brevo's error body: `{ code, message }`. */
const errorSchema = z.object({ code: z.string().optional(), message: z.string().optional() });

/** The namespace of Platen's e-mail idempotency keys (a fixed, random UUID). */
export const EMAIL_KEY_NAMESPACE = "683e60ff-b56b-4fe7-b106-1134036fbf98";

/** A name-based UUID, version 5 (RFC 9562 section 5.5: SHA-1 of the namespace's bytes and the name). */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ""), "hex");
  if (ns.length !== 16) throw new Error("The namespace must be a UUID");
  const bytes = createHash("sha1").update(ns).update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Brevo's idempotency key for a message: its documents ask for a UUID, so the key is the UUIDv5 of
 * Platen's message id, the same on every retry of that message.
 */
export const brevoIdempotencyKey = (messageId: string): string => uuidV5(messageId, EMAIL_KEY_NAMESPACE);

/**
 * Brevo transactional e-mail (`POST /v3/smtp/email`, api-key header). The rendered HTML and text
 * are sent as `htmlContent` / `textContent`; the template name is a tag, and a UUID derived from
 * Platen's message id is Brevo's `idempotencyKey` header so a retried request is not delivered
 * twice (Brevo keeps a key for 30 minutes; retries later than that rely on the message's status).
 */
export function createBrevoProvider(options: BrevoOptions): EmailProvider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/v3/smtp/email`;
  return {
    name: "brevo",
    async send(message) {
      const body = {
        sender: { name: message.from.name ?? "Platen", email: message.from.email },
        to: [message.to.name ? { email: message.to.email, name: message.to.name } : { email: message.to.email }],
        subject: message.subject,
        htmlContent: message.html,
        textContent: message.text,
        ...(message.tags?.length ? { tags: message.tags } : {}),
        headers: { idempotencyKey: brevoIdempotencyKey(message.id), "X-Platen-Message-Id": message.id },
      };
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: "POST",
          headers: { "api-key": options.apiKey, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new EmailDeliveryError(`Brevo could not be reached: ${reason}`, true, undefined, { cause: error });
      }
      const raw = await res.text();
      let json: unknown = undefined;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        /* not JSON */
      }
      if (res.ok) {
        const parsed = createdSchema.safeParse(json);
        if (!parsed.success) throw new EmailDeliveryError(`Brevo answered ${res.status} without a messageId`, true, res.status);
        return { providerMessageId: parsed.data.messageId };
      }
      const err = errorSchema.safeParse(json);
      const detail =
        err.success && (err.data.code || err.data.message)
          ? `${err.data.code ?? "error"}: ${err.data.message ?? ""}`.trim()
          : raw.slice(0, 300) || res.statusText;
      if (res.status === 429) throw new EmailDeliveryError(`Brevo rate limit reached (429): ${detail}`, true, 429);
      if (res.status >= 500) throw new EmailDeliveryError(`Brevo server error (${res.status}): ${detail}`, true, res.status);
      throw new EmailDeliveryError(`Brevo refused the message (${res.status}) ${detail}`, false, res.status);
    },
  };
}
