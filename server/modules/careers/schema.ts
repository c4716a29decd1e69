import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { APPLICATION_STATUSES, EMPLOYMENT_TYPES, JOB_STATUSES } from "./types.ts";

export { APPLICATION_STATUSES, EMPLOYMENT_TYPES, JOB_STATUSES };

export const jobListings = pgTable(
  "job_listings",
  {
    id: text().primaryKey(),
    title: text().notNull(),
    team: text().notNull(),
    location: text().notNull(),
    employmentType: text().$type<(typeof EMPLOYMENT_TYPES)[number]>().notNull(),
    remote: text().$type<"onsite" | "hybrid" | "remote">().notNull().default("hybrid"),
    summary: text().notNull(),
    /** Markdown. */
    description: text().notNull(),
    status: text().$type<(typeof JOB_STATUSES)[number]>().notNull().default("draft"),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("job_listings_status_idx").on(t.status)],
);

/** An application to a listing, or an open application (`jobId` null, from /jobs/general). */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: text().primaryKey(),
    jobId: text().references(() => jobListings.id, { onDelete: "set null" }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(""),
    links: text().notNull().default(""),
    coverLetter: text().notNull().default(""),
    cvStorageKey: text().notNull(),
    cvFileName: text().notNull(),
    cvSize: integer().notNull(),
    status: text().$type<(typeof APPLICATION_STATUSES)[number]>().notNull().default("received"),
    userId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_applications_job_idx").on(t.jobId, t.createdAt)],
);
