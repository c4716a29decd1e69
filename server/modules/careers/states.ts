// The careers module's writing state machines (ADR 0010): each move is checked against its
// table (types.ts, browser-safe), written and recorded (who, when, why) in one transaction.
import { defineStateMachine, defineTransitions } from "../../kernel/index.ts";
import { jobApplications, jobListings } from "./schema.ts";
import { APPLICATION_TRANSITIONS, JOB_TRANSITIONS, type ApplicationStatus, type JobStatus } from "./types.ts";

export const jobTransitions = defineTransitions<JobStatus>("job listing", JOB_TRANSITIONS);
export const applicationTransitions = defineTransitions<ApplicationStatus>("job application", APPLICATION_TRANSITIONS);

export const jobListingMachine = defineStateMachine<JobStatus, typeof jobListings>({
  entity: jobTransitions.entity,
  transitions: JOB_TRANSITIONS,
  table: jobListings,
  id: jobListings.id,
  state: jobListings.status,
});

export const jobApplicationMachine = defineStateMachine<ApplicationStatus, typeof jobApplications>({
  entity: applicationTransitions.entity,
  transitions: APPLICATION_TRANSITIONS,
  table: jobApplications,
  id: jobApplications.id,
  state: jobApplications.status,
});
