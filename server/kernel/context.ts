import type { Db } from "../infra/db/index.ts";
import { forbidden } from "./errors.ts";
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

/** The signed-in user's id, or null for visitors and the system (e.g. `createdBy` columns). */
export function actorUserId(actor: Actor): string | null {
  return actor.kind === "user" ? actor.userId : null;
}

/** Refuse (403, with `message`) unless the actor holds `role`: the one permission check of services. */
export function assertRole(ctx: Ctx, role: Role, message?: string): void {
  if (!hasRole(ctx.actor, role)) throw forbidden(message);
}
