// The one date formatter of the web layer. Every date Platen shows is in UTC and in British order,
// so the server and the browser render the same text: "5 Mar 2026, 08:07 UTC", "5 Mar 2026",
// "5 March 2026", "March 2026".
export type DateInput = Date | string | number;

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
const DATE_TIME = utc({ dateStyle: "medium", timeStyle: "short" });
const DATE = utc({ dateStyle: "medium" });
const LONG_DATE = utc({ dateStyle: "long" });
const MONTH_YEAR = utc({ month: "long", year: "numeric" });

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** "5 Mar 2026, 08:07 UTC": when something happened (admin and account pages). */
export const formatDateTime = (value: DateInput): string => `${DATE_TIME.format(toDate(value))} UTC`;

/** "5 Mar 2026": a day in tables and lists. */
export const formatDate = (value: DateInput): string => DATE.format(toDate(value));

/** "5 March 2026": a day in running text (legal documents, job listings, fan-club posts). */
export const formatLongDate = (value: DateInput): string => LONG_DATE.format(toDate(value));

/** "March 2026" (member since). */
export const formatMonthYear = (value: DateInput): string => MONTH_YEAR.format(toDate(value));
