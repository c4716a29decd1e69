// A store's team: invitations by e-mail, permissions, removal, worker profiles.
import { and, asc, eq, ne } from "drizzle-orm";
import { newId, transaction, type Db, type Tx } from "../../infra/db/index.ts";
import { actorUserId, AppError, forbidden, hasRole, withDb, type Ctx } from "../../kernel/index.ts";
import { accountEmailsOf, displayNamesOf } from "../identity/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { assertStorePermission, getStoreAccess, getStoreById } from "./access.ts";
import { storeMembers, stores } from "./schema.ts";
import { hashToken, randomToken, requireUserId, url, userEmail, type StoreRow } from "./shared.ts";
import { memberMachine } from "./states.ts";
import { STORE_PERMISSIONS, teamChangeRefusal, type StorePermission } from "./types.ts";

export interface TeamMemberView {
  id: string;
  userId: string | null;
  email: string;
  name: string;
  permissions: StorePermission[];
  status: "invited" | "active" | "removed";
  workerTitle: string;
  workerBio: string;
  acceptedAt: Date | null;
  createdAt: Date;
}

/** The store's team (invited and active; not removed). Owner-side view with e-mails. */
export async function listTeam(ctx: Ctx, storeId: string): Promise<TeamMemberView[]> {
  await assertStorePermission(ctx, storeId);
  return teamRows(ctx.db, storeId, false);
}

async function teamRows(db: Db, storeId: string, activeOnly: boolean): Promise<TeamMemberView[]> {
  const rows = await db
    .select()
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), activeOnly ? eq(storeMembers.status, "active") : ne(storeMembers.status, "removed")))
    .orderBy(asc(storeMembers.createdAt));
  const names = await displayNamesOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    email: r.email,
    name: (r.userId && names[r.userId]) || r.email,
    permissions: STORE_PERMISSIONS.filter((p) => r.permissions.includes(p)),
    status: r.status,
    workerTitle: r.workerTitle,
    workerBio: r.workerBio,
    acceptedAt: r.acceptedAt,
    createdAt: r.createdAt,
  }));
}

export interface PublicTeamMember {
  name: string;
  title: string;
  bio: string;
  owner: boolean;
}

/** The public team of a store: the owner first, then active members with their worker profiles (no e-mails). */
export async function listPublicTeam(ctx: Ctx, store: Pick<StoreRow, "id" | "ownerUserId">): Promise<PublicTeamMember[]> {
  const names = await displayNamesOf(ctx.db, [store.ownerUserId]);
  const members = await teamRows(ctx.db, store.id, true);
  const ownerRow = members.find((m) => m.userId === store.ownerUserId);
  return [
    {
      name: names[store.ownerUserId] ?? "The owner",
      title: ownerRow?.workerTitle || "Founder",
      bio: ownerRow?.workerBio ?? "",
      owner: true,
    },
    ...members
      .filter((m) => m.userId !== store.ownerUserId)
      .map((m) => ({ name: m.name.includes("@") ? m.name.split("@")[0]! : m.name, title: m.workerTitle, bio: m.workerBio, owner: false })),
  ];
}

/** What the actor may grant in the store's team (the rule is documented at `teamChangeRefusal` in types.ts). */
async function teamGrantor(ctx: Ctx, storeId: string): Promise<{ store: StoreRow; grantor: { full: boolean; holds: StorePermission[] } }> {
  const store = await assertStorePermission(ctx, storeId, "team");
  const access = await getStoreAccess(ctx, store);
  const full = access.role === "owner" || access.role === "admin" || hasRole(ctx.actor, "admin");
  return { store, grantor: { full, holds: access.permissions } };
}

function assertTeamChange(grantor: { full: boolean; holds: StorePermission[] }, before: StorePermission[], after: StorePermission[]): void {
  const refusal = teamChangeRefusal(grantor, before, after);
  if (refusal) throw new AppError("team-permission", refusal, 403, "permissions");
}

/** The member row a team change is about (for update, in `tx`), or a 404. */
async function lockTeamMember(tx: Tx, storeId: string, memberId: string): Promise<typeof storeMembers.$inferSelect> {
  const [row] = await tx
    .select()
    .from(storeMembers)
    .where(and(eq(storeMembers.id, memberId), eq(storeMembers.storeId, storeId), ne(storeMembers.status, "removed")))
    .limit(1)
    .for("update");
  if (!row) throw new AppError("not-found", "That team member was not found.", 404);
  return row;
}

const cleanPermissions = (ps: readonly string[]) => STORE_PERMISSIONS.filter((p) => ps.includes(p));

