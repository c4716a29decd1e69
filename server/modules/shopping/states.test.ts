import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { newId } from "../../infra/db/index.ts";
import { productRequests } from "./schema.ts";
import { productRequestMachine } from "./states.ts";
import type { RequestStatus } from "./types.ts";

const t = useTestDatabase();

describe("product request states", () => {
  it("writes and records every move of its table and refuses every other (closed never goes straight to answered)", async () => {
    expect(productRequestMachine.can("closed", "answered")).toBe(false);
    const tried = await checkTransitionTable(productRequestMachine, {
      ctx: t.ctx({ kind: "user", userId: "usr_admin", roles: ["admin"] }),
      async create(status: RequestStatus) {
        const id = newId("preq");
        await t.db.insert(productRequests).values({ id, userId: "usr_author", idea: "A fox on a mug", category: "mugs", status });
        return id;
      },
      async read(id) {
        const [row] = await t.db.select({ status: productRequests.status }).from(productRequests).where(eq(productRequests.id, id));
        return row!.status;
      },
    });
    expect(tried).toBe(9);
  });
});
