// The domain events modules announce, with their payloads. A module publishes one inside the
// transaction that made the change (`publish` from server/jobs); subscribers run afterwards
// through the outbox, each retried on its own. Add an event here before publishing it.

export interface DomainEventMap {
  /** An admin suspended a store: its products leave the storefront. */
  "store.suspended": { storeId: string; reason: string };
  /** An admin reinstated a suspended store. */
  "store.reinstated": { storeId: string };
  /** A store's name changed (what search and the product cards show of a store). */
  "store.renamed": { storeId: string; name: string; previousName: string };
  /** A product went live (first time or again); `title` as it went live (the fan-club e-mail shows it). */
  "product.published": { productId: string; storeId: string; title: string; firstTime: boolean };
  /** A product left the storefront by its partner. */
  "product.unpublished": { productId: string; storeId: string };
  /** An admin took a product down (e.g. a copyright claim). */
  "product.taken_down": { productId: string; storeId: string; reason: string };
  /** An admin restored a taken-down product (it comes back unpublished). */
  "product.restored": { productId: string; storeId: string };
  /** An order was paid (its ledger journal and confirmation e-mail are written with it). */
  "order.paid": { orderId: string; totalMinor: number; currency: string };
  /**
   * An order was cancelled: unpaid (expired or by the shopper), or paid and refunded in full before
   * anything shipped. `fulfillerIds`: the print shops that had lines of it (told to stop).
   */
  "order.cancelled": { orderId: string; reason: string; refundedMinor: number; fulfillerIds?: string[] };
  /** A refund was granted (part or all of an order); the provider makes it after (`order.refund_*`). */
  "order.refunded": { orderId: string; amountMinor: number; currency: string; full: boolean };
  /** The payment provider made a refund. */
  "order.refund_succeeded": { orderId: string; refundId: string; amountMinor: number; currency: string };
  /** The payment provider refused a refund, or could not be reached for a day: an admin must look. */
  "order.refund_failed": { orderId: string; refundId: string; amountMinor: number; currency: string; error: string };
  /** A shipment group left its warehouse. */
  "order.group_shipped": { orderId: string; groupId: string; carrier: string; trackingNumber: string };
  /** A shipment group arrived. */
  "order.group_delivered": { orderId: string; groupId: string };
  /** A case was resolved by a reprint: a new shipment group remakes lines of `reprintOf` at no charge. */
  "order.reprint_created": { orderId: string; groupId: string; reprintOf: string; fulfillerId: string; lineIds: string[] };
  /**
   * An admin suspended a print shop: nothing new is routed to it and its blanks leave the designer;
   * its open lines are to be held (or re-routed) by the modules that hold them (production).
   */
  "fulfillment.fulfiller_suspended": { fulfillerId: string; reason: string };
  /** An admin reinstated a suspended print shop. */
  "fulfillment.fulfiller_reinstated": { fulfillerId: string };
}

export type DomainEventType = keyof DomainEventMap;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  payload: DomainEventMap[T];
  /** "user:<id>", "system:<reason>" or "anonymous". */
  actor: string;
  occurredAt: Date;
}