/** Invite someone by e-mail with permissions; they get a `notice` e-mail with the accept link. Returns the raw token (tests). */
export async function inviteMember(
  ctx: Ctx,
  storeId: string,
  input: { email: string; permissions: StorePermission[] },
): Promise<{ memberId: string; token: string }> {
  const { store, grantor } = await teamGrantor(ctx, storeId);
  const email = input.email.trim().toLowerCase();
  const permissions = STORE_PERMISSIONS.filter((p) => input.permissions.includes(p));
  const inviterId = actorUserId(ctx.actor);
  assertTeamChange(grantor, [], permissions);
  return transaction(ctx.db, async (tx) => {
    const ownerEmail = (await accountEmailsOf(tx, [store.ownerUserId]))[store.ownerUserId];
    if (ownerEmail === email)
      throw new AppError("owner", "That is the store owner's e-mail: the owner is always on the team.", 409, "email");
    const token = randomToken();
    const [existing] = await tx
      .select()
      .from(storeMembers)
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.email, email)))
      .limit(1)
      .for("update");
    let memberId: string;
    if (existing && existing.status === "active") throw new AppError("already-member", `${email} is already on the team.`, 409, "email");
    // Re-sending a pending invitation changes what it grants: the same rule applies to the difference.
    if (existing?.status === "invited") assertTeamChange(grantor, cleanPermissions(existing.permissions), permissions);
    if (existing) {
      memberId = existing.id;
      const invitation = { permissions, inviteTokenHash: hashToken(token), invitedBy: inviterId, userId: null, acceptedAt: null };
      // A pending invitation is sent again (same state); a removed member is invited again (a move).
      if (existing.status === "invited") await tx.update(storeMembers).set(invitation).where(eq(storeMembers.id, existing.id));
      else await memberMachine.transition(withDb(ctx, tx), existing.id, "invited", { reason: "invited again", set: invitation });
    } else {
      memberId = newId("smb");
      await tx
        .insert(storeMembers)
        .values({ id: memberId, storeId, email, permissions, status: "invited", inviteTokenHash: hashToken(token), invitedBy: inviterId });
    }
    const inviter = inviterId ? await userEmail(tx, inviterId) : null;
    await sendEmail(tx, {
      to: email,
      template: "notice",
      params: {
        name: email,
        subject: `Join the team of ${store.name} on Platen`,
        heading: `You are invited to ${store.name}`,
        paragraphs: [
          `${inviter?.name ?? "The store owner"} invited you to help run @${store.handle} on Platen.`,
          permissions.length
            ? `You will be able to manage: ${permissions.join(", ")}.`
            : "You will be able to view the store's administration.",
          "Sign in (or create an account) with this e-mail address, then accept the invitation.",
        ],
        actionLabel: "Accept the invitation",
        actionUrl: url(`/team/invite/${encodeURIComponent(token)}`),
        reason: `Someone on the team of ${store.name} entered your e-mail address.`,
      },
    });
    return { memberId, token };
  });
}

export interface InvitationView {
  storeName: string;
  storeHandle: string;
  email: string;
  permissions: StorePermission[];
  status: "invited" | "active" | "removed";
}

/** The invitation behind a token, or null (unknown or withdrawn). */
export async function getInvitation(ctx: Ctx, token: string): Promise<InvitationView | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({ m: storeMembers, name: stores.name, handle: stores.handle })
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .where(eq(storeMembers.inviteTokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.m.status === "removed") return null;
  return {
    storeName: row.name,
    storeHandle: row.handle,
    email: row.m.email,
    permissions: STORE_PERMISSIONS.filter((p) => row.m.permissions.includes(p)),
    status: row.m.status,
  };
}

/** Accept an invitation while signed in with the invited e-mail. */
export async function acceptInvitation(ctx: Ctx, token: string): Promise<{ storeHandle: string }> {
  const userId = requireUserId(ctx, "Sign in to accept the invitation.");
  return transaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(storeMembers)
      .where(eq(storeMembers.inviteTokenHash, hashToken(token)))
      .limit(1)
      .for("update");
    if (!row || row.status === "removed")
      throw new AppError("not-found", "This invitation is no longer valid. Ask the store owner for a new one.", 404);
    const [store] = await tx.select({ handle: stores.handle }).from(stores).where(eq(stores.id, row.storeId)).limit(1);
    if (row.status === "active") {
      if (row.userId === userId) return { storeHandle: store!.handle };
      throw new AppError("used", "This invitation was already accepted.", 409);
    }
    const myEmail = (await accountEmailsOf(tx, [userId]))[userId];
    if (myEmail !== row.email)
      throw new AppError("wrong-account", `This invitation is for ${row.email}. Sign in with that address to accept it.`, 403);
    await memberMachine.transition(withDb(ctx, tx), row.id, "active", {
      reason: "invitation accepted",
      set: { userId, acceptedAt: ctx.clock.now() },
    });
    return { storeHandle: store!.handle };
  });
}

