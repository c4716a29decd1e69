// Formatting shared by the checkout, payment and order pages (browser-safe).
import type { OrderAddress } from "#server/modules/orders/types.ts";
import { COUNTRIES } from "#server/modules/identity/types.ts";
import { formatDayMonth } from "#app/lib/dates.ts";

const isoDay = (value: string) => new Date(`${value}T00:00:00Z`);

/**
 * A delivery window in Platen's date style (UTC, day before month): "18–21 Mar", "30 Mar – 2 Apr",
 * or "18 Mar" when both ends are the same day.
 */
export function formatWindow(estimate: { from: string; to: string }): string {
  const from = isoDay(estimate.from);
  const to = isoDay(estimate.to);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return "";
  if (estimate.from === estimate.to) return formatDayMonth(from);
  if (from.getUTCMonth() === to.getUTCMonth() && from.getUTCFullYear() === to.getUTCFullYear())
    return `${from.getUTCDate()}–${formatDayMonth(to)}`;
  return `${formatDayMonth(from)} – ${formatDayMonth(to)}`;
}

/** "Arrives 18–21 Mar". */
export const arrivesText = (estimate: { from: string; to: string }) => `Arrives ${formatWindow(estimate)}`;

const countryNames = new Map(COUNTRIES.map((c) => [c.code, c.name]));
export const countryName = (code: string) => countryNames.get(code) ?? code;

/** The lines of an address as a label shows them. */
export function addressLines(
  a: Pick<OrderAddress, "fullName" | "line1" | "line2" | "city" | "region" | "postalCode" | "country">,
): string[] {
  return [
    a.fullName,
    a.line1,
    a.line2,
    [a.city, a.region, a.postalCode].filter(Boolean).join(a.country === "US" || a.country === "CA" ? ", " : " "),
    countryName(a.country),
  ].filter((l) => l && l.trim());
}

/** "Ships from Portland, OR": a warehouse's name is its city and region (the fulfillment module names them so). */
export const shipsFromText = (warehouseName: string) => `Ships from ${warehouseName}`;

/** "Visa •••• 4242". */
export function cardText(brand: string | null, last4: string | null): string {
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : "Card";
  return last4 ? `${name} •••• ${last4}` : name;
}
