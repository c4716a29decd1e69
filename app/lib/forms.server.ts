import { data } from "react-router";
import { z } from "zod";
import { AppError } from "#server/kernel/index.ts";

export type FieldErrors = Record<string, string>;

/** What an action returns when it refuses input: messages by field (`_form` for the whole form). */
export interface FormFailure {
  ok: false;
  errors: FieldErrors;
  values?: Record<string, string>;
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // An unknown `intent`/`_action` (a discriminated union's tag) concerns the whole form, not a field.
    const unknownIntent = issue.code === "invalid_union" && "discriminator" in issue;
    const key = issue.path.length && !unknownIntent ? issue.path.join(".") : "_form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The request's form. A body that cannot be read as one (a multipart body cut short or not
 * matching its boundary) is a 400 with a message, never a 500: the server already answers 415 to
 * a body of another type (server/http/app.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("This form could not be read. Reload the page and send it again.", { status: 400 });
  }
}

/** Plain string values of a form, to refill fields after a refusal (never passwords or files). */
export function echoValues(
  form: FormData,
  omit: readonly string[] = ["password", "newPassword", "currentPassword", "confirmPassword"],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !omit.includes(k)) values[k] = v;
  return values;
}

/** Parse a form with a zod schema; on failure an action should `return failure(...)`. */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): { ok: true; data: z.infer<S> } | FormFailure {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    raw[key] = all.length > 1 ? all : all[0];
  }
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: zodFieldErrors(result.error), values: echoValues(form) };
}

/** A form string that is absent when the field was not posted (`""` then, as an empty field would be). */
export const formText = () => z.string().default("");

/** A 4xx answer carrying field errors, shown next to the fields. */
export function failure(errors: FieldErrors, status = 400, values?: Record<string, string>) {
  return data<FormFailure>({ ok: false, errors, values }, { status });
}

/** Turn a domain refusal (AppError) into a 4xx form answer; anything else is rethrown (a 500). */
export function failureFromError(error: unknown, values?: Record<string, string>) {
  if (error instanceof AppError) return failure({ [error.field ?? "_form"]: error.message }, error.status, values);
  throw error;
}
