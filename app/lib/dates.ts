// The one date formatter of the web layer. Every date Platen shows is in UTC and in British order,
// so the server and the browser render the same text: "5 Mar 2026, 08:07 UTC", "5 Mar 2026",
// "5 March 2026", "March 2026".
//
// Written out rather than asked of Intl.DateTimeFormat: the first Intl formatter a browser page
// makes loads ICU's data, 12-100 ms of a page load's script on the project's machine (the second
// costs < 1 ms), and most pages show a date or a price during hydration. The text is exactly
// en-GB's (CLDR's "Sept" included); a unit test holds it to Intl's. Years before 1000 or after 9999
// are left to Intl.
export type DateInput = Date | string | number;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

let intl: Record<"dateTime" | "date" | "long" | "monthYear" | "dayMonth", Intl.DateTimeFormat> | undefined;
/** Intl's formatters, made only for a year outside 1000-9999 or an invalid date (which Intl refuses with a RangeError). */
function viaIntl(kind: keyof NonNullable<typeof intl>, date: Date): string {
  const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
  intl ??= {
    dateTime: utc({ dateStyle: "medium", timeStyle: "short" }),
    date: utc({ dateStyle: "medium" }),
    long: utc({ dateStyle: "long" }),
    monthYear: utc({ month: "long", year: "numeric" }),
    dayMonth: utc({ day: "numeric", month: "short" }),
  };
  return intl[kind].format(date);
}

/** Whether the written-out forms apply: a valid date in years 1000-9999. */
const plain = (date: Date) => {
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999;
};

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "5 Mar 2026, 08:07 UTC": when something happened (admin and account pages). */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  const text = plain(d) ? `${formatDate(d)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : viaIntl("dateTime", d);
  return `${text} UTC`;
}

/** "5 Mar 2026": a day in tables and lists. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return plain(d) ? `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : viaIntl("date", d);
}

/** "5 March 2026": a day in running text (legal documents, job listings, fan-club posts). */
export function formatLongDate(value: DateInput): string {
  const d = toDate(value);
  return plain(d) ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : viaIntl("long", d);
}

/** "March 2026" (member since). */
export function formatMonthYear(value: DateInput): string {
  const d = toDate(value);
  return plain(d) ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : viaIntl("monthYear", d);
}

/** "18 Mar": a day of the coming weeks (delivery windows). */
export function formatDayMonth(value: DateInput): string {
  const d = toDate(value);
  return plain(d) ? `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]}` : viaIntl("dayMonth", d);
}
