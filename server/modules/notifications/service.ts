import { newId, type Db } from "../../infra/db/index.ts";
import { enqueue } from "../../jobs/index.ts";
import { renderTemplate } from "./render.ts";
import { emailMessages } from "./schema.ts";
import { TEMPLATE_PARAMS, type TemplateName, type TemplateParams } from "./templates.ts";

export const EMAIL_SEND_TOPIC = "email.send";

export interface SendEmailInput<T extends TemplateName> {
  to: string;
  toName?: string;
  template: T;
  params: TemplateParams<T>;
}

/**
 * Queue a transactional e-mail: the message row and its outbox job are written with `db`, so
 * pass the caller's transaction and the mail goes out only if the change commits.
 */
export async function sendEmail<T extends TemplateName>(db: Db, input: SendEmailInput<T>): Promise<{ id: string }> {
  const params = TEMPLATE_PARAMS[input.template].parse(input.params) as Record<string, unknown>;
  const rendered = renderTemplate(input.template, params);
  const id = newId("eml");
  await db.insert(emailMessages).values({
    id,
    toAddress: input.to,
    toName: input.toName ?? null,
    subject: rendered.subject,
    template: input.template,
    params,
    html: rendered.html,
    text: rendered.text,
    status: "queued",
  });
  await enqueue(db, EMAIL_SEND_TOPIC, { messageId: id }, { dedupeKey: `email:${id}` });
  return { id };
}
