import { z } from "zod";

/**
 * Every e-mail Platen sends, with the params it needs (validated). The three order templates
 * mirror the Brevo templates of the original product.
 */
const money = z.number().int();
const item = z.object({ title: z.string(), variant: z.string().optional(), quantity: z.number().int().positive(), priceMinor: money });

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
    shippingAddress: z.string(),
    orderUrl: z.url(),
  }),
  "order-shipment-created": z.object({
    customerName: z.string(),
    orderNumber: z.string(),
    carrier: z.string(),
    service: z.string(),
    trackingNumber: z.string(),
    trackingUrl: z.url(),
    items: z.array(item),
    estimatedDelivery: z.string(),
    orderUrl: z.url(),
  }),
  "order-shipment-delivered": z.object({
    customerName: z.string(),
    orderNumber: z.string(),
    deliveredAt: z.string(),
    orderUrl: z.url(),
    caseUrl: z.url(),
  }),
  "verify-email": z.object({ name: z.string(), verifyUrl: z.url() }),
  "reset-password": z.object({ name: z.string(), resetUrl: z.url() }),
  "email-changed": z.object({ name: z.string(), newEmail: z.string() }),
  "password-changed": z.object({ name: z.string() }),
  "contact-received": z.object({ name: z.string(), topic: z.string(), message: z.string() }),
  "contact-reply": z.object({ name: z.string(), body: z.string(), originalMessage: z.string() }),
  "job-application-received": z.object({ name: z.string(), jobTitle: z.string() }),
  "test-email": z.object({ sentBy: z.string() }),
} as const;

export type TemplateName = keyof typeof TEMPLATE_PARAMS;
export type TemplateParams<T extends TemplateName> = z.infer<(typeof TEMPLATE_PARAMS)[T]>;
export const TEMPLATE_NAMES = Object.keys(TEMPLATE_PARAMS) as TemplateName[];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}
