// Fan-club discount codes: finding one (each refusal), redeeming under concurrency, releasing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeStore, makeUser, uniq } from "../../../tests/support/factories.ts";
import { manualClock } from "../../contracts/clock.ts";
import { newId, transaction } from "../../infra/db/index.ts";
import {
  createFanClubPerk,
  DISCOUNT_REFUSAL_MESSAGES,
  endFanClubPerk,
  findDiscountCode,
  joinFanClub,
  perkFormSchema,
  redeemDiscountCode,
  releaseDiscountCode,
  type NewFanClubPerk,
} from "./index.ts";
import { fanClubPerkRedemptions, fanClubPerks } from "./schema.ts";

const t = useTestDatabase();

async function clubWithMember(perk: Partial<NewFanClubPerk> = {}) {
  const { store, owner } = await makeStore(t.db);
  const member = await makeUser(t.db);
  const outsider = await makeUser(t.db);
  await joinFanClub(t.ctx(member), store.id);
  const code = `FANS${uniq()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")}`;
  const row = await createFanClubPerk(t.ctx(owner), store.id, {
    title: "10% off",
    description: "",
    code: code.toLowerCase(),
    discountKind: "percent",
    percentOff: 10,
    ...perk,
  });
  return { store, owner, member, outsider, code, perk: row };
}

const usedCount = async (perkId: string) =>
  (await t.db.select({ n: fanClubPerks.usedCount }).from(fanClubPerks).where(eq(fanClubPerks.id, perkId)))[0]!.n;

describe("findDiscountCode", () => {
  it("finds a member's code case-insensitively, stored upper-case", async () => {
    const { member, code, perk, store } = await clubWithMember({ maxUses: 3 });
    expect(perk.code).toBe(code);
    const r = await findDiscountCode(t.ctx(member), { code: ` ${code.toLowerCase()} `, userId: member.userId });
    expect(r).toEqual({
      ok: true,
      discount: {
        perkId: perk.id,
        storeId: store.id,
        code,
        kind: "percent",
        percentOff: 10,
        amountOffMinor: null,
        currency: null,
        expiresAt: null,
        usesLeft: 3,
      },
    });
  });

  it("finds a fixed-amount code with its currency", async () => {
    const { member, code } = await clubWithMember({ discountKind: "fixed", percentOff: null, amountOffMinor: 500, currency: "USD" });
    const r = await findDiscountCode(t.ctx(member), { code, userId: member.userId });
    expect(r.ok && r.discount).toMatchObject({ kind: "fixed", amountOffMinor: 500, currency: "USD", percentOff: null });
  });

  it("refuses with each reason and its message", async () => {
    const clock = manualClock("2030-01-01T00:00:00Z");
    const { member, outsider, code, owner, store, perk } = await clubWithMember({ expiresAt: new Date("2030-02-01T00:00:00Z") });
    const find = (c: string, userId: string | null) => findDiscountCode(t.ctx(member, { clock }), { code: c, userId });
    expect(await find("NOPE-NOT-A-CODE", member.userId)).toEqual({ ok: false, reason: "unknown", message: "That code isn't valid." });
    expect(await find(code, null)).toMatchObject({ ok: false, reason: "not_member", message: DISCOUNT_REFUSAL_MESSAGES.not_member });
    expect(await find(code, outsider.userId)).toMatchObject({ ok: false, reason: "not_member" });
    expect((await find(code, member.userId)).ok).toBe(true);
    clock.set("2030-02-01T00:00:00Z");
    expect(await find(code, member.userId)).toEqual({ ok: false, reason: "expired", message: "That code has expired." });
    clock.set("2030-01-15T00:00:00Z");
    await endFanClubPerk(t.ctx(owner), store.id, perk.id);
    expect(await find(code, member.userId)).toEqual({ ok: false, reason: "ended", message: "That code is no longer available." });

    const limited = await clubWithMember({ maxUses: 1 });
    expect(
      await redeemDiscountCode(t.ctx(limited.member), { perkId: limited.perk.id, orderId: newId("ord"), userId: limited.member.userId }),
    ).toBe(true);
    expect(await findDiscountCode(t.ctx(limited.member), { code: limited.code, userId: limited.member.userId })).toEqual({
      ok: false,
      reason: "used_up",
      message: "That code has been used up.",
    });
  });
});

