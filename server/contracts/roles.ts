// The roles a user may hold (several at once). Shared by identity, the kernel's permission checks
// and the web layer.
export const ROLES = ["admin", "partner", "fulfiller", "shopper"] as const;
export type Role = (typeof ROLES)[number];
