import { asc, count, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { hasPrefix, newId, transaction } from "../../infra/db/index.ts";
import { logger } from "../../infra/logger/index.ts";
import { actorUserId, assertRole, AppError, hasRole, notFound, withDb, type Ctx } from "../../kernel/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { attachmentDisposition, checkCv, cleanCvFileName } from "./cv.ts";
import { jobApplications, jobListings } from "./schema.ts";
import { jobApplicationMachine, jobListingMachine } from "./states.ts";
import {
  APPLICATION_STATUSES,
  applicationInputSchema,
  JOB_STATUSES,
  jobInputSchema,
  type ApplicationStatus,
  type JobStatus,
} from "./types.ts";

export type JobListing = typeof jobListings.$inferSelect;
export type JobApplication = typeof jobApplications.$inferSelect;
export type JobListingWithCount = JobListing & { applicationCount: number };

export { applicationTransitions, jobTransitions } from "./states.ts";

/** The title an open application (no listing) goes by, in e-mails and admin pages. */
export const GENERAL_APPLICATION_TITLE = "Open application";

const assertAdmin = (ctx: Ctx) => assertRole(ctx, "admin", "Only Platen admins can manage job listings and applications.");

/** Zod issues -> the first one as an AppError naming its field. */
function invalid(error: { issues: { path: PropertyKey[]; message: string }[] }): AppError {
  const issue = error.issues[0];
  return new AppError(
    "invalid-input",
    issue?.message ?? "Check the form and try again.",
    400,
    issue?.path.length ? String(issue.path[0]) : undefined,
  );
}

const validJobId = (id: string) => hasPrefix(id, "job");
const validApplicationId = (id: string) => hasPrefix(id, "app");

// ---- public ------------------------------------------------------------------------------

export interface OpenJobsFilter {
  team?: string | null;
  location?: string | null;
}

/** Open roles (optionally one team and/or location), with the teams and locations to filter by. */
export async function listOpenJobs(ctx: Ctx, filter: OpenJobsFilter = {}) {
  const all = await ctx.db
    .select()
    .from(jobListings)
    .where(eq(jobListings.status, "open"))
    .orderBy(asc(jobListings.team), asc(jobListings.title));
  const teams = [...new Set(all.map((j) => j.team))].sort((a, b) => a.localeCompare(b));
  const locations = [...new Set(all.map((j) => j.location))].sort((a, b) => a.localeCompare(b));
  const jobs = all.filter((j) => (!filter.team || j.team === filter.team) && (!filter.location || j.location === filter.location));
  return { jobs, teams, locations, total: all.length };
}

/**
 * A listing as a visitor may see it: open and closed ones (closed shows that applications have
 * ended); drafts only to admins. Null when there is nothing to show.
 */
export async function getJob(ctx: Ctx, id: string): Promise<JobListing | null> {
  if (!validJobId(id)) return null;
  const [job] = await ctx.db.select().from(jobListings).where(eq(jobListings.id, id)).limit(1);
  if (!job) return null;
  if (job.status === "draft" && !hasRole(ctx.actor, "admin")) return null;
  return job;
}

export interface CvUpload {
  fileName: string;
  bytes: Uint8Array;
}

export interface ApplyInput {
  /** The listing, or null for an open application. */
  jobId: string | null;
  fields: unknown;
  cv: CvUpload | null;
}

function notOpenError(status: JobStatus): AppError {
  return status === "closed"
    ? new AppError(
        "job-closed",
        "This role is no longer accepting applications. Have a look at our other open roles, or send us an open application.",
        409,
      )
    : new AppError("job-not-open", "This role is not open for applications yet.", 409);
}

/**
 * Apply for a listing (or send an open application). The CV is stored first, then the
 * application row and the confirmation e-mail are written in one transaction; if that fails
 * the stored CV is removed again, so nothing is left half-written.
 */
export async function applyForJob(ctx: Ctx, input: ApplyInput): Promise<{ applicationId: string; jobTitle: string }> {
  const parsed = applicationInputSchema.safeParse(input.fields ?? {});
  if (!parsed.success) throw invalid(parsed.error);
  const cvError = await checkCv(input.cv?.bytes);
  if (cvError) throw cvError;
  const cv = input.cv!;

  let jobTitle = GENERAL_APPLICATION_TITLE;
  if (input.jobId !== null) {
    if (!validJobId(input.jobId)) throw notFound("That job listing");
    const [job] = await ctx.db.select().from(jobListings).where(eq(jobListings.id, input.jobId)).limit(1);
    if (!job) throw notFound("That job listing");
    if (job.status !== "open") throw notOpenError(job.status);
    jobTitle = job.title;
  }

  const id = newId("app");
  const key = `careers/cv/${id}.pdf`;
  const files = ctx.ports.storage;
  await files.put(key, cv.bytes, { contentType: "application/pdf" });
  try {
    await transaction(ctx.db, async (tx) => {
      if (input.jobId !== null) {
        // The listing may have been closed since the check above: look again, locking the row.
        const [job] = await tx
          .select({ status: jobListings.status })
          .from(jobListings)
          .where(eq(jobListings.id, input.jobId))
          .for("update");
        if (!job) throw notFound("That job listing");
        if (job.status !== "open") throw notOpenError(job.status);
      }
      const v = parsed.data;
      await tx.insert(jobApplications).values({
        id,
        jobId: input.jobId,
        name: v.name,
        email: v.email,
        phone: v.phone,
        links: v.links,
        coverLetter: v.coverLetter,
        cvStorageKey: key,
        cvFileName: cleanCvFileName(cv.fileName),
        cvSize: cv.bytes.byteLength,
        status: "received",
        userId: actorUserId(ctx.actor),
      });
      await sendEmail(tx, { to: v.email, toName: v.name, template: "job-application-received", params: { name: v.name, jobTitle } });
    });
  } catch (error) {
    await files.delete(key).catch((e: unknown) => logger().error({ err: e, key }, "could not remove the CV of a failed application"));
    throw error;
  }
  return { applicationId: id, jobTitle };
}

// ---- admin -------------------------------------------------------------------------------

const applicationCount = sql<number>`cast(count(${jobApplications.id}) as int)`;

/** Every listing (or those with one status), newest change first, with its number of applications. */
export async function listJobsForAdmin(ctx: Ctx, filter: { status?: JobStatus | null } = {}) {
  assertAdmin(ctx);
  const jobs: JobListingWithCount[] = await ctx.db
    .select({ ...getTableColumns(jobListings), applicationCount })
    .from(jobListings)
    .leftJoin(jobApplications, eq(jobApplications.jobId, jobListings.id))
    .where(filter.status ? eq(jobListings.status, filter.status) : undefined)
    .groupBy(jobListings.id)
    .orderBy(desc(jobListings.updatedAt));
  const counts = await ctx.db.select({ status: jobListings.status, n: count() }).from(jobListings).groupBy(jobListings.status);
  const statusCounts = Object.fromEntries(JOB_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<
    JobStatus,
    number
  >;
  return { jobs, statusCounts };
}

/** Open applications (not tied to a listing), newest first. */
export async function listGeneralApplications(ctx: Ctx): Promise<JobApplication[]> {
  assertAdmin(ctx);
  return ctx.db.select().from(jobApplications).where(isNull(jobApplications.jobId)).orderBy(desc(jobApplications.createdAt));
}

/** One listing with its applications, newest first; null when unknown. */
export async function getJobForAdmin(ctx: Ctx, id: string): Promise<{ job: JobListing; applications: JobApplication[] } | null> {
  assertAdmin(ctx);
  if (!validJobId(id)) return null;
  const [job] = await ctx.db.select().from(jobListings).where(eq(jobListings.id, id)).limit(1);
  if (!job) return null;
  const applications = await ctx.db
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.jobId, id))
    .orderBy(desc(jobApplications.createdAt));
  return { job, applications };
}

