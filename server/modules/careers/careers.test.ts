import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../../schema.ts";
import { LocalStorage } from "../../infra/storage/index.ts";
import { IllegalTransitionError, system, type Actor } from "../../kernel/index.ts";
import { makeLargePdf, makePdf, makePng } from "../../../tests/fixtures/files.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  applyForJob,
  changeApplicationStatus,
  changeJobStatus,
  checkCv,
  createJob,
  CV_MAX_BYTES,
  getApplicationCv,
  getJob,
  getJobForAdmin,
  listGeneralApplications,
  listJobsForAdmin,
  listOpenJobs,
  updateJob,
} from "./index.ts";
import { jobApplications } from "./schema.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };
const shopper: Actor = { kind: "user", userId: "usr_shopper", roles: ["shopper"] };
const visitor: Actor = { kind: "anonymous" };

const JOB = {
  title: "Senior full-stack engineer",
  team: "Engineering",
  location: "Berlin, Germany",
  employmentType: "full_time",
  remote: "hybrid",
  summary: "Build the marketplace that independent artists rely on every day.",
  description: "## What you will do\n\nOwn features end to end, from the database schema to the checkout page.",
};
const APPLICANT = {
  name: "Jane Applicant",
  email: "jane@example.com",
  phone: "+49 30 1234567",
  links: "https://github.com/jane",
  coverLetter: "Hello!",
};

let dir: string;
let files: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "platen-careers-"));
  files = new LocalStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
/** A context whose storage port is this file's own directory (no process-wide storage is touched). */
const ctxOf = (actor: Actor) => t.ctx(actor, { ports: { storage: files } });

async function storedCvs(): Promise<string[]> {
  return readdir(path.join(dir, "careers/cv")).catch(() => []);
}

async function openJob(overrides: Partial<typeof JOB> = {}): Promise<string> {
  const { id } = await createJob(ctxOf(admin), { ...JOB, ...overrides });
  await changeJobStatus(ctxOf(admin), id, "open");
  return id;
}

describe("listings", () => {
  it("validates the form with messages per field", async () => {
    const e = await refusal(createJob(ctxOf(admin), { ...JOB, title: "x" }));
    expect(e.status).toBe(400);
    expect(e.field).toBe("title");
    const e2 = await refusal(createJob(ctxOf(admin), { ...JOB, employmentType: "forever" }));
    expect(e2.field).toBe("employmentType");
    const e3 = await refusal(createJob(ctxOf(admin), { ...JOB, description: "short" }));
    expect(e3.field).toBe("description");
  });

  it("starts as a draft and moves only through the transition table", async () => {
    const { id } = await createJob(ctxOf(admin), JOB);
    let job = (await getJobForAdmin(ctxOf(admin), id))!.job;
    expect(job.status).toBe("draft");
    expect(job.publishedAt).toBeNull();
    // a visitor does not see a draft
    expect(await getJob(ctxOf(visitor), id)).toBeNull();
    expect(await getJob(ctxOf(admin), id)).not.toBeNull();

    await expect(changeJobStatus(ctxOf(admin), id, "closed")).rejects.toBeInstanceOf(IllegalTransitionError);
    job = await changeJobStatus(ctxOf(admin), id, "open");
    expect(job.status).toBe("open");
    expect(job.publishedAt).toBeInstanceOf(Date);
    await expect(changeJobStatus(ctxOf(admin), id, "draft")).rejects.toMatchObject({ status: 409 });
    await expect(changeJobStatus(ctxOf(admin), id, "open")).rejects.toBeInstanceOf(IllegalTransitionError);
    job = await changeJobStatus(ctxOf(admin), id, "closed");
    expect(job.closedAt).toBeInstanceOf(Date);
    job = await changeJobStatus(ctxOf(admin), id, "open");
    expect(job.status).toBe("open");
    expect(job.closedAt).toBeNull();

    await updateJob(ctxOf(admin), id, { ...JOB, title: "Staff full-stack engineer" });
    expect((await getJob(ctxOf(visitor), id))?.title).toBe("Staff full-stack engineer");
  });

  it("lists open roles with team and location filters", async () => {
    await openJob({ title: "Print production lead", team: "Operations", location: "Leipzig, Germany" });
    const all = await listOpenJobs(ctxOf(visitor));
    expect(all.jobs.every((j) => j.status === "open")).toBe(true);
    expect(all.teams).toEqual(expect.arrayContaining(["Engineering", "Operations"]));
    const ops = await listOpenJobs(ctxOf(visitor), { team: "Operations" });
    expect(ops.jobs.map((j) => j.title)).toEqual(["Print production lead"]);
    const berlin = await listOpenJobs(ctxOf(visitor), { location: "Berlin, Germany" });
    expect(berlin.jobs.every((j) => j.location === "Berlin, Germany")).toBe(true);
  });
});

