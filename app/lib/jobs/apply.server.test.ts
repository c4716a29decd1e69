import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "#tests/fixtures/files.ts";
import { useTestDatabase } from "#tests/support/db.ts";
import { env, setEnv } from "#server/config/env.ts";
import { setDatabase } from "#server/infra/db/index.ts";
import { LocalStorage, setStorage } from "#server/infra/storage/index.ts";
import { handleApplication } from "./apply.server.ts";

const t = useTestDatabase();
let dir: string;
const original = env();

beforeAll(async () => {
  setDatabase(t.database);
  dir = await mkdtemp(path.join(tmpdir(), "platen-apply-"));
  setStorage(new LocalStorage(dir));
  setEnv({ ...original, JOBS_MAX_APPLICATIONS_PER_IP: 2 });
});
afterAll(async () => {
  setEnv(original);
  setStorage(undefined);
  setDatabase(undefined);
  await rm(dir, { recursive: true, force: true });
});

function application(ip: string): Request {
  const form = new FormData();
  form.set("name", "Robin Applicant");
  form.set("email", "robin@example.com");
  form.set("cv", new File([new Uint8Array(makePdf())], "cv.pdf", { type: "application/pdf" }));
  return new Request("http://localhost/jobs/general", { method: "POST", body: form, headers: { "x-platen-client-ip": ip } });
}

/** The action's answer: a redirect it throws on success, or the failure it returns. */
async function answer(request: Request): Promise<{ status: number; errors?: Record<string, string> }> {
  try {
    const out = (await handleApplication(request, null)) as { init?: { status?: number }; data?: { errors?: Record<string, string> } };
    return { status: out.init?.status ?? 200, errors: out.data?.errors };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}

describe("job applications are limited per client address", () => {
  it("accepts JOBS_MAX_APPLICATIONS_PER_IP an hour from one address, then answers 429 next to the form", async () => {
    expect((await answer(application("203.0.113.77"))).status).toBe(302);
    expect((await answer(application("203.0.113.77"))).status).toBe(302);
    const refused = await answer(application("203.0.113.77"));
    expect(refused.status).toBe(429);
    expect(refused.errors?._form).toMatch(
      /^We accept a limited number of applications from one network each hour, and that limit is reached\. Please try again in \d+ minutes\.$/,
    );
    // another address is not affected
    expect((await answer(application("203.0.113.78"))).status).toBe(302);
  });
});
