import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { manualClock } from "../../contracts/clock.ts";
import { AppError, anonymous, type Actor } from "../../kernel/index.ts";
import { enqueue } from "../../jobs/index.ts";
import { outbox } from "../../jobs/schema.ts";
import { auditLog, platformSettings } from "./schema.ts";
import {
  DEFAULT_SETTINGS,
  getSettings,
  getSettingsCached,
  listAudit,
  outboxOverview,
  recordAudit,
  retryOutboxJob,
  settingsFormSchema,
  settingsToFormValues,
  updateSettings,
} from "./index.ts";

const t = useTestDatabase();
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin", "shopper"] };
const shopper: Actor = { kind: "user", userId: "usr_shopper", roles: ["shopper"] };

async function reset() {
  await t.db.delete(platformSettings);
  await t.db.delete(auditLog);
}

describe("platform settings", () => {
  it("returns the defaults when nothing is stored, to any actor", async () => {
    await reset();
    const s = await getSettings(t.ctx(anonymous()));
    expect(s).toEqual(DEFAULT_SETTINGS);
    expect(s.currency).toBe("USD");
    expect(s.platformFeePercent).toBe(20);
    expect(s.minimumMarginMinor).toBe(200);
    expect(s.search).toEqual({ applicationId: "", publicKey: "", connectTimeoutSeconds: 2, responseTimeoutSeconds: 10 });
    expect(s.taxRates.length).toBeGreaterThan(3);
    expect(s.pricesIncludeTax).toBe(false);
    expect(s.payoutHoldDays).toBe(14);
    expect(s.unpaidOrderMinutes).toBe(15);
  });

  it("stores the tax mode, payout hold and unpaid-order expiry", async () => {
    await reset();
    const { changed } = await updateSettings(t.ctx(admin), {
      ...DEFAULT_SETTINGS,
      pricesIncludeTax: true,
      payoutHoldDays: 0,
      unpaidOrderMinutes: 1440,
    });
    expect(changed.sort()).toEqual(["payoutHoldDays", "pricesIncludeTax", "unpaidOrderMinutes"]);
    const s = await getSettings(t.ctx(anonymous()));
    expect(s).toMatchObject({ pricesIncludeTax: true, payoutHoldDays: 0, unpaidOrderMinutes: 1440 });
  });

  it("serves page chrome from a short-lived cache that a change in /admin/config clears at once", async () => {
    await reset();
    const ctx = t.ctx(anonymous());
    expect((await getSettingsCached(ctx)).pricesIncludeTax).toBe(false);
    await updateSettings(t.ctx(admin), { ...DEFAULT_SETTINGS, pricesIncludeTax: true });
    expect((await getSettingsCached(ctx)).pricesIncludeTax).toBe(true);
    await updateSettings(t.ctx(admin), { ...DEFAULT_SETTINGS, pricesIncludeTax: false });
    expect((await getSettingsCached(ctx)).pricesIncludeTax).toBe(false);
  });

  it("stamps each changed setting with the context's clock", async () => {
    await reset();
    const clock = manualClock("2030-06-01T09:00:00Z");
    await updateSettings(t.ctx(admin, { clock }), { ...DEFAULT_SETTINGS, platformFeePercent: 15 });
    clock.advance(3_600_000);
    await updateSettings(t.ctx(admin, { clock }), { ...DEFAULT_SETTINGS, platformFeePercent: 15, minimumMarginMinor: 300 });
    const stored = Object.fromEntries((await t.db.select().from(platformSettings)).map((r) => [r.key, r.updatedAt.toISOString()]));
    expect(stored).toEqual({ platformFeePercent: "2030-06-01T09:00:00.000Z", minimumMarginMinor: "2030-06-01T10:00:00.000Z" });
  });

  it("lets an admin update settings, stores only changed fields and audits them", async () => {
    await reset();
    const { settings, changed } = await updateSettings(t.ctx(admin), { ...DEFAULT_SETTINGS, platformFeePercent: 12.5, currency: "EUR" });
    expect(changed.sort()).toEqual(["currency", "platformFeePercent"]);
    expect(settings.platformFeePercent).toBe(12.5);
    const stored = await t.db.select().from(platformSettings);
    expect(stored.map((r) => r.key).sort()).toEqual(["currency", "platformFeePercent"]);
    expect(stored.every((r) => r.updatedBy === "usr_admin")).toBe(true);
    const again = await getSettings(t.ctx(shopper));
    expect(again.platformFeePercent).toBe(12.5);
    expect(again.currency).toBe("EUR");
    expect(again.minimumMarginMinor).toBe(200);

    const audit = await listAudit(t.ctx(admin), { targetType: "platform_settings" });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe("settings.update");
    expect(audit[0]!.actorId).toBe("usr_admin");
    expect(audit[0]!.data).toMatchObject({
      changed: expect.arrayContaining(["currency", "platformFeePercent"]),
      before: { platformFeePercent: 20, currency: "USD" },
      after: { platformFeePercent: 12.5, currency: "EUR" },
    });

    // Saving the same values again changes nothing and writes no audit entry.
    const same = await updateSettings(t.ctx(admin), again);
    expect(same.changed).toEqual([]);
    expect(await listAudit(t.ctx(admin), { targetType: "platform_settings" })).toHaveLength(1);
  });

  it("refuses non-admins", async () => {
    await reset();
    await expect(updateSettings(t.ctx(shopper), DEFAULT_SETTINGS)).rejects.toMatchObject({ status: 403 });
    await expect(updateSettings(t.ctx(anonymous()), DEFAULT_SETTINGS)).rejects.toMatchObject({ status: 403 });
    await expect(listAudit(t.ctx(shopper))).rejects.toMatchObject({ status: 403 });
    expect(await t.db.select().from(platformSettings)).toHaveLength(0);
  });

  it("refuses invalid values with a field error and writes nothing", async () => {
    await reset();
    const bad = [
      [{ platformFeePercent: 150 }, "platformFeePercent"],
      [{ platformFeePercent: 10.123 }, "platformFeePercent"],
      [{ minimumMarginMinor: -1 }, "minimumMarginMinor"],
      [{ minimumMarginMinor: 1.5 }, "minimumMarginMinor"],
      [{ currency: "XYZ" }, "currency"],
      [{ taxRates: [{ region: "US-CA", ratePercent: 51 }] }, "taxRates.0.ratePercent"],
      [{ taxRates: [{ region: "XX", ratePercent: 5 }] }, "taxRates.0.region"],
      [
        {
          taxRates: [
            { region: "DE", ratePercent: 19 },
            { region: "de", ratePercent: 7 },
          ],
        },
        "taxRates.1.region",
      ],
      [
        { search: { applicationId: "", publicKey: "", connectTimeoutSeconds: 0, responseTimeoutSeconds: 10 } },
        "search.connectTimeoutSeconds",
      ],
      [
        { search: { applicationId: "", publicKey: "", connectTimeoutSeconds: 2, responseTimeoutSeconds: 121 } },
        "search.responseTimeoutSeconds",
      ],
      [{ search: { applicationId: "APP123", publicKey: "", connectTimeoutSeconds: 2, responseTimeoutSeconds: 10 } }, "search.publicKey"],
      [{ payoutHoldDays: 91 }, "payoutHoldDays"],
      [{ payoutHoldDays: -1 }, "payoutHoldDays"],
      [{ unpaidOrderMinutes: 4 }, "unpaidOrderMinutes"],
      [{ unpaidOrderMinutes: 30.5 }, "unpaidOrderMinutes"],
      [{ pricesIncludeTax: "yes" }, "pricesIncludeTax"],
    ] as const;
    for (const [patch, field] of bad) {
      const error = await updateSettings(t.ctx(admin), { ...DEFAULT_SETTINGS, ...patch } as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(patch)).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).field, JSON.stringify(patch)).toBe(field);
    }
    expect(await t.db.select().from(platformSettings)).toHaveLength(0);
    expect(await t.db.select().from(auditLog)).toHaveLength(0);
  });

  it("falls back to the default for a corrupt stored value and keeps the others", async () => {
    await reset();
    await t.db.insert(platformSettings).values([
      { key: "platformFeePercent", value: "twenty" },
      { key: "taxRates", value: [{ region: "nowhere", ratePercent: 900 }] },
      { key: "minimumMarginMinor", value: 500 },
    ]);
    const s = await getSettings(t.ctx(anonymous()));
    expect(s.platformFeePercent).toBe(DEFAULT_SETTINGS.platformFeePercent);
    expect(s.taxRates).toEqual(DEFAULT_SETTINGS.taxRates);
    expect(s.minimumMarginMinor).toBe(500);
    // An admin can overwrite the corrupt value.
    await updateSettings(t.ctx(admin), { ...s, platformFeePercent: 25 });
    const [row] = await t.db.select().from(platformSettings).where(eq(platformSettings.key, "platformFeePercent"));
    expect(row!.value).toBe(25);
  });
});