/** Change a member's permissions: the owner and admins freely; a member with "team" within the rule of `teamChangeRefusal`. */
export async function updateMemberPermissions(ctx: Ctx, storeId: string, memberId: string, permissions: StorePermission[]): Promise<void> {
  const { store, grantor } = await teamGrantor(ctx, storeId);
  const clean = cleanPermissions(permissions);
  const me = actorUserId(ctx.actor);
  await transaction(ctx.db, async (tx) => {
    const row = await lockTeamMember(tx, storeId, memberId);
    if (!grantor.full && row.userId && row.userId === me)
      throw new AppError("team-permission", "You cannot change your own permissions. Ask the store owner.", 403, "permissions");
    if (!grantor.full && row.userId && row.userId === store.ownerUserId)
      throw new AppError("team-permission", "Only the store owner can change the owner's place on the team.", 403, "permissions");
    assertTeamChange(grantor, cleanPermissions(row.permissions), clean);
    await tx.update(storeMembers).set({ permissions: clean }).where(eq(storeMembers.id, row.id));
  });
}

/** Remove a member (or withdraw an invitation). A member with "team" removes only members he could have appointed, or himself. */
export async function removeMember(ctx: Ctx, storeId: string, memberId: string): Promise<void> {
  const { store, grantor } = await teamGrantor(ctx, storeId);
  const me = actorUserId(ctx.actor);
  await transaction(ctx.db, async (tx) => {
    const row = await lockTeamMember(tx, storeId, memberId);
    const leaving = row.userId !== null && row.userId === me;
    if (!grantor.full && !leaving) {
      if (row.userId && row.userId === store.ownerUserId)
        throw new AppError("team-permission", "Only the store owner can change the owner's place on the team.", 403, "permissions");
      if (teamChangeRefusal(grantor, cleanPermissions(row.permissions), []))
        throw new AppError(
          "team-permission",
          "You can only remove members whose permissions you could grant yourself. Ask the store owner.",
          403,
          "permissions",
        );
    }
    await memberMachine.transition(withDb(ctx, tx), row.id, "removed", {
      reason: leaving ? "left the team" : row.status === "invited" ? "invitation withdrawn" : "removed",
      set: { inviteTokenHash: null },
    });
  });
}

/** The signed-in member's own worker profile (title, bio). The owner gets a row of their own on first save. */
export async function updateMyWorkerProfile(ctx: Ctx, storeId: string, input: { workerTitle: string; workerBio: string }): Promise<void> {
  const userId = requireUserId(ctx);
  const store = await getStoreById(ctx, storeId);
  if (!store) throw new AppError("not-found", "That store was not found.", 404);
  if (store.ownerUserId === userId) {
    const myEmail = (await accountEmailsOf(ctx.db, [userId]))[userId];
    if (!myEmail) throw new AppError("not-found", "Your account was not found.", 404);
    await ctx.db
      .insert(storeMembers)
      .values({
        id: newId("smb"),
        storeId,
        userId,
        email: myEmail,
        permissions: [...STORE_PERMISSIONS],
        status: "active",
        workerTitle: input.workerTitle,
        workerBio: input.workerBio,
        acceptedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [storeMembers.storeId, storeMembers.email],
        set: { workerTitle: input.workerTitle, workerBio: input.workerBio, userId, status: "active" },
      });
    return;
  }
  const res = await ctx.db
    .update(storeMembers)
    .set({ workerTitle: input.workerTitle, workerBio: input.workerBio })
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId), eq(storeMembers.status, "active")))
    .returning({ id: storeMembers.id });
  if (!res.length) throw forbidden("Only the store's team members have a worker profile here.");
}

/** The signed-in user's own worker profile in a store (empty for an owner who never saved one). */
export async function getMyWorkerProfile(ctx: Ctx, storeId: string): Promise<{ workerTitle: string; workerBio: string }> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return { workerTitle: "", workerBio: "" };
  const [row] = await ctx.db
    .select({ workerTitle: storeMembers.workerTitle, workerBio: storeMembers.workerBio })
    .from(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId), eq(storeMembers.status, "active")))
    .limit(1);
  return row ?? { workerTitle: "", workerBio: "" };
}
