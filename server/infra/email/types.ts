/** A mailbox: an address and an optional display name. */
export interface EmailAddress {
  email: string;
  name?: string;
}

/** One rendered message handed to a provider. */
export interface OutgoingEmail {
  /** Platen's message id (`eml_...`): used as the idempotency / reference header. */
  id: string;
  from: EmailAddress;
  to: EmailAddress;
  subject: string;
  html: string;
  text: string;
  /** Provider-side labels (e.g. the template name), for the vendor's statistics. */
  tags?: string[];
}

export interface SendResult {
  providerMessageId: string;
}

/** The e-mail port: every provider sends one message and returns the vendor's message id. */
export interface EmailProvider {
  readonly name: "outbox" | "smtp" | "brevo";
  send(message: OutgoingEmail): Promise<SendResult>;
}

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
