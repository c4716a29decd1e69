// Registers every module's outbox handlers. Each feature adds its registration here.
import { EMAIL_RETRY, EMAIL_SEND_TOPIC, emailSendHandler } from "../modules/notifications/index.ts";
import { SEARCH_SETTINGS_TOPIC, SEARCH_SYNC_TOPIC, searchSettingsHandler, searchSyncBatchHandler } from "../modules/search/index.ts";
import { FAN_CLUB_NEW_PRODUCT_TOPIC, fanClubNewProductHandler } from "../modules/stores/index.ts";
import { registerEventDispatch } from "./events.ts";
import { registerBatchHandler, registerHandler } from "./worker.ts";

export function registerJobHandlers(): void {
  // (modules register their topics and event subscribers here)
  registerEventDispatch();
  registerHandler(EMAIL_SEND_TOPIC, emailSendHandler, { retry: EMAIL_RETRY });
  registerHandler(FAN_CLUB_NEW_PRODUCT_TOPIC, fanClubNewProductHandler);
  registerBatchHandler(SEARCH_SYNC_TOPIC, searchSyncBatchHandler);
  registerHandler(SEARCH_SETTINGS_TOPIC, searchSettingsHandler);
}
