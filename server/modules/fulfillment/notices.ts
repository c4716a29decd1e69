// E-mails to the people behind a print shop (its applicant, owner or floor staff): the "notice"
// template, addressed by name to the account's current e-mail address.
import type { Db } from "../../infra/db/index.ts";
import { contactsOf } from "../identity/index.ts";
import { sendEmail, type TemplateParams } from "../notifications/index.ts";

/** Queues a notice to a Platen account (in `db`'s transaction); nothing when it has no address any more. */
export async function noticeTo(db: Db, userId: string, params: Omit<TemplateParams<"notice">, "name">): Promise<void> {
  const who = (await contactsOf(db, [userId]))[userId];
  if (who) await sendEmail(db, { to: who.email, template: "notice", params: { name: who.name, ...params } });
}
