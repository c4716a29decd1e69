// Browser-safe types of the payments module (ADR 0012).
export type PaymentStatus = "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled" | "failed";

export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  "requires_payment_method",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
  "failed",
];

export type PaymentProviderName = "test" | "stripe";

export interface PaymentView {
  id: string;
  orderId: string;
  provider: PaymentProviderName;
  intentId: string;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  clientSecret: string | null;
  publishableKey: string | null;
  refundedMinor: number;
}

/** A card as the test processor's form sends it (never stored). */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}

/** Stripe's test numbers the built-in test processor takes (shown on the card form). */
export const TEST_CARD_NUMBERS = [
  { number: "4242 4242 4242 4242", outcome: "Pays" },
  { number: "4000 0000 0000 0002", outcome: "Declined" },
  { number: "4000 0000 0000 9995", outcome: "Insufficient funds" },
  { number: "4000 0025 0000 3155", outcome: "Asks for authentication (3-D Secure)" },
] as const;

/**
 * A refund: `requested` when it is recorded (with the order's change, in one transaction), then
 * the provider's answer: `succeeded`, or `failed` when it refused for good or could not be reached
 * for a day; an admin may ask again (`failed` -> `requested`).
 */
export type RefundStatus = "requested" | "succeeded" | "failed";
export const REFUND_STATUSES: readonly RefundStatus[] = ["requested", "succeeded", "failed"];

export interface RefundView {
  id: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  reason: string;
  status: RefundStatus;
  attempts: number;
  lastError: string | null;
  providerRefundId: string | null;
  createdAt: Date;
  updatedAt: Date;
}