describe("applying", () => {
  it("stores the CV, records the application and queues the confirmation e-mail", async () => {
    const jobId = await openJob();
    const pdf = makePdf();
    const { applicationId } = await applyForJob(ctxOf(visitor), {
      jobId,
      fields: APPLICANT,
      cv: { fileName: "C:\\Users\\jane\\Jane CV.pdf", bytes: pdf },
    });
    const [row] = await t.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId));
    expect(row).toMatchObject({
      jobId,
      name: "Jane Applicant",
      email: "jane@example.com",
      status: "received",
      cvFileName: "Jane CV.pdf",
      cvSize: pdf.byteLength,
    });
    expect(row!.cvStorageKey).toBe(`careers/cv/${applicationId}.pdf`);
    expect(await files.exists(row!.cvStorageKey)).toBe(true);
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "jane@example.com"));
    expect(mails.some((m) => m.template === "job-application-received" && m.params.jobTitle === JOB.title)).toBe(true);

    const cv = await getApplicationCv(ctxOf(admin), applicationId);
    expect(cv.contentType).toBe("application/pdf");
    expect(Buffer.compare(cv.body, pdf)).toBe(0);
    expect(cv.contentDisposition).toMatch(/^attachment; filename="Jane Applicant - Jane CV\.pdf"; filename\*=UTF-8''/);
  });

  it("accepts open applications without a listing", async () => {
    const { applicationId } = await applyForJob(ctxOf(visitor), {
      jobId: null,
      fields: { name: "Omar Open", email: "omar@example.com" },
      cv: { fileName: "omar.pdf", bytes: makePdf() },
    });
    const general = await listGeneralApplications(ctxOf(admin));
    expect(general.map((a) => a.id)).toContain(applicationId);
    const [mail] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "omar@example.com"));
    expect(mail?.params.jobTitle).toBe("Open application");
  });

  it("validates the applicant's fields", async () => {
    const jobId = await openJob();
    const cv = { fileName: "cv.pdf", bytes: makePdf() };
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId, fields: { ...APPLICANT, email: "not-an-email" }, cv }))).field).toBe(
      "email",
    );
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId, fields: { ...APPLICANT, name: "" }, cv }))).field).toBe("name");
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId, fields: { ...APPLICANT, links: "javascript:alert(1)" }, cv }))).field).toBe(
      "links",
    );
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId, fields: { ...APPLICANT, coverLetter: "x".repeat(5001) }, cv }))).field).toBe(
      "coverLetter",
    );
  });

  it("refuses closed, draft and unknown listings", async () => {
    const before = await storedCvs();
    const closed = await openJob({ title: "Closed role" });
    await changeJobStatus(ctxOf(admin), closed, "closed");
    const cv = { fileName: "cv.pdf", bytes: makePdf() };
    const e = await refusal(applyForJob(ctxOf(visitor), { jobId: closed, fields: APPLICANT, cv }));
    expect(e.status).toBe(409);
    expect(e.message).toMatch(/no longer accepting applications/);
    const { id: draft } = await createJob(ctxOf(admin), JOB);
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId: draft, fields: APPLICANT, cv }))).status).toBe(409);
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId: "job_01hzzzzzzzzzzzzzzzzzzzzzzz", fields: APPLICANT, cv }))).status).toBe(
      404,
    );
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId: "nonsense", fields: APPLICANT, cv }))).status).toBe(404);
    expect(await storedCvs()).toEqual(before);
  });

  it("checks the CV by its content: PDF only, not empty, at most 5 MB", async () => {
    const jobId = await openJob();
    const before = await storedCvs();
    const png = await refusal(applyForJob(ctxOf(visitor), { jobId, fields: APPLICANT, cv: { fileName: "photo.pdf", bytes: makePng() } }));
    expect(png).toMatchObject({ status: 415, field: "cv" });
    expect(png.message).toMatch(/must be a PDF/);
    // "%PDF-" must be the very first bytes
    expect(await checkCv(Buffer.concat([Buffer.from("hello "), makePdf()]))).toMatchObject({ status: 415 });
    const empty = await refusal(
      applyForJob(ctxOf(visitor), { jobId, fields: APPLICANT, cv: { fileName: "cv.pdf", bytes: new Uint8Array() } }),
    );
    expect(empty).toMatchObject({ status: 400, field: "cv" });
    expect((await refusal(applyForJob(ctxOf(visitor), { jobId, fields: APPLICANT, cv: null }))).field).toBe("cv");
    const big = await refusal(
      applyForJob(ctxOf(visitor), { jobId, fields: APPLICANT, cv: { fileName: "cv.pdf", bytes: makeLargePdf(CV_MAX_BYTES) } }),
    );
    expect(big).toMatchObject({ status: 413, field: "cv" });
    expect(big.message).toMatch(/larger than 5 MB/);
    expect(await checkCv(makeLargePdf(CV_MAX_BYTES - 10).subarray(0, CV_MAX_BYTES))).toBeNull();
    expect(await storedCvs()).toEqual(before);
  });

  it("removes the stored CV when the database write fails", async () => {
    const jobId = await openJob();
    const before = await storedCvs();
    const count = async () => (await t.db.select().from(jobApplications)).length;
    const rows = await count();
    await t.db.execute(sql`alter table job_applications add constraint test_refuse_name check (name <> 'Refused Writer')`);
    try {
      await expect(
        applyForJob(ctxOf(visitor), {
          jobId,
          fields: { ...APPLICANT, name: "Refused Writer", email: "refused@example.com" },
          cv: { fileName: "cv.pdf", bytes: makePdf() },
        }),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql`alter table job_applications drop constraint test_refuse_name`);
    }
    expect(await storedCvs()).toEqual(before);
    expect(await count()).toBe(rows);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "refused@example.com"))).toEqual([]);
  });
});

