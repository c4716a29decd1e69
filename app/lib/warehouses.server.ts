// What the warehouse pages of a print shop share: the guard for one warehouse, the form's choices
// and values, and how a warehouse's clock reads.
import { notFoundMessage } from "#app/lib/not-found.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import type { SessionInfo } from "#app/lib/session.server.ts";
import type { Ctx } from "#server/kernel/index.ts";
import {
  getWarehouse,
  timeZoneNames,
  warehouseClock,
  type FulfillerRow,
  type WarehouseDetail,
  type WarehouseRow,
} from "#server/modules/fulfillment/index.ts";
import { COUNTRIES } from "#server/modules/identity/types.ts";
import type { WarehouseFormChoices, WarehouseFormValues } from "#app/lib/warehouse-form.ts";

const WAREHOUSE_ID = /^wh_[0-9a-z]{26}$/;

/**
 * One warehouse of the print shop in the address (`/fulfillment/@{name}/administration/warehouses/{id}`):
 * the shop's owner and admins get it; a malformed or unknown id, or a warehouse of another shop,
 * is a 404 (requireFulfillerAccess already sends visitors to sign in and others to a 404).
 */
export async function requireWarehouse(
  request: Request,
  handle: string | undefined,
  warehouseId: string | undefined,
): Promise<SessionInfo & { ctx: Ctx; fulfiller: FulfillerRow; warehouse: WarehouseDetail }> {
  const access = await requireFulfillerAccess(request, handle);
  const missing = () => new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  if (!warehouseId || !WAREHOUSE_ID.test(warehouseId)) throw missing();
  const warehouse = await orRespond(getWarehouse(access.ctx, warehouseId)).catch((error: unknown) => {
    if (error instanceof Response && error.status === 404) throw missing();
    throw error;
  });
  if (warehouse.fulfillerId !== access.fulfiller.id) throw missing();
  return { ...access, warehouse };
}

/** Countries and time zones for the warehouse form. */
export function warehouseChoices(): WarehouseFormChoices {
  return { countries: COUNTRIES.map((c) => ({ code: c.code, name: c.name })), timeZones: timeZoneNames() };
}

/** A stored warehouse as the form shows it. */
export function warehouseFormValues(w: WarehouseRow): WarehouseFormValues {
  return {
    name: w.name,
    line1: w.line1,
    line2: w.line2,
    city: w.city,
    region: w.region,
    postalCode: w.postalCode,
    country: w.country,
    phone: w.phone,
    cutoffTime: w.cutoffTime,
    timeZone: w.timeZone,
    capacityPerDay: w.capacityPerDay === null ? "" : String(w.capacityPerDay),
  };
}

/** The fields a warehouse form posts (strings as typed). */
export const WAREHOUSE_FORM_FIELDS = [
  "name",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "phone",
  "cutoffTime",
  "timeZone",
  "capacityPerDay",
] as const;

/** The warehouse form's fields from a posted form ("" for a field not posted). */
export function warehouseFormInput(form: FormData): Record<(typeof WAREHOUSE_FORM_FIELDS)[number], string> {
  return Object.fromEntries(
    WAREHOUSE_FORM_FIELDS.map((k) => {
      const v = form.get(k);
      return [k, typeof v === "string" ? v : ""];
    }),
  ) as Record<(typeof WAREHOUSE_FORM_FIELDS)[number], string>;
}

const hoursAndMinutes = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? (m ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
};

/** "14:05 local time · cut-off 14:00 passed" and the like, from the server's clock. */
export function clockView(w: Pick<WarehouseRow, "cutoffTime" | "timeZone">, now: Date) {
  const c = warehouseClock(w, now);
  return {
    localTime: c.time,
    localDate: c.date,
    pastCutoff: c.pastCutoff,
    status: c.pastCutoff
      ? `Today's cut-off (${w.cutoffTime}) has passed: orders paid now start tomorrow.`
      : `Cut-off at ${w.cutoffTime}, in ${hoursAndMinutes(c.minutesToCutoff)}.`,
  };
}
