import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { anonymous } from "../../kernel/index.ts";
import { stores } from "./schema.ts";
import { searchStores } from "./index.ts";

const t = useTestDatabase();

beforeAll(async () => {
  await t.db.insert(stores).values([
    { id: "sto_k", handle: "kenji-draws", name: "Kenji Draws", ownerUserId: "usr_k" },
    { id: "sto_f", handle: "fernwood", name: "Fernwood", ownerUserId: "usr_f", featured: true },
    { id: "sto_l", handle: "lumen-co", name: "Lumen & Co", ownerUserId: "usr_l" },
    { id: "sto_s", handle: "shady-prints", name: "Shady Prints", ownerUserId: "usr_s", status: "suspended" },
  ]);
});

const handles = async (q: string) => (await searchStores(t.ctx(anonymous()), q)).map((s) => s.handle);

describe("searchStores", () => {
  it("finds active stores by any word of the name or handle, and close misspellings", async () => {
    expect(await handles("kenji")).toEqual(["kenji-draws"]);
    expect(await handles("draws")).toEqual(["kenji-draws"]);
    expect(await handles("Lumen")).toEqual(["lumen-co"]);
    expect(await handles("@fernwood")).toEqual(["fernwood"]);
    expect(await handles("fernwod")).toEqual(["fernwood"]);
    expect(await handles("kenji ramen cat")).toEqual(["kenji-draws"]);
    expect(await handles("ramen cat")).toEqual([]);
    expect(await handles("  %_ ")).toEqual([]);
  });

  it("never lists a suspended store", async () => {
    expect(await handles("shady")).toEqual([]);
    expect(await handles("prints")).toEqual([]);
  });
});
