import { monotonicFactory } from "ulid";

// Monotonic within a process: two ids made in the same millisecond still sort in creation order
// (lists ordered by `created_at desc, id desc` keep their order when the timestamps tie).
const ulid = monotonicFactory();

/** Prefixes of Platen's ids: readable in logs and sortable by creation time. */
export const ID_PREFIXES = [
  "usr",
  "ses",
  "rtk",
  "vtk",
  "adr",
  "att",
  "key",
  "aud",
  "obx",
  "eml",
  "msg",
  "rpl",
  "job",
  "app",
  "sto",
  "str",
  "prd",
  "var",
  "blk",
  "ord",
  "pay",
  "led",
  "wh",
  "bat",
  "prc",
  "shp",
  "man",
  "cas",
  "file",
  "papp",
  "smb",
  "fcp",
  "prk",
  "ful",
  "fapp", // a partner's application to print for the marketplace (issue 23)
  "fmb", // a print shop's floor worker (issue 23 §5)
  "bvr",
  "bpa",
  "art",
  "mck",
  "flg",
  "pev",
  "preq",
  "pra",
  "stc",
  "evt",
  "oln",
  "sgr",
  "ref",
  "shz",
  "shr",
  "box",
  // production (ADR 0018): batches
  "bat",
  // shipping (ADR 0018): parcels, shipments, tracking events, manifests
  "prc",
  "shp",
  "trk",
  "mnf",
  // carriers (ADR 0018): a print shop's carrier accounts, their services, rate zones and rates
  "cra",
  "crs",
  "crz",
  "crr",
  // cases (issue 23): a case is `cas`; its thread's messages
  "csm",
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/** A new prefixed, lexicographically sortable id, e.g. `usr_01jf3k...`. */
export function newId<P extends IdPrefix>(prefix: P): `${P}_${string}` {
  return `${prefix}_${ulid().toLowerCase()}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return id.startsWith(`${prefix}_`) && /^[a-z]+_[0-9a-hjkmnp-tv-z]{26}$/.test(id);
}
