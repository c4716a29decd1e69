// The one date formatter of the web layer. Every date Platen shows is in UTC and in British order,
// so the server and the browser render the same text: "5 Mar 2026, 08:07 UTC", "5 Mar 2026",
// "5 March 2026", "March 2026".
//
// Written out rather than asked of Intl.DateTimeFormat: the first Intl formatter a browser page
// makes loads ICU's data, 12-100 ms of a page load's script on the project's machine (the second
// costs < 1 ms), and most pages show a date or a price during hydration. The text is exactly
// en-GB's (CLDR's "Sept" included); a unit test holds it to Intl's over every kind of year.
export type DateInput = Date | string | number;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The parts of a valid date in UTC; an invalid one is refused as Intl refuses it. */
function utc(value: DateInput) {
  const d = value instanceof Date ? value : new Date(value);
  const year = d.getUTCFullYear();
  if (Number.isNaN(year)) throw new RangeError("Invalid time value");
  const month = d.getUTCMonth();
  const name = MONTHS[month]!;
  // en-GB's abbreviations are the first three letters but for "Sept"; a year before 1 AD is written
  // as its number in the era before, as Intl does (no era shown).
  return { d, day: d.getUTCDate(), name, short: name.slice(0, month === 8 ? 4 : 3), year: year > 0 ? year : 1 - year };
}

const two = (n: number) => (n < 10 ? `0${n}` : n);

/** "5 Mar 2026, 08:07 UTC": when something happened (admin and account pages). */
export function formatDateTime(value: DateInput): string {
  const { d, day, short, year } = utc(value);
  return `${day} ${short} ${year}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** "5 Mar 2026": a day in tables and lists. */
export function formatDate(value: DateInput): string {
  const { day, short, year } = utc(value);
  return `${day} ${short} ${year}`;
}

/** "5 March 2026": a day in running text (legal documents, job listings, fan-club posts). */
export function formatLongDate(value: DateInput): string {
  const { day, name, year } = utc(value);
  return `${day} ${name} ${year}`;
}

/** "March 2026" (member since). */
export function formatMonthYear(value: DateInput): string {
  const { name, year } = utc(value);
  return `${name} ${year}`;
}

/** "18 Mar": a day of the coming weeks (delivery windows). */
export function formatDayMonth(value: DateInput): string {
  const { day, short } = utc(value);
  return `${day} ${short}`;
}
