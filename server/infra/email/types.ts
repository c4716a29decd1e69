export type { EmailAddress, EmailProvider, OutgoingEmail, SendResult } from "../../contracts/ports.ts";

/**
 * A delivery failure. `retryable` failures (rate limits, vendor or network trouble) are retried by
 * the outbox with backoff; permanent ones (a rejected request, an invalid recipient, bad
 * credentials) are not, since sending the same request again cannot succeed.
 */
export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isEmailDeliveryError = (e: unknown): e is EmailDeliveryError => e instanceof EmailDeliveryError;
