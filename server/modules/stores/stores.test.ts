import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeStore as makeStoreVia, makeUser as makeUserVia } from "../../../tests/support/factories.ts";
import { emailMessages, outbox, users } from "../../schema.ts";
import type { Role } from "../identity/index.ts";
import {
  acceptInvitation,
  approveApplication,
  accessAllows,
  checkHandle,
  createFanClubPost,
  getFanClub,
  getStoreAccess,
  getStoreByHandle,
  inviteMember,
  isFanClubMember,
  joinFanClub,
  leaveFanClub,
  listPublicStores,
  listApplications,
  listStoresForAdmin,
  notifyFanClubOfNewProduct,
  parseHandleParam,
  rejectApplication,
  removeMember,
  submitApplication,
  suspendStore,
  reinstateStore,
  unsubscribeByToken,
  updateMemberPermissions,
  fanClubNewProductHandler,
  FAN_CLUB_NEW_PRODUCT_TOPIC,
} from "./index.ts";
import { fanClubMembers, partnerApplications } from "./schema.ts";

const t = useTestDatabase();

const makeUser = (email: string, roles: Role[] = ["shopper"]) => makeUserVia(t.db, { email, roles });

const app = (handle: string, storeName = "Test Store") => ({
  storeName,
  handle,
  bio: "I draw things that make people smile every day.",
  links: "Site | https://example.com",
  acceptTerms: "on" as const,
});

describe("handles", () => {
  it("parses only @handles", () => {
    expect(parseHandleParam("@inkwell")).toBe("inkwell");
    expect(parseHandleParam("inkwell")).toBeNull();
    expect(parseHandleParam("@Ink")).toBeNull();
    expect(parseHandleParam("@-bad")).toBeNull();
    expect(parseHandleParam(undefined)).toBeNull();
  });
  it("refuses reserved and malformed handles", async () => {
    const ctx = t.ctx({ kind: "anonymous" });
    expect((await checkHandle(ctx, "admin")).available).toBe(false);
    expect((await checkHandle(ctx, "a")).message).toMatch(/at least 3/);
    expect((await checkHandle(ctx, "fresh-handle")).available).toBe(true);
  });
});

describe("applications", () => {
  it("approve creates the store, grants the partner role and e-mails, in one transaction", async () => {
    const admin = await makeUser("adm1@test.dev", ["admin", "shopper"]);
    const applicant = await makeUser("app1@test.dev");
    const a = await submitApplication(t.ctx(applicant), app("first-store", "First Store"));
    await expect(submitApplication(t.ctx(applicant), app("second-store"))).rejects.toMatchObject({ status: 409 });
    await expect(approveApplication(t.ctx(applicant), a.id)).rejects.toMatchObject({ status: 403 });
    const store = await approveApplication(t.ctx(admin), a.id, "Lovely work");
    expect(store.handle).toBe("first-store");
    const [u] = await t.db.select().from(users).where(eq(users.id, applicant.userId));
    expect(u!.roles).toContain("partner");
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "app1@test.dev"));
    expect(mails.some((m) => JSON.stringify(m.params).includes("Lovely work"))).toBe(true);
    await expect(approveApplication(t.ctx(admin), a.id)).rejects.toMatchObject({ status: 409 });
  });

  it("refuses a duplicate handle next to the field", async () => {
    const x = await makeUser("dup1@test.dev");
    const y = await makeUser("dup2@test.dev");
    await submitApplication(t.ctx(x), app("same-handle"));
    await expect(submitApplication(t.ctx(y), app("same-handle"))).rejects.toMatchObject({ status: 409, field: "handle" });
    await expect(submitApplication(t.ctx(y), app("first-store"))).rejects.toMatchObject({ field: "handle" });
  });

  it("reject needs a reason and e-mails the applicant", async () => {
    const admin = await makeUser("adm2@test.dev", ["admin"]);
    const applicant = await makeUser("rej@test.dev");
    const a = await submitApplication(t.ctx(applicant), app("rejected-one"));
    await expect(rejectApplication(t.ctx(admin), a.id, "")).rejects.toMatchObject({ field: "reason" });
    await rejectApplication(t.ctx(admin), a.id, "Artwork looks copied.");
    const [row] = await t.db.select().from(partnerApplications).where(eq(partnerApplications.id, a.id));
    expect(row!.status).toBe("rejected");
    expect(await getStoreByHandle(t.ctx(admin), "rejected-one")).toBeNull();
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "rej@test.dev"));
    expect(mails).toHaveLength(1);
  });
});

async function makeStore(handle: string, ownerEmail: string) {
  return makeStoreVia(t.db, { handle, owner: await makeUser(ownerEmail) });
}

