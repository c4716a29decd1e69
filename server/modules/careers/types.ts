// Shared by client and server: no server-only imports here.
import { z } from "zod";

export const JOB_STATUSES = ["draft", "open", "closed"] as const;
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "internship"] as const;
export const APPLICATION_STATUSES = ["received", "reviewing", "interviewing", "rejected", "hired"] as const;
export const WORK_MODES = ["onsite", "hybrid", "remote"] as const;

export type JobStatus = (typeof JOB_STATUSES)[number];
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type WorkMode = (typeof WORK_MODES)[number];
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const JOB_STATUS_LABELS: Record<JobStatus, string> = { draft: "Draft", open: "Open", closed: "Closed" };
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: "Full-time",
  part_time: "Part-time",
  contract: "Contract",
  internship: "Internship",
};
export const WORK_MODE_LABELS: Record<WorkMode, string> = { onsite: "On-site", hybrid: "Hybrid", remote: "Remote" };
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  received: "Received",
  reviewing: "Reviewing",
  interviewing: "Interviewing",
  hired: "Hired",
  rejected: "Rejected",
};

/** Listing status moves an admin may make, with the button label for each. */
export const JOB_TRANSITIONS: { readonly [K in JobStatus]: readonly JobStatus[] } = {
  draft: ["open"],
  open: ["closed"],
  closed: ["open"],
};
export const APPLICATION_TRANSITIONS: { readonly [K in ApplicationStatus]: readonly ApplicationStatus[] } = {
  received: ["reviewing"],
  reviewing: ["interviewing", "rejected"],
  interviewing: ["hired", "rejected"],
  hired: [],
  rejected: [],
};

/** CV limits. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_MAX_LABEL = "5 MB";
export const COVER_LETTER_MAX = 5000;

const trimmed = /* @__NO_SIDE_EFFECTS__ */ (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`);

/** The listing form (create and edit). */
export const jobInputSchema = z.object({
  title: trimmed(120, "The title").min(3, "Enter a title of at least 3 characters."),
  team: trimmed(60, "The team").min(2, "Enter the team this role belongs to."),
  location: trimmed(80, "The location").min(2, "Enter where this role is based, e.g. Berlin, Germany or Remote (EU)."),
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: "Choose an employment type." }),
  remote: z.enum(WORK_MODES, { error: "Choose on-site, hybrid or remote." }),
  summary: trimmed(300, "The summary").min(20, "Write a summary of at least 20 characters: it is shown in the list of roles."),
  description: trimmed(20000, "The description").min(50, "Write a description of at least 50 characters (Markdown is supported)."),
});
export type JobInput = z.infer<typeof jobInputSchema>;

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional().default("");

/** The application form fields (the CV is checked separately, by content). */
export const applicationInputSchema = z.object({
  name: trimmed(120, "Your name").min(2, "Enter your full name."),
  email: z
    .string()
    .trim()
    .max(254, "That e-mail address is too long.")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com.")),
  phone: optionalText(40, "The phone number").refine(
    (v) => v === "" || /^\+?[0-9 ()./-]{6,40}$/.test(v),
    "Enter a phone number with digits only, e.g. +49 30 1234567.",
  ),
  links: optionalText(1000, "Links").refine(
    (v) =>
      v
        .split(/\s+/)
        .filter(Boolean)
        .every((token) => {
          try {
            const u = new URL(token);
            return u.protocol === "https:" || u.protocol === "http:";
          } catch {
            return false;
          }
        }),
    "Enter full web addresses starting with https://, one per line.",
  ),
  coverLetter: optionalText(COVER_LETTER_MAX, "Your cover letter"),
});
export type ApplicationInput = z.input<typeof applicationInputSchema>;