describe("applications", () => {
  it("move received -> reviewing -> interviewing -> hired, and never backwards", async () => {
    const jobId = await openJob();
    const { applicationId: a } = await applyForJob(ctxOf(visitor), {
      jobId,
      fields: APPLICANT,
      cv: { fileName: "cv.pdf", bytes: makePdf() },
    });
    await expect(changeApplicationStatus(ctxOf(admin), a, "hired")).rejects.toBeInstanceOf(IllegalTransitionError);
    await expect(changeApplicationStatus(ctxOf(admin), a, "rejected")).rejects.toBeInstanceOf(IllegalTransitionError);
    expect((await changeApplicationStatus(ctxOf(admin), a, "reviewing")).status).toBe("reviewing");
    expect((await changeApplicationStatus(ctxOf(admin), a, "interviewing")).status).toBe("interviewing");
    expect((await changeApplicationStatus(ctxOf(admin), a, "hired")).status).toBe("hired");
    await expect(changeApplicationStatus(ctxOf(admin), a, "rejected")).rejects.toMatchObject({ status: 409 });

    const { applicationId: b } = await applyForJob(ctxOf(visitor), {
      jobId,
      fields: APPLICANT,
      cv: { fileName: "cv.pdf", bytes: makePdf() },
    });
    await changeApplicationStatus(ctxOf(admin), b, "reviewing");
    expect((await changeApplicationStatus(ctxOf(admin), b, "rejected")).status).toBe("rejected");
    await expect(changeApplicationStatus(ctxOf(admin), b, "reviewing")).rejects.toBeInstanceOf(IllegalTransitionError);

    const detail = await getJobForAdmin(ctxOf(admin), jobId);
    expect(detail?.applications.map((x) => x.id).sort()).toEqual([a, b].sort());
    const { jobs } = await listJobsForAdmin(ctxOf(admin), { status: "open" });
    expect(jobs.find((j) => j.id === jobId)?.applicationCount).toBe(2);
  });

  it("admin-only functions refuse everyone else", async () => {
    const jobId = await openJob();
    const { applicationId } = await applyForJob(ctxOf(visitor), { jobId, fields: APPLICANT, cv: { fileName: "cv.pdf", bytes: makePdf() } });
    for (const actor of [visitor, shopper, { kind: "user", userId: "usr_p", roles: ["partner", "fulfiller"] } as Actor]) {
      const ctx = ctxOf(actor);
      const calls: Promise<unknown>[] = [
        listJobsForAdmin(ctx),
        listGeneralApplications(ctx),
        getJobForAdmin(ctx, jobId),
        createJob(ctx, JOB),
        updateJob(ctx, jobId, JOB),
        changeJobStatus(ctx, jobId, "closed"),
        changeApplicationStatus(ctx, applicationId, "reviewing"),
        getApplicationCv(ctx, applicationId),
      ];
      for (const call of calls) expect(await refusal(call)).toMatchObject({ status: 403, code: "forbidden" });
    }
    // the system actor (seeds, jobs) may
    expect((await listJobsForAdmin(ctxOf(system("test")))).jobs.length).toBeGreaterThan(0);
  });
});

describe("demo seed", () => {
  it("adds four open listings and a closed one, once", async () => {
    const { seedDemoJobs, DEMO_JOBS } = await import("../../seed/jobs.ts");
    expect(DEMO_JOBS.filter((j) => j.status === "open")).toHaveLength(4);
    expect(DEMO_JOBS.filter((j) => j.status === "closed")).toHaveLength(1);
    // earlier tests already made listings with two of these titles: those are left alone
    expect(await seedDemoJobs(t.db)).toBe(DEMO_JOBS.length - 2);
    expect(await seedDemoJobs(t.db)).toBe(0);
    const { jobs } = await listOpenJobs(ctxOf(visitor), { team: "Customer support" });
    expect(jobs.map((j) => j.title)).toEqual(["Customer support specialist"]);
  });
});
