// The orders module's durable steps (ADR 0017), registered by every process that runs order flows
// (the server's job handlers, the demo seed, the tests), as each one configures its ports.
import { registerStep } from "../../jobs/index.ts";
import { paidAfterClose } from "./payment.ts";
import { CANCEL_INTENT_STEP, cancelIntentStep, REFUND_STEP, refundStep } from "./refunds.ts";

export function registerOrderSteps(): void {
  registerStep(REFUND_STEP, refundStep);
  registerStep(CANCEL_INTENT_STEP, cancelIntentStep(paidAfterClose));
}
