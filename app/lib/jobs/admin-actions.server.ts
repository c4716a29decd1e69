import { z } from "zod";
import { failure, failureFromError, parseForm } from "#app/lib/forms.server.ts";
import type { Ctx } from "#server/kernel/index.ts";
import { APPLICATION_STATUSES, changeApplicationStatus } from "#server/modules/careers/index.ts";

const applicationStatusSchema = z.object({
  applicationId: z.string().min(1).max(64),
  status: z.enum(APPLICATION_STATUSES, { error: "Choose a status." }),
});

/** The "move an application" form, shared by the listings page and a listing's page. */
export async function applicationStatusAction(ctx: Ctx, form: FormData) {
  const parsed = parseForm(form, applicationStatusSchema);
  if (!parsed.ok) return failure({ _form: "Choose a status for the application." });
  try {
    const app = await changeApplicationStatus(ctx, parsed.data.applicationId, parsed.data.status);
    return { ok: true as const, message: `${app.name}'s application is now ${app.status}.` };
  } catch (error) {
    return failureFromError(error);
  }
}
