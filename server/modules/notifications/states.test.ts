import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { newId } from "../../infra/db/index.ts";
import { system } from "../../kernel/index.ts";
import { EMAIL_STATUSES, emailMessages } from "./schema.ts";
import { emailMessageMachine } from "./states.ts";

const t = useTestDatabase();

describe("e-mail message states", () => {
  it("writes and records queued -> sent | failed and failed -> queued, and refuses every other move", async () => {
    expect(Object.keys(emailMessageMachine.table).sort()).toEqual([...EMAIL_STATUSES].sort());
    const tried = await checkTransitionTable(emailMessageMachine, {
      ctx: t.ctx(system("table test")),
      async create(status) {
        const id = newId("eml");
        await t.db
          .insert(emailMessages)
          .values({ id, toAddress: "table@example.com", subject: "Table", template: "notice", html: "<p>x</p>", text: "x", status });
        return id;
      },
      async read(id) {
        const [row] = await t.db.select({ status: emailMessages.status }).from(emailMessages).where(eq(emailMessages.id, id));
        return row!.status;
      },
    });
    expect(tried).toBe(9);
  });
});
