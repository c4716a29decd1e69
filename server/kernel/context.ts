import type { Db } from "../infra/db/index.ts";
import type { Role } from "../modules/identity/schema.ts";

/** Who is acting: every service function receives it, so permission is checked in one place. */
export type Actor =
  | { kind: "anonymous"; ip?: string }
  | { kind: "system"; reason: string }
  | { kind: "user"; userId: string; roles: readonly Role[]; sessionId?: string; authTime?: Date; ip?: string };

export interface Ctx {
  db: Db;
  actor: Actor;
}

export const anonymous = (ip?: string): Actor => ({ kind: "anonymous", ip });
export const system = (reason: string): Actor => ({ kind: "system", reason });

export function hasRole(actor: Actor, role: Role): boolean {
  return actor.kind === "system" || (actor.kind === "user" && actor.roles.includes(role));
}
