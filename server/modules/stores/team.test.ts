// Who may grant which store permission (the rule is documented beside STORE_PERMISSIONS in types.ts).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeStore, makeUser } from "../../../tests/support/factories.ts";
import { acceptInvitation, getStoreAccess, inviteMember, removeMember, updateMemberPermissions, type StorePermission } from "./index.ts";
import { storeMembers } from "./schema.ts";

const t = useTestDatabase();

let n = 0;
/** A store with its owner, and a member holding `permissions` (invited by the owner, accepted). */
async function storeWithMember(permissions: StorePermission[]) {
  n++;
  const { owner, store } = await makeStore(t.db, { handle: `team-rules-${n}` });
  const member = await makeUser(t.db, { email: `member${n}@team.test` });
  const invited = await inviteMember(t.ctx(owner), store.id, { email: `member${n}@team.test`, permissions });
  await acceptInvitation(t.ctx(member), invited.token);
  const other = await makeUser(t.db, { email: `other${n}@team.test` });
  const otherInvite = await inviteMember(t.ctx(owner), store.id, { email: `other${n}@team.test`, permissions: ["analytics"] });
  await acceptInvitation(t.ctx(other), otherInvite.token);
  return { owner, store, member, memberId: invited.memberId, other, otherId: otherInvite.memberId };
}

const permissionsOf = async (memberId: string) =>
  (await t.db.select({ p: storeMembers.permissions }).from(storeMembers).where(eq(storeMembers.id, memberId)))[0]!.p;

describe("team permissions: no escalation", () => {
  it("a member with only 'team' cannot grant himself any other permission", async () => {
    const { store, member, memberId } = await storeWithMember(["team"]);
    await expect(
      updateMemberPermissions(t.ctx(member), store.id, memberId, ["team", "products", "profile", "orders"]),
    ).rejects.toMatchObject({
      status: 403,
      field: "permissions",
      message: expect.stringMatching(/your own permissions/i),
    });
    // not even dropping one of his own
    await expect(updateMemberPermissions(t.ctx(member), store.id, memberId, [])).rejects.toMatchObject({ status: 403 });
    expect(await permissionsOf(memberId)).toEqual(["team"]);
    expect((await getStoreAccess(t.ctx(member), store)).permissions).toEqual(["team"]);
  });

  it("a member grants others only permissions he holds, and never 'team'", async () => {
    const { store, member, other, otherId } = await storeWithMember(["team", "products"]);
    // a permission he does not hold
    await expect(updateMemberPermissions(t.ctx(member), store.id, otherId, ["analytics", "orders"])).rejects.toMatchObject({
      status: 403,
      field: "permissions",
      message: expect.stringMatching(/Orders/),
    });
    // "team" itself, although he holds it
    await expect(updateMemberPermissions(t.ctx(member), store.id, otherId, ["analytics", "team"])).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/owner/i),
    });
    expect(await permissionsOf(otherId)).toEqual(["analytics"]);
    // what he holds: fine (and "analytics", which the other already had, may stay)
    await updateMemberPermissions(t.ctx(member), store.id, otherId, ["analytics", "products"]);
    expect((await getStoreAccess(t.ctx(other), store)).permissions).toEqual(["products", "analytics"]);
    // taking away one he holds: fine; taking away one he does not hold: refused
    await expect(updateMemberPermissions(t.ctx(member), store.id, otherId, ["products"])).rejects.toMatchObject({ status: 403 });
    await updateMemberPermissions(t.ctx(member), store.id, otherId, ["analytics"]);
    expect(await permissionsOf(otherId)).toEqual(["analytics"]);
  });

  it("invitations follow the same rule", async () => {
    const { store, member } = await storeWithMember(["team", "products"]);
    await expect(
      inviteMember(t.ctx(member), store.id, { email: "friend1@team.test", permissions: ["products", "orders"] }),
    ).rejects.toMatchObject({
      status: 403,
      field: "permissions",
    });
    await expect(inviteMember(t.ctx(member), store.id, { email: "friend2@team.test", permissions: ["team"] })).rejects.toMatchObject({
      status: 403,
      field: "permissions",
    });
    const ok = await inviteMember(t.ctx(member), store.id, { email: "friend3@team.test", permissions: ["products"] });
    expect(await permissionsOf(ok.memberId)).toEqual(["products"]);
    const none = await t.db
      .select()
      .from(storeMembers)
      .where(and(eq(storeMembers.storeId, store.id), eq(storeMembers.email, "friend1@team.test")));
    expect(none).toHaveLength(0);
  });

  it("a member cannot remove a member he could not have appointed", async () => {
    const { owner, store, member, otherId } = await storeWithMember(["team"]);
    await updateMemberPermissions(t.ctx(owner), store.id, otherId, ["team", "orders"]);
    await expect(removeMember(t.ctx(member), store.id, otherId)).rejects.toMatchObject({ status: 403 });
    await updateMemberPermissions(t.ctx(owner), store.id, otherId, []);
    await removeMember(t.ctx(member), store.id, otherId);
  });

  it("the owner and an admin grant anything, 'team' included", async () => {
    const { owner, store, memberId, otherId, other } = await storeWithMember(["products"]);
    const admin = await makeUser(t.db, { email: `admin${n}@team.test`, roles: ["admin"] });
    await updateMemberPermissions(t.ctx(owner), store.id, memberId, ["team", "products", "orders"]);
    expect(await permissionsOf(memberId)).toEqual(["products", "team", "orders"]);
    await updateMemberPermissions(t.ctx(admin), store.id, otherId, ["team", "profile"]);
    expect((await getStoreAccess(t.ctx(other), store)).permissions).toEqual(["profile", "team"]);
    const inv = await inviteMember(t.ctx(admin), store.id, { email: "helper@team.test", permissions: ["team", "orders"] });
    expect(await permissionsOf(inv.memberId)).toEqual(["team", "orders"]);
  });
});
