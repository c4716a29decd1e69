// Uploads while file storage is down: every upload action answers 503 with a clear message next to
// its file field and gives the other fields back, instead of a bare 500 that loses the form.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitSessionCookie } from "#app/lib/session.server.ts";
import { action as artworkAction } from "#app/routes/api/designer-artwork.ts";
import { handleApplication } from "#app/lib/jobs/apply.server.ts";
import { action as profileAction } from "#app/routes/seller/profile.tsx";
import { action as requestAction } from "#app/routes/shopping/product-request.tsx";
import { env, parseEnv, setEnv } from "#server/config/env.ts";
import { setDatabase } from "#server/infra/db/index.ts";
import { testImage } from "#server/infra/images/test-helpers.ts";
import { LocalStorage, setStorage, STORAGE_UNAVAILABLE_MESSAGE } from "#server/infra/storage/index.ts";
import { createSession } from "#server/modules/identity/index.ts";
import { useTestDatabase } from "../support/db.ts";
import { makeStore, makeUser } from "../support/factories.ts";

const t = useTestDatabase();
const original = env();
let dir = "";
let cookie = "";
const BASE = "http://localhost:3000";
const PDF = Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

/** What a route action returned: a Response, or react-router's `data()` wrapper. */
async function answer(
  result: unknown,
): Promise<{ status: number; body: { errors?: Record<string, string>; values?: Record<string, string>; error?: string; field?: string } }> {
  if (result instanceof Response) return { status: result.status, body: await result.json() };
  const d = result as { data: never; init?: { status?: number } | null };
  return { status: d.init?.status ?? 200, body: d.data };
}

/** The arguments React Router passes an action (only `request` and `params` are read). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const args = (request: Request, params: Record<string, string> = {}): any => ({ request, params, context: {} });

beforeAll(async () => {
  setEnv(parseEnv({ ...process.env, SESSION_SECRET: "s".repeat(48), PLATEN_ENV: "test" }));
  setDatabase(t.database);
  dir = await mkdtemp(path.join(tmpdir(), "platen-storage-down-"));
  const blocker = path.join(dir, "a-file");
  await writeFile(blocker, "x");
  // Storage whose directory cannot exist (its parent is a file): every write fails, as on a full or read-only disk.
  setStorage(new LocalStorage(path.join(blocker, "files")));
  // A partner with a store, made through identity's and stores' APIs (tests/support/factories.ts).
  const { owner } = await makeStore(t.db, {
    handle: "una-prints",
    name: "Una Prints",
    owner: await makeUser(t.db, { email: "uploader@example.com", displayName: "Una Uploader", roles: ["partner", "shopper"] }),
  });
  const userId = owner.userId;
  const session = await createSession(t.db, { userId, authTime: new Date() });
  cookie = (await commitSessionCookie(session.id)).split(";")[0]!;
});

afterAll(async () => {
  setStorage(undefined);
  setDatabase(undefined);
  setEnv(original);
  await rm(dir, { recursive: true, force: true });
});

const post = (url: string, form: FormData, signedIn = true) =>
  new Request(`${BASE}${url}`, { method: "POST", body: form, headers: signedIn ? { Cookie: cookie } : {} });

describe("an upload while storage is down", () => {
  it("a job application: 503 next to the CV field, the other fields kept", async () => {
    const form = new FormData();
    form.set("name", "Ada Lovelace");
    form.set("email", "ada@example.com");
    form.set("coverLetter", "I would love to build your ledger.");
    form.set("cv", new File([new Uint8Array(PDF)], "cv.pdf", { type: "application/pdf" }));
    const { status, body } = await answer(await handleApplication(post("/jobs/general", form, false), null).catch((e: unknown) => e));
    expect(status).toBe(503);
    expect(body.errors).toEqual({ cv: STORAGE_UNAVAILABLE_MESSAGE });
    expect(body.values).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      coverLetter: "I would love to build your ledger.",
    });
  });

  it("a product request with a reference image: 503 next to the image field, the idea kept", async () => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("idea", "A poster of the Leipzig tram map in risograph colours");
    form.set("category", "posters");
    form.set("budget", "25");
    form.set("image", new File([new Uint8Array(await testImage(200, 200))], "sketch.png", { type: "image/png" }));
    const { status, body } = await answer(await requestAction(args(post("/product-request", form))));
    expect(status).toBe(503);
    expect(body.errors).toEqual({ image: STORAGE_UNAVAILABLE_MESSAGE });
    expect(body.values).toMatchObject({ intent: "create", idea: "A poster of the Leipzig tram map in risograph colours", budget: "25" });
  });

  it("a store avatar and banner: 503 next to the file field", async () => {
    for (const [intent, w, h] of [
      ["avatar", 256, 256],
      ["banner", 1600, 400],
    ] as const) {
      const form = new FormData();
      form.set("intent", intent);
      form.set(intent, new File([new Uint8Array(await testImage(w, h))], `${intent}.png`, { type: "image/png" }));
      const { status, body } = await answer(
        await profileAction(args(post("/shop/partners/@una-prints/administration/profile", form), { handle: "@una-prints" })),
      );
      expect(status, intent).toBe(503);
      expect(body.errors).toEqual({ [intent]: STORAGE_UNAVAILABLE_MESSAGE });
    }
  });

  it("designer artwork: a 503 JSON answer naming the artwork field", async () => {
    const form = new FormData();
    form.set("artwork", new File([new Uint8Array(await testImage(1200, 1200))], "art.png", { type: "image/png" }));
    const { status, body } = await answer(
      await artworkAction(args(post(`/api/designer/artwork?store=${encodeURIComponent("@una-prints")}`, form))),
    );
    expect(status).toBe(503);
    expect(body).toEqual({ error: STORAGE_UNAVAILABLE_MESSAGE, field: "artwork" });
  });
});
