import { env } from "../../config/env.ts";
import type { TemplateName, TemplateParams } from "./templates.ts";

/**
 * Realistic params for every template: the admin previews render them and the tests use them.
 * Links point at this deployment (PUBLIC_URL).
 */
export function sampleParams<T extends TemplateName>(template: T, publicUrl = env().PUBLIC_URL): TemplateParams<T> {
  const base = publicUrl.replace(/\/+$/, "");
  const order = `${base}/shop/orders/ord_01jq8m3v7k2x9d4f6h8j0n2p4r`;
  const items = [
    { title: "Night Bloom Heavyweight Tee", variant: "Black · M", quantity: 2, priceMinor: 2800, storeName: "Juniper Ink Studio" },
    { title: "Fern Study Ceramic Mug", variant: "White · 11 oz", quantity: 1, priceMinor: 1650, storeName: "Juniper Ink Studio" },
    { title: "Harbour Lights Poster", variant: "18 × 24 in · Matte", quantity: 1, priceMinor: 2400, storeName: "Coastline Prints" },
  ];
  const address = "Maya Chen\n2150 Shattuck Avenue, Apt 4B\nBerkeley, CA 94704\nUnited States";
  const samples: { [K in TemplateName]: TemplateParams<K> } = {
    "order-success": {
      customerName: "Maya Chen",
      orderNumber: "PL-10482",
      items,
      subtotalMinor: 9650,
      discountMinor: 965,
      shippingMinor: 699,
      taxMinor: 790,
      totalMinor: 10174,
      currency: "USD",
      shippingAddress: address,
      paymentMethod: "Visa ending in 4242",
      estimatedDelivery: "March 18–21",
      orderUrl: order,
    },
    "order-shipment-created": {
      customerName: "Maya Chen",
      orderNumber: "PL-10482",
      carrier: "UPS",
      service: "Ground",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      items: items.slice(0, 2),
      estimatedDelivery: "2026-03-19",
      orderUrl: order,
      shippingAddress: address,
      partial: true,
    },
    "order-shipment-delivered": {
      customerName: "Maya Chen",
      orderNumber: "PL-10482",
      deliveredAt: "2026-03-19T15:42:00Z",
      orderUrl: order,
      caseUrl: `${order}/problem?token=sample-token`,
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      items: items.slice(0, 2),
    },
    "verify-email": { name: "Maya Chen", verifyUrl: `${base}/login/verify?token=sample-verification-token`, expiresInHours: 24 },
    "reset-password": { name: "Maya Chen", resetUrl: `${base}/login/reset?token=sample-reset-token`, expiresInMinutes: 60 },
    "email-changed": { name: "Maya Chen", newEmail: "maya.chen@example.com" },
    "password-changed": { name: "Maya Chen" },
    "contact-received": {
      name: "Maya Chen",
      topic: "Order PL-10482",
      message: "Hi! Could I still change the size of the Night Bloom tee from M to L? The order was placed this morning.\nThanks, Maya",
      reference: "msg_01jq8m9a",
    },
    "contact-reply": {
      name: "Maya Chen",
      topic: "Order PL-10482",
      body: "Hi Maya,\n\nGood timing: your tee had not gone to print yet, so we changed it to size L. Nothing else changes, and your order ships as planned.",
      originalMessage:
        "Hi! Could I still change the size of the Night Bloom tee from M to L? The order was placed this morning.\nThanks, Maya",
    },
    "job-application-received": { name: "Maya Chen", jobTitle: "Print Production Lead" },
    "test-email": { sentBy: "admin@demo.platen.test", provider: "outbox" },
    notice: {
      name: "Maya Chen",
      subject: "Welcome to Platen, Inkwell Studio",
      heading: "Your store is approved",
      paragraphs: [
        "Good news: your application to sell on Platen was approved, and your store @inkwell is ready.",
        "Note from the team: Lovely portfolio, welcome aboard!",
      ],
      actionLabel: "Open your store's administration",
      actionUrl: `${base}/shop/partners/@inkwell/administration/getting-started`,
      reason: "you applied to sell on Platen",
    },
  };
  return samples[template] as TemplateParams<T>;
}
