// The ports that services reach through their context (`ctx.ports`). Adapters in server/infra
// implement them; tests pass their own.

/** What the storage port stores: bytes under a key, with their content type. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface PutOptions {
  contentType: string;
}

/**
 * The file storage port. Keys are relative paths made of lowercase letters, digits and
 * `/ . _ -` (see `assertValidKey` in server/infra/storage); providers never see anything else.
 */
export interface Storage {
  readonly provider: "local" | "s3";
  put(key: string, body: Buffer | Uint8Array, options: PutOptions): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

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

/** The outside services a service function may use, taken from its context. */
export interface Ports {
  readonly storage: Storage;
  readonly email: EmailProvider;
}
