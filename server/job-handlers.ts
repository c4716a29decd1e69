// Registers every module's outbox handlers and domain-event subscribers (the composition root of
// the jobs: a module never calls another module's refresh function, it publishes an event).
import { storeSearchDocuments } from "./modules/catalog/index.ts";
import { EMAIL_RETRY, EMAIL_SEND_TOPIC, emailSendHandler } from "./modules/notifications/index.ts";
import {
  reindexStore,
  SEARCH_SETTINGS_TOPIC,
  SEARCH_SYNC_TOPIC,
  searchSettingsHandler,
  searchSyncBatchHandler,
} from "./modules/search/index.ts";
import { ORDER_EXPIRE_TOPIC, orderExpireHandler, registerOrderSteps, tellPrintShopsCancelled } from "./modules/orders/index.ts";
import { FAN_CLUB_NEW_PRODUCT_TOPIC, fanClubNewProductHandler, fanClubOnProductPublished } from "./modules/stores/index.ts";
import { followClosedOrder, RELEASE_AT_CUTOFF_TOPIC, releaseAtCutoffHandler } from "./modules/production/index.ts";
import { TRACK_TOPIC, trackHandler } from "./modules/shipping/index.ts";
import { registerBatchHandler, registerEventDispatch, registerHandler, subscribe } from "./jobs/index.ts";

export function registerJobHandlers(): void {
  // (modules register their topics and event subscribers here)
  registerEventDispatch();
  registerHandler(EMAIL_SEND_TOPIC, emailSendHandler, { retry: EMAIL_RETRY });
  registerHandler(FAN_CLUB_NEW_PRODUCT_TOPIC, fanClubNewProductHandler);
  registerBatchHandler(SEARCH_SYNC_TOPIC, searchSyncBatchHandler);
  registerHandler(SEARCH_SETTINGS_TOPIC, searchSettingsHandler);
  // An unpaid order expires at its deadline (a job written with the order).
  registerHandler(ORDER_EXPIRE_TOPIC, orderExpireHandler);
  // The money path's calls to the payment provider (refunds, cancelling closed orders' intents).
  registerOrderSteps();

  // Search holds what the catalogue lists of a store: none of a suspended store's products, and
  // the store's current name on the others. (Product moves update search in their own
  // transaction; the storefront's memos follow the `catalog_version` row, which a trigger on the
  // stores table bumps with the change itself.)
  subscribe("search.store-products", ["store.suspended", "store.reinstated", "store.renamed"], async (ctx, event) => {
    const { storeId } = event.payload;
    await reindexStore(ctx.db, storeId, await storeSearchDocuments(ctx.db, storeId));
  });
  // The print shops of a cancelled order are told to stop (its lines have left their queues).
  subscribe("orders.print-shops-cancelled", "order.cancelled", tellPrintShopsCancelled);
  // The production floor: batches released at a warehouse's cut-off, and batches that follow
  // their lines when an order is cancelled or refunded.
  registerHandler(RELEASE_AT_CUTOFF_TOPIC, releaseAtCutoffHandler);
  // Shipments follow their carrier's tracking until delivered (a delivered event delivers the group).
  registerHandler(TRACK_TOPIC, trackHandler);
  subscribe("production.follow-closed-orders", ["order.cancelled", "order.refunded"], (ctx, event) =>
    followClosedOrder(ctx, event.payload.orderId),
  );
  // The fan club hears of a store's new product (its first publication).
  subscribe("stores.fan-club-new-product", "product.published", fanClubOnProductPublished);
}
