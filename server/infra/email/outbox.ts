import type { EmailProvider } from "./types.ts";

/**
 * The built-in provider: nothing leaves the machine. The message stays in the `email_messages`
 * table, readable in /admin/brevo, and counts as sent.
 */
export function createOutboxProvider(): EmailProvider {
  return {
    name: "outbox",
    async send(message) {
      return { providerMessageId: `outbox:${message.id}` };
    },
  };
}