/** A new listing, as a draft. */
export async function createJob(ctx: Ctx, input: unknown): Promise<{ id: string }> {
  assertAdmin(ctx);
  const parsed = jobInputSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const id = newId("job");
  await ctx.db.insert(jobListings).values({ id, ...parsed.data, status: "draft", createdBy: actorUserId(ctx.actor) });
  return { id };
}

export async function updateJob(ctx: Ctx, id: string, input: unknown): Promise<void> {
  assertAdmin(ctx);
  const parsed = jobInputSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  if (!validJobId(id)) throw notFound("That job listing");
  const updated = await ctx.db
    .update(jobListings)
    .set({ ...parsed.data, updatedAt: ctx.clock.now() })
    .where(eq(jobListings.id, id))
    .returning({ id: jobListings.id });
  if (!updated.length) throw notFound("That job listing");
}

/** Open, close or reopen a listing, through the transition table. */
export async function changeJobStatus(ctx: Ctx, id: string, to: JobStatus): Promise<JobListing> {
  assertAdmin(ctx);
  if (!JOB_STATUSES.includes(to)) throw new AppError("invalid-status", "Unknown listing status.", 400);
  if (!validJobId(id)) throw notFound("That job listing");
  return transaction(ctx.db, async (tx) => {
    const [job] = await tx.select({ id: jobListings.id }).from(jobListings).where(eq(jobListings.id, id)).for("update");
    if (!job) throw notFound("That job listing");
    const now = ctx.clock.now();
    const { row } = await jobListingMachine.transition(withDb(ctx, tx), id, to, {
      set: (current) => ({
        updatedAt: now,
        ...(to === "open" ? { publishedAt: current.publishedAt ?? now, closedAt: null } : {}),
        ...(to === "closed" ? { closedAt: now } : {}),
      }),
    });
    return row;
  });
}

/** Move an application along (received -> reviewing -> interviewing -> hired, or rejected). */
export async function changeApplicationStatus(ctx: Ctx, applicationId: string, to: ApplicationStatus): Promise<JobApplication> {
  assertAdmin(ctx);
  if (!APPLICATION_STATUSES.includes(to)) throw new AppError("invalid-status", "Unknown application status.", 400);
  if (!validApplicationId(applicationId)) throw notFound("That application");
  return transaction(ctx.db, async (tx) => {
    const [app] = await tx
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.id, applicationId))
      .for("update");
    if (!app) throw notFound("That application");
    const { row } = await jobApplicationMachine.transition(withDb(ctx, tx), applicationId, to);
    return row;
  });
}

/** The stored CV of an application, ready to send as a download. */
export async function getApplicationCv(ctx: Ctx, applicationId: string) {
  assertAdmin(ctx);
  if (!validApplicationId(applicationId)) throw notFound("That application");
  const [app] = await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId)).limit(1);
  if (!app) throw notFound("That application");
  const file = await ctx.ports.storage.get(app.cvStorageKey);
  if (!file) throw new AppError("cv-missing", "The CV file of this application is missing from storage.", 404);
  const fileName = cleanCvFileName(`${app.name.replace(/[/\\]/g, " ")} - ${app.cvFileName}`);
  return {
    body: file.body,
    size: file.size,
    contentType: "application/pdf",
    fileName,
    contentDisposition: attachmentDisposition(fileName),
  };
}
