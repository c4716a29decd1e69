import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { newId } from "../../infra/db/index.ts";
import { artworkFlags, artworks } from "./schema.ts";
import { artworkFlagMachine, type ArtworkFlagStatus } from "./states.ts";

const t = useTestDatabase();

async function artwork(): Promise<string> {
  const id = newId("art");
  await t.db.insert(artworks).values({
    id,
    storeId: "sto_table",
    storageKey: `artwork/${id}.png`,
    previewKey: `artwork/${id}-preview.png`,
    mime: "image/png",
    bytes: 1,
    width: 1,
    height: 1,
    sha256: id,
    phash: 0n,
  });
  return id;
}

describe("artwork flag states", () => {
  it("allows exactly open -> cleared | confirmed, writing and recording each move", async () => {
    const [mine, theirs] = [await artwork(), await artwork()];
    const tried = await checkTransitionTable(artworkFlagMachine, {
      ctx: t.ctx({ kind: "user", userId: "usr_admin", roles: ["admin"] }),
      async create(status: ArtworkFlagStatus) {
        const id = newId("flg");
        await t.db
          .insert(artworkFlags)
          .values({ id, artworkId: mine, storeId: "sto_a", matchedArtworkId: theirs, matchedStoreId: "sto_b", distance: 2, status });
        return id;
      },
      async read(id) {
        const [row] = await t.db.select({ status: artworkFlags.status }).from(artworkFlags).where(eq(artworkFlags.id, id));
        return row!.status;
      },
    });
    expect(tried).toBe(9);
  });
});
