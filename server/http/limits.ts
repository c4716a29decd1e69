// What the HTTP layer allows before React Router sees a request: body sizes per route, methods,
// and which pages must never be stored by a cache. Pure functions, tested in limits.test.ts.

const KB = 1024;
const MB = 1024 * 1024;

/** Forms and JSON: every route that takes no file. */
export const DEFAULT_BODY_LIMIT = 64 * KB;

export interface BodyLimitRule {
  /** What the route takes, for the 413 message. */
  label: string;
  /** Matched against the path without a trailing `.data` (React Router's data requests). */
  pattern: RegExp;
  bytes: number;
}

/**
 * The routes that take a file. Each route enforces its own cap with a message next to the field
 * (artwork 25 MB, store avatar/banner 8 MB, request image 8 MB, CV 5 MB, parcel photo 8 MB) and checks access before
 * it reads the body; these limits are the backstop on the stream, twice the route's cap, so that a
 * file even twice too large still gets the route's own message.
 */
export const UPLOAD_BODY_LIMITS: readonly BodyLimitRule[] = [
  // designer artwork (JSON API and the designer page's form)
  { label: "artwork upload", pattern: /^\/api\/designer\/artwork$/, bytes: 50 * MB },
  { label: "product form", pattern: /^\/shop\/partners\/[^/]+\/administration\/products\/[^/]+$/, bytes: 50 * MB },
  // store avatar and banner
  { label: "store profile", pattern: /^\/shop\/partners\/[^/]+\/administration\/profile$/, bytes: 16 * MB },
  // product-request reference image
  { label: "product request", pattern: /^\/product-request$/, bytes: 16 * MB },
  // job application CV (a listing, or /jobs/general)
  { label: "job application", pattern: /^\/jobs\/[^/]+$/, bytes: 10 * MB },
  // a print shop's carrier rate table (CSV, 1 MB)
  { label: "carrier rate table", pattern: /^\/fulfillment\/[^/]+\/administration\/carriers$/, bytes: 2 * MB },
  // a case's photos (up to four of 8 MB each), on the shopper's "Report a problem" page
  { label: "problem report", pattern: /^\/shop\/orders\/[^/]+\/problem$/, bytes: 40 * MB },
  // a warehouse's stock sheet (CSV, 2 MB)
  { label: "stock sheet", pattern: /^\/fulfillment\/[^/]+\/administration\/warehouses\/wh_[0-9a-z]+$/, bytes: 4 * MB },
  // a parcel's packing photo (8 MB), on the parcels page
  { label: "parcel photo", pattern: /^\/fulfillment\/[^/]+\/administration\/parcels$/, bytes: 16 * MB },
];

/** `/account.data` → `/account`; `/_root.data` → `/` (React Router's data requests). */
export function documentPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
}

/** The most bytes a request body to `pathname` may have. */
export function bodyLimitFor(pathname: string): { bytes: number; upload: boolean } {
  const path = documentPath(pathname);
  for (const rule of UPLOAD_BODY_LIMITS) if (rule.pattern.test(path)) return { bytes: rule.bytes, upload: true };
  return { bytes: DEFAULT_BODY_LIMIT, upload: false };
}

export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
}

export function tooLargeMessage(bytes: number): string {
  return `The request is too large: this address accepts at most ${formatBytes(bytes)}.`;
}

/** Methods the server answers; anything else (TRACE, TRACK, PROPFIND...) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const allowed = new Set<string>(ALLOWED_METHODS);
export const isAllowedMethod = (method: string) => allowed.has(method);

/**
 * A null character in the address (`%00`, raw or in any case) is never meaningful and databases
 * refuse it in text: the request is a 400 before anything looks it up.
 */
export function hasNullCharacter(url: string): boolean {
  return url.includes("\0") || /%00/i.test(url);
}

/**
 * Pages with personal or privileged data, and the sign-in pages (which set cookies): answered
 * with `Cache-Control: no-store`, documents and `.data` alike.
 */
const PRIVATE_PATHS = [
  /^\/account(?:\/|$)/,
  /^\/admin(?:\/|$)/,
  /^\/ash(?:\/|$)/,
  /^\/shop\/partners\/[^/]+\/administration(?:\/|$)/,
  /^\/(?:login|signup|logout)(?:\/|$)/,
];

export function isPrivatePath(pathname: string): boolean {
  const path = documentPath(pathname);
  return PRIVATE_PATHS.some((p) => p.test(path));
}
