// The e-mail message lifecycle as a writing state machine (ADR 0010): each move is checked
// against the table, written and recorded (who, when, why) in one transaction.
import { defineStateMachine } from "../../kernel/index.ts";
import { emailMessages, type EMAIL_STATUSES } from "./schema.ts";

type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * queued until the provider accepts it (sent) or refuses it for good / runs out of attempts
 * (failed); an admin's retry puts a failed message back in the queue. While a queued message
 * waits between attempts it stays queued (only its last error changes).
 */
export const emailMessageMachine = defineStateMachine<EmailStatus, typeof emailMessages>({
  entity: "e-mail message",
  transitions: {
    queued: ["sent", "failed"],
    sent: [],
    failed: ["queued"],
  },
  table: emailMessages,
  id: emailMessages.id,
  state: emailMessages.status,
});
