// Registers every module's outbox handlers. Each feature adds its registration here.
import { EMAIL_SEND_TOPIC, emailSendHandler } from "../modules/notifications/index.ts";
import { SEARCH_SYNC_TOPIC, searchSyncHandler } from "../modules/search/index.ts";
import { FAN_CLUB_NEW_PRODUCT_TOPIC, fanClubNewProductHandler } from "../modules/stores/index.ts";
import { registerEventDispatch } from "./events.ts";
import { registerHandler } from "./worker.ts";

export function registerJobHandlers(): void {
  // (modules register their topics and event subscribers here)
  registerEventDispatch();
  registerHandler(EMAIL_SEND_TOPIC, emailSendHandler);
  registerHandler(FAN_CLUB_NEW_PRODUCT_TOPIC, fanClubNewProductHandler);
  registerHandler(SEARCH_SYNC_TOPIC, searchSyncHandler);
}
