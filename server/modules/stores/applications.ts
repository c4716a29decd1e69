// Partner applications: submitted by a shopper, approved (a store opens) or rejected by an admin.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { newId, transaction, isUniqueViolation, UntilWriteMemo, type Db } from "../../infra/db/index.ts";
import { actorUserId, AppError, assertRole, hasRole, withDb, type Ctx } from "../../kernel/index.ts";
import { isFulfillerHandleTaken } from "../fulfillment/index.ts";
import { contactsOf, displayNamesOf, grantRole } from "../identity/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { recordAudit } from "../platform/index.ts";
import { checkHandle } from "./access.ts";
import { partnerApplications, stores } from "./schema.ts";
import { requireUserId, url, userEmail, type ApplicationRow, type StoreRow } from "./shared.ts";
import { applicationMachine } from "./states.ts";
import { applicationSchema, type ApplicationInput } from "./types.ts";

/** The signed-in user's latest application (any status), or null. */
export async function getMyApplication(ctx: Ctx): Promise<ApplicationRow | null> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return null;
  const [row] = await ctx.db
    .select()
    .from(partnerApplications)
    .where(eq(partnerApplications.userId, userId))
    .orderBy(desc(partnerApplications.createdAt))
    .limit(1);
  return row ?? null;
}

/** Apply to become a partner. One pending application per user; the handle must be free. */
export async function submitApplication(ctx: Ctx, input: ApplicationInput): Promise<ApplicationRow> {
  const userId = requireUserId(ctx, "Sign in to apply.");
  const parsed = applicationSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid-application", issue.message, 400, String(issue.path[0] ?? "_form"));
  }
  const data = parsed.data;
  return transaction(ctx.db, async (tx) => {
    const [pending] = await tx
      .select({ id: partnerApplications.id })
      .from(partnerApplications)
      .where(and(eq(partnerApplications.userId, userId), eq(partnerApplications.status, "pending")))
      .limit(1);
    if (pending)
      throw new AppError(
        "application-pending",
        "You already have an application waiting for review. We will e-mail you when it is decided.",
        409,
      );
    const check = await checkHandle(withDb(ctx, tx), data.handle);
    if (!check.available) throw new AppError("handle-taken", check.message, 409, "handle");
    try {
      const [row] = await tx
        .insert(partnerApplications)
        .values({
          id: newId("papp"),
          userId,
          storeName: data.storeName,
          handle: check.handle,
          bio: data.bio,
          links: data.links,
          acceptedTermsAt: new Date(),
        })
        .returning();
      return row!;
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError("handle-taken", `@${check.handle} is already taken. Try another handle.`, 409, "handle");
      throw e;
    }
  });
}

export interface ApplicationView extends ApplicationRow {
  applicantEmail: string;
  applicantName: string;
}

/** Applications for admins: pending first (oldest first), then decided (newest first). */
export async function listApplications(
  ctx: Ctx,
  opts: { status?: "pending" | "approved" | "rejected" | "all"; limit?: number } = {},
): Promise<ApplicationView[]> {
  assertRole(ctx, "admin", "Only admins can review partner applications.");
  const rows = await ctx.db
    .select()
    .from(partnerApplications)
    .where(opts.status && opts.status !== "all" ? eq(partnerApplications.status, opts.status) : undefined)
    .orderBy(
      sql`case when ${partnerApplications.status} = 'pending' then 0 else 1 end`,
      sql`case when ${partnerApplications.status} = 'pending' then ${partnerApplications.createdAt} end asc`,
      desc(partnerApplications.decidedAt),
    )
    .limit(opts.limit ?? 200);
  const ids = rows.map((r) => r.userId);
  const contacts = await contactsOf(ctx.db, ids);
  const names = await displayNamesOf(ctx.db, ids);
  return rows.map((r) => ({ ...r, applicantEmail: contacts[r.userId]?.email ?? "", applicantName: names[r.userId] ?? "" }));
}

/** The admin navigation's count, on every admin page: kept until the next write (embedded engine, ADR 0016). */
const pendingCount = new UntilWriteMemo<number>(1);

