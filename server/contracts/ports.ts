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
  readonly payments: PaymentProvider;
  readonly carriers: CarrierProvider;
}

// ---- payments (ADR 0012) ------------------------------------------------------------------

/** A payment intent's status, as Stripe names them (Platen adds `failed` in its own records). */
export type ProviderIntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "succeeded" | "canceled";

/** What a provider says about one payment intent. Card data is only ever brand and last four. */
export interface ProviderIntent {
  id: string;
  status: ProviderIntentStatus;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Stripe only: what the Payment Element needs in the browser. */
  clientSecret: string | null;
  orderId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The last failed attempt (e.g. `card_declined`), if any. */
  failureCode: string | null;
  failureMessage: string | null;
}

export interface CreateIntentInput {
  amountMinor: number;
  currency: string;
  orderId: string;
  receiptEmail: string;
  idempotencyKey: string;
}

/** A card as typed into the test processor's form (never stored: only brand and last four are). */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}

export interface RefundInput {
  intentId: string;
  amountMinor: number;
  reason: string;
  orderId: string;
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  amountMinor: number;
  status: "pending" | "succeeded" | "failed" | "canceled" | "requires_action";
}

/** A verified webhook event, reduced to what Platen acts on. */
export interface ProviderWebhookEvent {
  id: string;
  type: string;
  /** The payment intent the event is about (payment_intent.* events), else null. */
  intent: ProviderIntent | null;
}

/**
 * Where the built-in test processor keeps its intents, charges and refunds (so they survive a
 * restart). The payments module implements it on its own table; records are plain JSON.
 */
export interface TestProcessorStore {
  get(kind: "intent" | "refund" | "idempotency", id: string): Promise<Record<string, unknown> | null>;
  put(kind: "intent" | "refund" | "idempotency", id: string, data: Record<string, unknown>): Promise<void>;
  /**
   * Replaces the record only if its `version` field is still `expectedVersion` (compare and set);
   * false when another request changed it first.
   */
  replaceIfVersion(kind: "intent", id: string, expectedVersion: number, data: Record<string, unknown>): Promise<boolean>;
  /** Stores `data` unless a record with that id exists; returns the record now stored. */
  putIfAbsent(kind: "intent" | "refund" | "idempotency", id: string, data: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * The payment port (ADR 0012): the built-in test processor or Stripe. Amounts are integer minor
 * units; every call that creates something carries an idempotency key (same key, same result).
 */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** Stripe's publishable key for the Payment Element; null for the test processor. */
  readonly publishableKey: string | null;
  /**
   * The test processor keeps its state in the database: the payments module hands it the store
   * on the caller's database handle. Stripe has no such need (absent).
   */
  withStore?(store: TestProcessorStore): PaymentProvider;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Test processor only: pay an intent with a card (may end `requires_action` for 3-D Secure). */
  confirmCard(intentId: string, card: CardDetails, idempotencyKey: string): Promise<ProviderIntent>;
  /** Test processor only: the simulated 3-D Secure page approves or fails the authentication. */
  completeAuthentication(intentId: string, approve: boolean): Promise<ProviderIntent>;
  retrieveIntent(intentId: string): Promise<ProviderIntent>;
  cancelIntent(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Stripe only: verify the signature (300 s tolerance) and parse the event; throws on a bad one. */
  parseWebhook(rawBody: string, signature: string): ProviderWebhookEvent;
}

/** A card refusal or a provider's refusal the shopper can act on (e.g. `card_declined`). */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    readonly code: string,
    message: string,
    /** Which card field the message belongs next to, when it is about one. */
    readonly field?: "cardNumber" | "expiry" | "cvc",
    /**
     * Whether the same request may succeed later (the provider could not be reached, was busy or
     * failed on its side): the provider says so from its error's type and code, never from the
     * wording of its message. A refusal (a card, an amount, a missing intent) is final.
     */
    readonly retryable = false,
  ) {
    super(message);
  }
}

// ---- carriers (ADR 0018) ------------------------------------------------------------------

/** A postal address as a label prints it. */
export interface PostalAddress {
  name: string;
  company?: string;
  line1: string;
  line2?: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string;
}

/** EasyPost's tracker vocabulary (the one most print shops' staff know). */
export const TRACKING_STATUSES = [
  "unknown",
  "pre_transit",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "available_for_pickup",
  "return_to_sender",
  "failure",
  "cancelled",
  "error",
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** One tracking event as the carrier reports it; applied by `at`, de-duplicated by `id`. */
export interface TrackingEvent {
  /** The carrier's own event id (stable across polls). */
  id: string;
  status: TrackingStatus;
  /** A human sentence ("Arrived at the sorting centre"), as the carrier words it. */
  message: string;
  at: Date;
  location?: string;
}

export interface BuyLabelInput {
  /** Stable key: buying the same label twice returns the first one (the carrier's idempotency key). */
  key: string;
  carrierCode: string;
  serviceCode: string;
  from: PostalAddress;
  to: PostalAddress;
  weightGrams: number;
  dimensionsCm?: { length: number; width: number; height: number };
  /** Now, from the caller's clock (the local carrier's feed is driven by it). */
  at: Date;
}

export interface BoughtLabel {
  trackingNumber: string;
  /** The carrier's id for the shipment (for voids and tracking). */
  providerShipmentId: string;
}

/** A carrier service (labels, voids, tracking): the built-in local carrier or an aggregator. */
export interface CarrierProvider {
  readonly name: string;
  buyLabel(input: BuyLabelInput): Promise<BoughtLabel>;
  /** Voids a label not yet scanned; refuses (throws AppError 409) once the carrier has it. */
  voidLabel(input: { providerShipmentId: string; trackingNumber: string; at: Date }): Promise<void>;
  /** Every event known for the tracking number up to `at`, oldest first. */
  track(input: { trackingNumber: string; providerShipmentId: string; at: Date }): Promise<TrackingEvent[]>;
  /** Whether a typed or scanned tracking number is well formed (check digit). */
  isValidTrackingNumber(trackingNumber: string): boolean;
  /** How long to wait before asking again for a live label's events (the caller's default when absent). */
  trackEveryMs?(trackingNumber: string): number;
}
