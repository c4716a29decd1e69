import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { newId } from "../../infra/db/index.ts";
import { jobApplications, jobListings } from "./schema.ts";
import { jobApplicationMachine, jobListingMachine } from "./states.ts";
import { APPLICATION_STATUSES, JOB_STATUSES, type ApplicationStatus, type JobStatus } from "./types.ts";

const t = useTestDatabase();
const admin = () => t.ctx({ kind: "user", userId: "usr_admin", roles: ["admin"] });

async function listing(status: JobStatus): Promise<string> {
  const id = newId("job");
  await t.db.insert(jobListings).values({
    id,
    title: "Printer",
    team: "Operations",
    location: "Remote",
    employmentType: "full_time",
    summary: "Prints.",
    description: "Prints things.",
    status,
  });
  return id;
}

describe("careers states", () => {
  it("job listings: every move of the table writes and records; every other is refused", async () => {
    const tried = await checkTransitionTable(jobListingMachine, {
      ctx: admin(),
      create: listing,
      async read(id) {
        const [row] = await t.db.select({ status: jobListings.status }).from(jobListings).where(eq(jobListings.id, id));
        return row!.status;
      },
    });
    expect(tried).toBe(JOB_STATUSES.length ** 2);
  });

  it("job applications: every move of the table writes and records; every other is refused", async () => {
    const jobId = await listing("open");
    const tried = await checkTransitionTable(jobApplicationMachine, {
      ctx: admin(),
      async create(status: ApplicationStatus) {
        const id = newId("app");
        await t.db.insert(jobApplications).values({
          id,
          jobId,
          name: "Jane",
          email: "jane@example.com",
          cvStorageKey: `careers/cv/${id}.pdf`,
          cvFileName: "cv.pdf",
          cvSize: 1,
          status,
        });
        return id;
      },
      async read(id) {
        const [row] = await t.db.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, id));
        return row!.status;
      },
    });
    expect(tried).toBe(APPLICATION_STATUSES.length ** 2);
  });
});
