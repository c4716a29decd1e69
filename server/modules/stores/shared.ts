// Helpers shared by the stores module's files (not part of its public API).
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "../../config/env.ts";
import type { Db } from "../../infra/db/index.ts";
import { users } from "../../infra/db/schema.ts";
import { actorUserId, AppError, systemCtx as kernelSystemCtx, type Ctx } from "../../kernel/index.ts";
import type { fanClubPerks, fanClubPosts, partnerApplications, storeMembers, stores } from "./schema.ts";

export type StoreRow = typeof stores.$inferSelect;
export type ApplicationRow = typeof partnerApplications.$inferSelect;
export type StoreMemberRow = typeof storeMembers.$inferSelect;
export type FanClubPostRow = typeof fanClubPosts.$inferSelect;
export type FanClubPerkRow = typeof fanClubPerks.$inferSelect;

export const url = (path: string) => `${env().PUBLIC_URL}${path}`;
export const hashToken = (raw: string) => createHash("sha256").update(raw).digest("hex");
export const randomToken = () => randomBytes(24).toString("base64url");
export const stripAt = (h: string) => h.trim().toLowerCase().replace(/^@/, "");

export function requireUserId(ctx: Ctx, message = "Sign in first."): string {
  const id = actorUserId(ctx.actor);
  if (!id) throw new AppError("unauthenticated", message, 401);
  return id;
}

export async function userEmail(db: Db, userId: string): Promise<{ email: string; name: string } | null> {
  const [u] = await db
    .select({ email: users.email, displayName: users.displayName, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ? { email: u.email, name: u.displayName || u.firstName || u.email } : null;
}

/** The system actor's ctx (seeds, jobs). */
export const systemCtx = (db: Db, reason = "stores"): Ctx => kernelSystemCtx(db, reason);
