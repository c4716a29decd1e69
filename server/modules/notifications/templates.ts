import { z } from "zod";

/**
 * Every e-mail Platen sends, with the params it needs (validated). The three order templates
 * mirror the Brevo templates of the original product. Money is in integer minor units of
 * `currency`; URLs are absolute (http or https).
 */
const money = z.number().int();
const item = z.object({
  title: z.string(),
  variant: z.string().optional(),
  quantity: z.number().int().positive(),
  /** Unit price in minor units; the line shows quantity × price. */
  priceMinor: money,
  /** Optional: the store the item comes from, shown under the title. */
  storeName: z.string().optional(),
  /** Optional: an absolute URL of a product image (a 64 px thumbnail). */
  imageUrl: z.url().optional(),
});
const shipItem = item.omit({ priceMinor: true }).extend({ priceMinor: money.optional() });

export const TEMPLATE_PARAMS = {
  "order-success": z.object({
    customerName: z.string(),
    orderNumber: z.string(),
    items: z.array(item),
    subtotalMinor: money,
    shippingMinor: money,
    taxMinor: money,
    totalMinor: money,
    currency: z.string().length(3),
    /** Multi-line postal address (lines separated by "\n"). */
    shippingAddress: z.string(),
    orderUrl: z.url(),
    /** Optional: a discount already included in the total, shown as a negative line. */
    discountMinor: money.optional(),
    /** Optional: e.g. "Visa ending in 4242". */
    paymentMethod: z.string().optional(),
    /** Optional: e.g. "March 18–21". */
    estimatedDelivery: z.string().optional(),
  }),
  "order-shipment-created": z.object({
    customerName: z.string(),
    orderNumber: z.string(),
    carrier: z.string(),
    service: z.string(),
    trackingNumber: z.string(),
    trackingUrl: z.url(),
    /** The items in this package (prices optional). */
    items: z.array(shipItem),
    estimatedDelivery: z.string(),
    orderUrl: z.url(),
    /** Optional: multi-line postal address. */
    shippingAddress: z.string().optional(),
    /** Optional: true when more packages of the order are still to come. */
    partial: z.boolean().optional(),
  }),
  "order-shipment-delivered": z.object({
    customerName: z.string(),
    orderNumber: z.string(),
    /** A date (ISO 8601 is formatted) or a ready-made phrase. */
    deliveredAt: z.string(),
    orderUrl: z.url(),
    /** Where the shopper reports a problem with the order (opens a case). */
    caseUrl: z.url(),
    carrier: z.string().optional(),
    trackingNumber: z.string().optional(),
    items: z.array(shipItem).optional(),
    /** Optional: which package, when the order ships in several ("Package 1 of 2, from Leipzig"). */
    parcel: z.string().optional(),
    /** Optional: how many of the order's packages are still on their way. */
    stillComing: z.number().int().min(0).optional(),
  }),
  "verify-email": z.object({ name: z.string(), verifyUrl: z.url(), expiresInHours: z.number().int().positive().optional() }),
  "reset-password": z.object({ name: z.string(), resetUrl: z.url(), expiresInMinutes: z.number().int().positive().optional() }),
  "email-changed": z.object({ name: z.string(), newEmail: z.string() }),
  "password-changed": z.object({ name: z.string() }),
  "contact-received": z.object({ name: z.string(), topic: z.string(), message: z.string(), reference: z.string().optional() }),
  "contact-reply": z.object({ name: z.string(), body: z.string(), originalMessage: z.string(), topic: z.string().optional() }),
  "job-application-received": z.object({ name: z.string(), jobTitle: z.string() }),
  "test-email": z.object({ sentBy: z.string(), provider: z.string().optional() }),
  /**
   * A general notice (partner applications, takedowns, team invitations, fan club news, answered
   * product requests...): a heading, paragraphs, an optional button and an optional unsubscribe link.
   */
  notice: z.object({
    name: z.string(),
    subject: z.string().min(1).max(200),
    heading: z.string().min(1),
    paragraphs: z.array(z.string()).min(1),
    actionLabel: z.string().optional(),
    actionUrl: z.url().optional(),
    /** Why the person gets this e-mail, shown in the footer ("you applied to sell on Platen"). */
    reason: z.string().min(1),
    /** One-click unsubscribe link for opt-in mail (fan clubs). */
    unsubscribeUrl: z.url().optional(),
  }),
} as const;

export type TemplateName = keyof typeof TEMPLATE_PARAMS;
export type TemplateParams<T extends TemplateName> = z.infer<(typeof TEMPLATE_PARAMS)[T]>;
export const TEMPLATE_NAMES = Object.keys(TEMPLATE_PARAMS) as TemplateName[];

/** The three order templates of the original product, each with an admin preview page. */
export const ORDER_TEMPLATE_NAMES = [
  "order-success",
  "order-shipment-created",
  "order-shipment-delivered",
] as const satisfies readonly TemplateName[];
export type OrderTemplateName = (typeof ORDER_TEMPLATE_NAMES)[number];

export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  "order-success": "Order confirmation",
  "order-shipment-created": "Shipment created",
  "order-shipment-delivered": "Shipment delivered",
  "verify-email": "Verify e-mail address",
  "reset-password": "Reset password",
  "email-changed": "E-mail address changed",
  "password-changed": "Password changed",
  "contact-received": "Contact message received",
  "contact-reply": "Reply to a contact message",
  "job-application-received": "Job application received",
  "test-email": "Test e-mail",
  notice: "Notice (partners, stores, products)",
};

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === "string" && Object.hasOwn(TEMPLATE_PARAMS, value);
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}