describe("settings form schema", () => {
  const base = settingsToFormValues(DEFAULT_SETTINGS);

  it("round-trips the defaults and converts the minimum margin to minor units", () => {
    const r = settingsFormSchema.safeParse({ ...base, minimumMargin: "2.50" });
    expect(r.success).toBe(true);
    expect(r.data!.minimumMarginMinor).toBe(250);
    expect(r.data!.taxRates).toEqual(DEFAULT_SETTINGS.taxRates);
  });

  it("ignores blank tax rows and keeps row indices in error paths", () => {
    const r = settingsFormSchema.safeParse({
      ...base,
      "taxRates.20.region": "",
      "taxRates.20.ratePercent": "",
      "taxRates.21.region": "zz",
      "taxRates.21.ratePercent": "8",
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(["taxRates.21.region"]);
  });

  it("reports a duplicate region and an out-of-range fee next to their fields", () => {
    const r = settingsFormSchema.safeParse({
      ...base,
      platformFeePercent: "150",
      "taxRates.30.region": "gb",
      "taxRates.30.ratePercent": "5",
    });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath.platformFeePercent).toMatch(/0 to 100/);
    expect(byPath["taxRates.30.region"]).toMatch(/GB is already listed/);
  });

  it("reads the minimum margin by the currency's digits (200 in JPY is ¥200) and shows it back the same way", () => {
    const r = settingsFormSchema.safeParse({ ...base, currency: "JPY", minimumMargin: "200" });
    expect(r.success).toBe(true);
    expect(r.data!.minimumMarginMinor).toBe(200);
    expect(settingsToFormValues(r.data!).minimumMargin).toBe("200");
    expect(settingsToFormValues({ ...DEFAULT_SETTINGS, minimumMarginMinor: 250 }).minimumMargin).toBe("2.50");
  });

  it("reads the tax-mode checkbox (absent = US style) and the two order durations", () => {
    expect(base.pricesIncludeTax).toBe("");
    const off = settingsFormSchema.safeParse(base);
    expect(off.data).toMatchObject({ pricesIncludeTax: false, payoutHoldDays: 14, unpaidOrderMinutes: 15 });
    const { pricesIncludeTax: _unchecked, ...withoutBox } = base;
    expect(settingsFormSchema.safeParse(withoutBox).data!.pricesIncludeTax).toBe(false);
    const on = settingsFormSchema.safeParse({ ...base, pricesIncludeTax: "on", payoutHoldDays: "7", unpaidOrderMinutes: "60" });
    expect(on.data).toMatchObject({ pricesIncludeTax: true, payoutHoldDays: 7, unpaidOrderMinutes: 60 });
    expect(settingsToFormValues(on.data!)).toMatchObject({ pricesIncludeTax: "on", payoutHoldDays: "7", unpaidOrderMinutes: "60" });
  });

  it("puts out-of-range durations next to their fields", () => {
    const r = settingsFormSchema.safeParse({ ...base, payoutHoldDays: "120", unpaidOrderMinutes: "2" });
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath.payoutHoldDays).toBe("Use at most 90 days.");
    expect(byPath.unpaidOrderMinutes).toBe("Use at least 5 minutes.");
    const words = settingsFormSchema.safeParse({ ...base, payoutHoldDays: "two weeks", unpaidOrderMinutes: "" });
    const wordPaths = Object.fromEntries(words.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(wordPaths.payoutHoldDays).toMatch(/whole number/);
    expect(wordPaths.unpaidOrderMinutes).toMatch(/Enter a number of minutes/);
  });

  it("rejects a minimum margin with more decimals than the currency has", () => {
    const r = settingsFormSchema.safeParse({ ...base, currency: "JPY", minimumMargin: "2.5" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(["minimumMargin"]);
  });
});

describe("audit log", () => {
  it("records entries and filters them by target", async () => {
    await reset();
    await recordAudit(t.db, {
      actorId: "usr_a",
      action: "user.roles.set",
      targetType: "user",
      targetId: "usr_1",
      data: { after: ["admin"] },
    });
    await recordAudit(t.db, { actorId: null, action: "outbox.retry", targetType: "outbox", targetId: "obx_1" });
    expect(await listAudit(t.ctx(admin), { targetType: "user", targetId: "usr_1" })).toHaveLength(1);
    const all = await listAudit(t.ctx(admin), { limit: 10 });
    expect(all.map((e) => e.action)).toEqual(["outbox.retry", "user.roles.set"]);
    expect(all[0]!.data).toEqual({});
  });
});

describe("outbox overview and retry", () => {
  it("lists failed jobs and lets an admin retry one, with an audit entry", async () => {
    await reset();
    const id = await enqueue(t.db, "email.send", { messageId: "eml_x" });
    await t.db
      .update(outbox)
      .set({ status: "failed", attempts: 8, lastError: "Error: SMTP 550 mailbox unavailable" })
      .where(eq(outbox.id, id));
    const before = await outboxOverview(t.ctx(admin));
    expect(before.counts.failed).toBe(1);
    expect(before.failed[0]).toMatchObject({ id, topic: "email.send", attempts: 8, lastError: "Error: SMTP 550 mailbox unavailable" });

    await expect(retryOutboxJob(t.ctx(shopper), id)).rejects.toMatchObject({ status: 403 });
    await retryOutboxJob(t.ctx(admin), id);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect((await listAudit(t.ctx(admin), { targetType: "outbox", targetId: id }))[0]).toMatchObject({
      action: "outbox.retry",
      actorId: "usr_admin",
    });

    // A second retry is refused: the job is no longer failed.
    await expect(retryOutboxJob(t.ctx(admin), id)).rejects.toMatchObject({ code: "not-failed", status: 409 });
    await expect(retryOutboxJob(t.ctx(admin), "obx_nope")).rejects.toMatchObject({ status: 404 });
    await expect(outboxOverview(t.ctx(shopper))).rejects.toMatchObject({ status: 403 });
  });
});
