// The shapes the warehouse form shares between its pages' loaders and its fields (browser-safe).

/** The fields a warehouse form posts, as typed. */
export type WarehouseFormValues = Partial<
  Record<
    "name" | "line1" | "line2" | "city" | "region" | "postalCode" | "country" | "phone" | "cutoffTime" | "timeZone" | "capacityPerDay",
    string
  >
>;

/** Choices the loader gives the form: countries (code, name) and IANA time zones. */
export interface WarehouseFormChoices {
  countries: { code: string; name: string }[];
  timeZones: string[];
}
