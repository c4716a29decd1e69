// Registers every module's outbox handlers. Each feature adds its registration here.
import { EMAIL_SEND_TOPIC, emailSendHandler } from "../modules/notifications/index.ts";
import { registerHandler } from "./worker.ts";

export function registerJobHandlers(): void {
  // (modules register their topics here)
  registerHandler(EMAIL_SEND_TOPIC, emailSendHandler);
}
