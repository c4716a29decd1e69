// Helpers shared by the stores module's files (not part of its public API).
import { createHash, randomBytes } from "node:crypto";
import { env } from "../../config/env.ts";
import type { Db } from "../../infra/db/index.ts";
import { actorUserId, AppError, systemCtx as kernelSystemCtx, type Ctx } from "../../kernel/index.ts";
import { contactsOf } from "../identity/index.ts";
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

/** Where to write to a user (identity's contacts), or null if the account is gone. */
export async function userEmail(db: Db, userId: string): Promise<{ email: string; name: string } | null> {
  return (await contactsOf(db, [userId]))[userId] ?? null;
}

/** The system actor's ctx (seeds, jobs). */
export const systemCtx = (db: Db, reason = "stores"): Ctx => kernelSystemCtx(db, reason);
