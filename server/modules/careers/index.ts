// Public API of the careers module: job listings and applications.
export {
  applyForJob,
  changeApplicationStatus,
  changeJobStatus,
  createJob,
  getApplicationCv,
  getJob,
  getJobForAdmin,
  listGeneralApplications,
  listJobsForAdmin,
  listOpenJobs,
  updateJob,
  applicationTransitions,
  jobTransitions,
  GENERAL_APPLICATION_TITLE,
  type ApplyInput,
  type CvUpload,
  type JobApplication,
  type JobListing,
  type JobListingWithCount,
  type OpenJobsFilter,
} from "./service.ts";
export { checkCv, cvTooLargeError, CV_FIELD } from "./cv.ts";
export * from "./types.ts";
