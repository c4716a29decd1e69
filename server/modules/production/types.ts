// The production floor's vocabulary (browser-safe: pages import it).
export const PRODUCTION_LINE_STATUSES = ["accepted", "rejected", "printed", "packed"] as const;
export type ProductionLineStatus = (typeof PRODUCTION_LINE_STATUSES)[number];

/** Where a routed line stands on the floor, as the print shop's pages show it. */
export type FloorStatus = "awaiting" | ProductionLineStatus | "shipped";

export const BATCH_STATUSES = ["open", "printing", "printed", "packed", "cancelled"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const RELEASED_BY = ["manual", "cutoff", "count"] as const;
export type ReleasedBy = (typeof RELEASED_BY)[number];

/** Print techniques (what a print shop can do; what a line needs follows its blank's category). */
export const TECHNIQUES = ["dtg", "screen", "embroidery", "sublimation", "uv", "dtf"] as const;
export type Technique = (typeof TECHNIQUES)[number];
export const TECHNIQUE_LABELS: Record<Technique, string> = {
  dtg: "DTG",
  screen: "Screen print",
  embroidery: "Embroidery",
  sublimation: "Sublimation",
  uv: "UV print",
  dtf: "DTF",
};

/** What a batch was made of (all optional; empty: every accepted line of the warehouse). */
export interface BatchFilter {
  blankId?: string;
  technique?: Technique;
  color?: string;
  /** Lines due on or before this day (YYYY-MM-DD, the warehouse's local date). */
  dueBy?: string;
}

export function batchRef(number: number): string {
  return `B-${number}`;
}