describe("redeemDiscountCode and releaseDiscountCode", () => {
  it("gives exactly 5 of 20 parallel redemptions of a 5-use code", async () => {
    const { member, perk } = await clubWithMember({ maxUses: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        transaction(t.db, (tx) =>
          redeemDiscountCode({ ...t.ctx(member), db: tx }, { perkId: perk.id, orderId: newId("ord"), userId: member.userId }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await usedCount(perk.id)).toBe(5);
    expect(await t.db.select().from(fanClubPerkRedemptions).where(eq(fanClubPerkRedemptions.perkId, perk.id))).toHaveLength(5);
  });

  it("is idempotent per order, and a release gives the use back once", async () => {
    const { member, perk, code } = await clubWithMember({ maxUses: 1 });
    const ctx = t.ctx(member);
    const orderId = newId("ord");
    expect(await redeemDiscountCode(ctx, { perkId: perk.id, orderId, userId: member.userId })).toBe(true);
    expect(await redeemDiscountCode(ctx, { perkId: perk.id, orderId, userId: member.userId })).toBe(true);
    expect(await usedCount(perk.id)).toBe(1);
    expect(await redeemDiscountCode(ctx, { perkId: perk.id, orderId: newId("ord"), userId: member.userId })).toBe(false);

    await releaseDiscountCode(ctx, { perkId: perk.id, orderId });
    await releaseDiscountCode(ctx, { perkId: perk.id, orderId });
    expect(await usedCount(perk.id)).toBe(0);
    expect((await findDiscountCode(ctx, { code, userId: member.userId })).ok).toBe(true);
    const [row] = await t.db.select().from(fanClubPerkRedemptions).where(eq(fanClubPerkRedemptions.orderId, orderId));
    expect(row!.releasedAt).not.toBeNull();

    // Another order takes the freed use; releasing an order that never redeemed changes nothing.
    expect(await redeemDiscountCode(ctx, { perkId: perk.id, orderId: newId("ord"), userId: member.userId })).toBe(true);
    await releaseDiscountCode(ctx, { perkId: perk.id, orderId: newId("ord") });
    expect(await usedCount(perk.id)).toBe(1);
  });

  it("refuses an expired or ended code at redemption time", async () => {
    const clock = manualClock("2030-01-01T00:00:00Z");
    const { member, perk, owner, store } = await clubWithMember({ expiresAt: new Date("2030-01-02T00:00:00Z") });
    clock.set("2030-01-03T00:00:00Z");
    expect(await redeemDiscountCode(t.ctx(member, { clock }), { perkId: perk.id, orderId: newId("ord"), userId: member.userId })).toBe(
      false,
    );
    const other = await clubWithMember();
    await endFanClubPerk(t.ctx(other.owner), other.store.id, other.perk.id);
    expect(await redeemDiscountCode(t.ctx(member), { perkId: other.perk.id, orderId: newId("ord"), userId: member.userId })).toBe(false);
    expect(await usedCount(other.perk.id)).toBe(0);
    expect(owner && store).toBeTruthy();
  });
});

describe("creating code perks", () => {
  it("refuses a duplicate code in the same store, whatever its case, next to the field", async () => {
    const { owner, store, code } = await clubWithMember();
    await expect(
      createFanClubPerk(t.ctx(owner), store.id, {
        title: "Again",
        description: "",
        code: code.toLowerCase(),
        discountKind: "percent",
        percentOff: 5,
      }),
    ).rejects.toMatchObject({ status: 409, field: "code" });
    // Another store may use the same code.
    const other = await makeStore(t.db);
    await expect(
      createFanClubPerk(t.ctx(other.owner), other.store.id, {
        title: "Same",
        description: "",
        code,
        discountKind: "percent",
        percentOff: 5,
      }),
    ).resolves.toMatchObject({ code });
  });

  it("refuses non-managers", async () => {
    const { member, store } = await clubWithMember();
    await expect(createFanClubPerk(t.ctx(member), store.id, { title: "Mine", description: "", code: "MINE" })).rejects.toMatchObject({
      status: 403,
    });
  });

  it("validates the form with errors next to the fields", () => {
    const schema = perkFormSchema("USD");
    const ok = schema.safeParse({
      title: "Five off",
      code: "five-off",
      discountKind: "fixed",
      amountOff: "5.00",
      maxUses: "100",
      expiresOn: "2030-12-31",
    });
    expect(ok.data).toMatchObject({
      code: "FIVE-OFF",
      discountKind: "fixed",
      amountOffMinor: 500,
      currency: "USD",
      maxUses: 100,
      expiresAt: new Date("2031-01-01T00:00:00Z"),
    });
    const errors = (input: Record<string, string>) => {
      const r = schema.safeParse(input);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ title: "x", code: "A B" })).toEqual({
      title: "Give the perk a title.",
      code: "Use letters, digits and dashes.",
    });
    expect(
      errors({ title: "Ten", code: "TEN", discountKind: "percent", percentOff: "150", maxUses: "0", expiresOn: "2030-02-30" }),
    ).toEqual({
      percentOff: "Enter a whole percentage from 1 to 100.",
      maxUses: "Enter a whole number of uses, at least 1.",
      expiresOn: "Enter a date like 2030-12-31.",
    });
    expect(errors({ title: "Five", code: "FIVE", discountKind: "fixed", amountOff: "" })).toEqual({
      amountOff: "Enter the amount off in USD.",
    });
    expect(errors({ title: "Five", code: "FIVE", discountKind: "fixed", amountOff: "5.001" }).amountOff).toBeTruthy();
    // A perk without a code has no discount.
    expect(schema.parse({ title: "Early access", description: "See new designs first." })).toMatchObject({
      code: null,
      discountKind: null,
    });
  });

  it("refuses an expiry in the past from the service", async () => {
    const { owner, store } = await clubWithMember();
    await expect(
      createFanClubPerk(t.ctx(owner, { clock: manualClock("2030-01-01T00:00:00Z") }), store.id, {
        title: "Old",
        description: "",
        code: "OLD",
        discountKind: "percent",
        percentOff: 5,
        expiresAt: new Date("2029-12-31T00:00:00Z"),
      }),
    ).rejects.toMatchObject({ status: 400, field: "expiresOn" });
  });
});
