import { z } from "zod";

/** Browser-safe types of the stores module (partners, stores, team members, fan clubs). */
export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type PartnerApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const STORE_STATUSES = ["active", "suspended"] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** What a team member ("worker") may do in a store's administration. The owner may do everything. */
export const STORE_PERMISSIONS = ["products", "profile", "team", "analytics", "orders"] as const;
export type StorePermission = (typeof STORE_PERMISSIONS)[number];

export const MEMBER_STATUSES = ["invited", "active", "removed"] as const;
export type StoreMemberStatus = (typeof MEMBER_STATUSES)[number];

/** A store handle: what follows `@` in `/shop/stores/@{name}`. Stored lowercase. */
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;
export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ""))
  .pipe(
    z
      .string()
      .min(3, "A handle has at least 3 characters.")
      .max(30, "A handle has at most 30 characters.")
      .regex(HANDLE_PATTERN, "Use lowercase letters, digits and dashes (not at the start or end)."),
  );

export const storeLinkSchema = z.object({ label: z.string().max(40), url: z.url() });
export type StoreLink = z.infer<typeof storeLinkSchema>;