describe("access and team", () => {
  it("owner, member with permissions, another store's owner, admin", async () => {
    const { owner, store } = await makeStore("team-store", "own@test.dev");
    const { owner: other } = await makeStore("other-store", "other@test.dev");
    const admin = await makeUser("adm3@test.dev", ["admin"]);
    expect((await getStoreAccess(t.ctx(owner), store)).role).toBe("owner");
    expect((await getStoreAccess(t.ctx(other), store)).role).toBe("none");
    expect(accessAllows(await getStoreAccess(t.ctx(other), store))).toBe(false);
    expect((await getStoreAccess(t.ctx(admin), store)).role).toBe("admin");
    expect((await getStoreAccess(t.ctx({ kind: "anonymous" }), store)).role).toBe("none");

    const worker = await makeUser("worker@test.dev");
    await expect(inviteMember(t.ctx(other), store.id, { email: "worker@test.dev", permissions: ["products"] })).rejects.toMatchObject({
      status: 403,
    });
    const { memberId, token } = await inviteMember(t.ctx(owner), store.id, { email: "worker@test.dev", permissions: ["products"] });
    expect((await getStoreAccess(t.ctx(worker), store)).role).toBe("none");
    await expect(acceptInvitation(t.ctx(other), token)).rejects.toMatchObject({ status: 403 });
    await acceptInvitation(t.ctx(worker), token);
    const access = await getStoreAccess(t.ctx(worker), store);
    expect(access).toMatchObject({ role: "member", permissions: ["products"] });
    expect(accessAllows(access, "products")).toBe(true);
    expect(accessAllows(access, "team")).toBe(false);
    await expect(inviteMember(t.ctx(worker), store.id, { email: "x@test.dev", permissions: [] })).rejects.toMatchObject({ status: 403 });
    await updateMemberPermissions(t.ctx(owner), store.id, memberId, ["products", "team"]);
    expect(accessAllows(await getStoreAccess(t.ctx(worker), store), "team")).toBe(true);
    await removeMember(t.ctx(owner), store.id, memberId);
    expect((await getStoreAccess(t.ctx(worker), store)).role).toBe("none");
  });
});

describe("fan club", () => {
  it("join, members-only posts, notify one job per opted-in member, unsubscribe, leave", async () => {
    const { owner, store } = await makeStore("fan-store", "fanowner@test.dev");
    const fan = await makeUser("fan@test.dev");
    const stranger = await makeUser("stranger@test.dev");
    await createFanClubPost(t.ctx(owner), store.id, { title: "Secret", body: "Members only text", membersOnly: true });
    await joinFanClub(t.ctx(fan), store.id);
    await joinFanClub(t.ctx(fan), store.id); // idempotent
    expect(await isFanClubMember(t.ctx(fan), store.id)).toBe(true);
    expect((await getFanClub(t.ctx(fan), store)).posts[0]!.body).toBe("Members only text");
    const outsider = await getFanClub(t.ctx(stranger), store);
    expect(outsider.posts[0]).toMatchObject({ locked: true, body: "" });
    expect(outsider.memberCount).toBe(1);

    const n = await notifyFanClubOfNewProduct(t.db, {
      storeId: store.id,
      productId: "prd_x",
      productTitle: "Fern tee",
      productUrl: "/shop/product/prd_x",
    });
    await notifyFanClubOfNewProduct(t.db, {
      storeId: store.id,
      productId: "prd_x",
      productTitle: "Fern tee",
      productUrl: "/shop/product/prd_x",
    });
    expect(n).toBe(1);
    const jobs = await t.db.select().from(outbox).where(eq(outbox.topic, FAN_CLUB_NEW_PRODUCT_TOPIC));
    expect(jobs).toHaveLength(1);
    await fanClubNewProductHandler(t.db, jobs[0]!.payload as Record<string, unknown>);
    const [mail] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "fan@test.dev"));
    expect(String((mail!.params as Record<string, unknown>).unsubscribeUrl)).toMatch(/\/fan-club\/unsubscribe\//);

    const [m] = await t.db.select().from(fanClubMembers).where(eq(fanClubMembers.userId, fan.userId));
    expect(await unsubscribeByToken(t.ctx({ kind: "anonymous" }), m!.unsubscribeToken)).toBe(true);
    expect(await unsubscribeByToken(t.ctx({ kind: "anonymous" }), "nope")).toBe(false);
    expect(
      await notifyFanClubOfNewProduct(t.db, {
        storeId: store.id,
        productId: "prd_y",
        productTitle: "Y",
        productUrl: "/shop/product/prd_y",
      }),
    ).toBe(0);
    await leaveFanClub(t.ctx(fan), store.id);
    expect(await isFanClubMember(t.ctx(fan), store.id)).toBe(false);
  });
});

describe("suspension", () => {
  it("hides the store from the public list and cannot be featured", async () => {
    const { store } = await makeStore("sus-store", "sus@test.dev");
    const admin = await makeUser("adm4@test.dev", ["admin"]);
    await expect(suspendStore(t.ctx(admin), store.id, "")).rejects.toMatchObject({ field: "reason" });
    await suspendStore(t.ctx(admin), store.id, "Copied artwork reported");
    const list = await listPublicStores(t.ctx({ kind: "anonymous" }));
    expect(list.some((s) => s.id === store.id)).toBe(false);
    await reinstateStore(t.ctx(admin), store.id);
    expect((await listPublicStores(t.ctx({ kind: "anonymous" }))).some((s) => s.id === store.id)).toBe(true);
  });
});

describe("admin lists (owners through identity's public API)", () => {
  it("finds a store by its owner's e-mail or name and shows the owner and applicant", async () => {
    const { store } = await makeStore("owner-search", "searchable.owner@test.dev");
    const admin = await makeUser("adm5@test.dev", ["admin"]);
    const byEmail = await listStoresForAdmin(t.ctx(admin), { q: "SEARCHABLE.owner" });
    expect(byEmail.map((s) => s.id)).toEqual([store.id]);
    expect(byEmail[0]).toMatchObject({ ownerEmail: "searchable.owner@test.dev", ownerName: "searchable.owner" });
    expect((await listStoresForAdmin(t.ctx(admin), { q: "owner-sea" })).map((s) => s.id)).toEqual([store.id]);
    expect(await listStoresForAdmin(t.ctx(admin), { q: "nobody-matches-this" })).toEqual([]);
    const applicant = await makeUser("lister@test.dev");
    const a = await submitApplication(t.ctx(applicant), app("listed-app"));
    const listed = (await listApplications(t.ctx(admin), { status: "pending" })).find((x) => x.id === a.id);
    expect(listed).toMatchObject({ applicantEmail: "lister@test.dev", applicantName: "lister" });
  });
});