export async function countPendingApplications(ctx: Ctx): Promise<number> {
  if (!hasRole(ctx.actor, "admin")) return 0;
  return pendingCount.get(ctx.db, "pending", async () => {
    const [row] = await ctx.db.select({ n: count() }).from(partnerApplications).where(eq(partnerApplications.status, "pending"));
    return row?.n ?? 0;
  });
}

async function lockPending(tx: Db, id: string): Promise<ApplicationRow> {
  const [app] = await tx.select().from(partnerApplications).where(eq(partnerApplications.id, id)).limit(1).for("update");
  if (!app) throw new AppError("not-found", "That application was not found.", 404);
  if (app.status !== "pending") throw new AppError("already-decided", `This application was already ${app.status}.`, 409);
  return app;
}

/**
 * Approve an application (admins): in one transaction the store is created, the applicant gets
 * the partner role and a `notice` e-mail.
 */
export async function approveApplication(ctx: Ctx, id: string, note = ""): Promise<StoreRow> {
  assertRole(ctx, "admin", "Only admins can approve partner applications.");
  const adminId = actorUserId(ctx.actor);
  return transaction(ctx.db, async (tx) => {
    const app = await lockPending(tx, id);
    const [clash] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.handle, app.handle)).limit(1);
    if (clash || (await isFulfillerHandleTaken(tx, app.handle)))
      throw new AppError(
        "handle-taken",
        `@${app.handle} was taken in the meantime. Reject the application and ask for another handle.`,
        409,
      );
    const now = ctx.clock.now();
    const [store] = await tx
      .insert(stores)
      .values({ id: newId("sto"), handle: app.handle, name: app.storeName, ownerUserId: app.userId, bio: app.bio, links: app.links })
      .returning();
    await applicationMachine.transition(withDb(ctx, tx), app.id, "approved", {
      reason: note.trim(),
      set: { decisionNote: note.trim(), decidedBy: adminId, decidedAt: now, storeId: store!.id },
    });
    const who = await userEmail(tx, app.userId);
    if (who) {
      await grantRole(withDb(ctx, tx), app.userId, "partner");
      await sendEmail(tx, {
        to: who.email,
        template: "notice",
        params: {
          name: who.name,
          subject: `Welcome to Platen: @${app.handle} is open`,
          heading: `Your store ${app.storeName} is approved`,
          paragraphs: [
            "Good news: your application to sell on Platen was approved and your store is ready.",
            ...(note.trim() ? [`A note from the Platen team: ${note.trim()}`] : []),
            "Open your store's administration to finish your profile and design your first product.",
          ],
          actionLabel: "Get started",
          actionUrl: url(`/shop/partners/@${app.handle}/administration/getting-started`),
          reason: "You applied to sell on Platen.",
        },
      });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "partner.application.approve",
      targetType: "store",
      targetId: store!.id,
      data: { applicationId: app.id, handle: app.handle },
    });
    return store!;
  });
}

/** Reject an application with a reason (admins); the applicant gets a `notice` e-mail. */
export async function rejectApplication(ctx: Ctx, id: string, reason: string): Promise<void> {
  assertRole(ctx, "admin", "Only admins can reject partner applications.");
  const why = reason.trim();
  if (why.length < 5) throw new AppError("reason-required", "Give the applicant a reason (at least 5 characters).", 400, "reason");
  const adminId = actorUserId(ctx.actor);
  await transaction(ctx.db, async (tx) => {
    const app = await lockPending(tx, id);
    await applicationMachine.transition(withDb(ctx, tx), app.id, "rejected", {
      reason: why,
      set: { decisionNote: why, decidedBy: adminId, decidedAt: ctx.clock.now() },
    });
    const who = await userEmail(tx, app.userId);
    if (who) {
      await sendEmail(tx, {
        to: who.email,
        template: "notice",
        params: {
          name: who.name,
          subject: "Your Platen partner application",
          heading: "Your application was not approved",
          paragraphs: [
            `Thank you for applying to open ${app.storeName} on Platen. We could not approve the application this time.`,
            `Reason: ${why}`,
            "You are welcome to apply again once this is addressed.",
          ],
          actionLabel: "Apply again",
          actionUrl: url("/shop/partners/register"),
          reason: "You applied to sell on Platen.",
        },
      });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "partner.application.reject",
      targetType: "partner_application",
      targetId: app.id,
      data: { reason: why },
    });
  });
}
