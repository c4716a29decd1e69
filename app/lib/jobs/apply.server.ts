import { redirect } from "react-router";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { echoValues, failure, failureFromError, zodFieldErrors } from "#app/lib/forms.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { env } from "#server/config/env.ts";
import { storageFailure } from "#app/lib/storage-errors.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { takeRateLimit } from "#server/modules/identity/index.ts";
import { applicationInputSchema, applyForJob, checkCv, CV_FIELD, CV_MAX_BYTES, cvTooLargeError } from "#server/modules/careers/index.ts";

const APPLICATION_WINDOW_MS = 60 * 60 * 1000;

/** The largest application request read: the CV plus room for the text fields and multipart framing. */
export const MAX_APPLICATION_REQUEST_BYTES = CV_MAX_BYTES + 96 * 1024;

type ReadResult = { ok: true; form: FormData } | { ok: false; status: 400 | 413 };

/**
 * Read a multipart form without ever holding more than `limit` bytes: an announced
 * Content-Length over the limit is refused before reading anything, and a body without one
 * (chunked) is cut off as soon as it passes the limit.
 */
export async function readBoundedForm(request: Request, limit = MAX_APPLICATION_REQUEST_BYTES): Promise<ReadResult> {
  const announced = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(announced) && announced > limit) return { ok: false, status: 413 };
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(contentType) || !request.body) return { ok: false, status: 400 };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, status: 413 };
    }
    chunks.push(value);
  }
  try {
    const body = Buffer.concat(chunks);
    const form = await new Request(request.url, { method: "POST", headers: { "content-type": contentType }, body }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400 };
  }
}

/**
 * The action of both application forms (a listing, or the open application with `jobId` null).
 * Bad input comes back as field messages; success redirects to the confirmation.
 */
export async function handleApplication(request: Request, jobId: string | null) {
  const url = new URL(request.url);
  const ctx = await getCtx(request);
  const read = await readBoundedForm(request);
  if (!read.ok) {
    if (read.status === 413) return failure({ [CV_FIELD]: cvTooLargeError().message }, 413);
    return failure({ _form: "The form could not be read. Please fill it in and send it again." }, 400);
  }
  const form = read.form;
  const values = echoValues(form);
  const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const parsed = applicationInputSchema.safeParse(raw);
  const file = form.get(CV_FIELD);
  const cv = file instanceof File && file.size > 0 ? { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
  const cvError = await checkCv(cv?.bytes);
  if (!parsed.success || cvError) {
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (cvError) errors[CV_FIELD] = cvError.message;
    return failure(errors, parsed.success && cvError ? cvError.status : 400, values);
  }
  try {
    // At most JOBS_MAX_APPLICATIONS_PER_IP applications from one address an hour (each stores a CV).
    await takeRateLimit(ctx, {
      kind: "job-application",
      limit: env().JOBS_MAX_APPLICATIONS_PER_IP,
      windowMs: APPLICATION_WINDOW_MS,
      message: (minutes) =>
        `We accept a limited number of applications from one network each hour, and that limit is reached. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    });
    await applyForJob(ctx, { jobId, fields: parsed.data, cv });
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw new Response(notFoundMessage(url.pathname), { status: 404, statusText: "Not Found" });
    return storageFailure(error, CV_FIELD, values) ?? failureFromError(error, values);
  }
  throw redirect(`${url.pathname}?applied=1#apply`);
}
