// A test of the boundary check itself (scripts/boundaries.mjs with .dependency-cruiser.cjs, run by
// `npm run lint`): a small tree with one deliberately bad import of each forbidden kind is refused
// with the expected rule, its good imports are not, and the real tree passes.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");
const script = path.join(repo, "scripts/boundaries.mjs");
const config = path.join(repo, ".dependency-cruiser.cjs");

interface Violation {
  rule: string;
  from: string;
  to: string;
}

async function check(cwd: string): Promise<{ code: number; violations: Violation[] }> {
  try {
    const { stdout } = await run(process.execPath, [script, "--json", "--config", config], { cwd, maxBuffer: 10 * 1024 * 1024 });
    return { code: 0, violations: (JSON.parse(stdout) as { violations: Violation[] }).violations };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    if (!e.stdout) throw new Error(`boundary check crashed: ${e.stderr ?? String(error)}`);
    return { code: e.code ?? 1, violations: (JSON.parse(e.stdout) as { violations: Violation[] }).violations };
  }
}

/** A miniature Platen: good files, and one bad import per rule (each in a file named after it). */
const FIXTURE: Record<string, string> = {
  "server/modules/alpha/index.ts": 'export { a } from "./service.ts";\n',
  "server/modules/alpha/service.ts": 'import { rows } from "./schema.ts";\nexport const a = () => rows;\n',
  "server/modules/alpha/schema.ts": "export const rows = 1;\n",
  "server/modules/alpha/types.ts": "export type A = string;\n",
  "server/modules/stores/index.ts": "export const s = 1;\n",
  "server/modules/stores/schema.ts": "export const stores = 1;\n",
  "server/infra/db/index.ts": "export const db = 1;\n",
  "server/schema.ts": 'export * from "./modules/alpha/schema.ts";\nexport * from "./modules/stores/schema.ts";\n',
  "server/infra/images/index.ts": 'import type { X } from "../../contracts/index.ts";\nexport const x: X = 1;\n',
  "server/contracts/index.ts": "export type X = 1;\n",
  "server/kernel/index.ts": 'import { db } from "../infra/db/index.ts";\nexport const k = db;\n',
  // Good: another module through its index.ts and its types.ts, by relative path and by alias.
  "server/modules/beta/index.ts": [
    'import { a } from "../alpha/index.ts";',
    'import type { A } from "#server/modules/alpha/types.ts";',
    'import { db } from "../../infra/db/index.ts";',
    "export const b = (x: A) => [a, x, db];",
    "",
  ].join("\n"),
  // Good: a schema.ts names another module's table for a foreign key.
  "server/modules/beta/schema.ts": 'import { rows } from "../alpha/schema.ts";\nexport const fk = rows;\n',
  "app/lib/helper.ts": "export const h = 1;\n",
  "app/routes/good.tsx":
    'import { b } from "#server/modules/beta/index.ts";\nimport type { A } from "#server/modules/alpha/types.ts";\nexport const g = (x: A) => [b, x];\n',

  // Bad, one per rule.
  "server/modules/beta/bad-service.ts": 'import { a } from "../alpha/service.ts";\nexport const bad = a;\n',
  "server/modules/beta/bad-schema.ts": 'import { rows } from "#server/modules/alpha/schema.ts";\nexport const bad = rows;\n',
  "server/modules/catalog/bad-stores-table.ts": 'import { stores } from "../stores/schema.ts";\nexport const bad = stores;\n',
  "server/modules/shopping/bad-stores-table.ts": 'import { stores } from "../stores/schema.ts";\nexport const bad = stores;\n',
  "server/modules/beta/bad-aggregator.ts": 'import { rows } from "../../schema.ts";\nexport const bad = rows;\n',
  // Bad: a web file imports the database handle (it gets a context instead).
  "app/routes/bad-database.ts": 'import { db } from "#server/infra/db/index.ts";\nexport const bad = db;\n',
  // Bad: an adapter imports the kernel (AppError lives in contracts).
  "server/infra/search/bad-kernel.ts": 'import { k } from "../../kernel/index.ts";\nexport const bad = k;\n',

  "server/infra/search/bad-module.ts": 'import type { A } from "../../modules/alpha/types.ts";\nexport const bad: A = "";\n',
  "server/contracts/bad-kernel.ts": 'import { k } from "../kernel/index.ts";\nexport const bad = k;\n',
  "server/modules/beta/bad-react.ts": 'import { useState } from "react";\nexport const bad = useState;\n',
  "server/modules/beta/bad-app.ts": 'import { h } from "#app/lib/helper.ts";\nexport const bad = h;\n',
  "app/routes/bad-drizzle.ts": 'import { sql } from "drizzle-orm";\nexport const bad = sql;\n',
  "app/routes/bad-service.ts": 'import { a } from "#server/modules/alpha/service.ts";\nexport const bad = a;\n',
  "server/modules/zeta/schema.ts": 'import { a } from "../alpha/service.ts";\nexport const bad = a;\n',
  "server/modules/beta/bad-missing.ts": 'import { nothing } from "./does-not-exist.ts";\nexport const bad = nothing;\n',
  // A cycle between two packages, each import allowed on its own (through index.ts).
  "server/modules/gamma/index.ts": 'import { d } from "../delta/index.ts";\nexport const g = () => d;\n',
  "server/modules/delta/index.ts": 'import { g } from "../gamma/index.ts";\nexport const d = () => g;\n',
};

describe("the boundary check (npm run lint)", () => {
  let dir: string;
  let result: { code: number; violations: Violation[] };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "platen-boundaries-"));
    await writeFile(
      path.join(dir, "package.json"),
      JSON.stringify({ type: "module", imports: { "#app/*": "./app/*", "#server/*": "./server/*" } }),
    );
    await writeFile(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "ESNext",
          moduleResolution: "Bundler",
          jsx: "react-jsx",
          allowImportingTsExtensions: true,
          noEmit: true,
        },
      }),
    );
    await symlink(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir");
    for (const [file, text] of Object.entries(FIXTURE)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    result = await check(dir);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const refused = (rule: string, from: string) => result.violations.filter((v) => v.rule === rule && v.from === from);

  it.each([
    ["module-through-index", "server/modules/beta/bad-service.ts", "server/modules/alpha/service.ts"],
    ["module-through-index", "server/modules/beta/bad-schema.ts", "server/modules/alpha/schema.ts"],
    ["module-through-index", "server/modules/shopping/bad-stores-table.ts", "server/modules/stores/schema.ts"],
    ["module-through-index", "server/modules/catalog/bad-stores-table.ts", "server/modules/stores/schema.ts"],
    ["module-through-index", "server/modules/zeta/schema.ts", "server/modules/alpha/service.ts"],
    ["schema-aggregator-for-drizzle-kit", "server/modules/beta/bad-aggregator.ts", "server/schema.ts"],
    ["web-never-touches-the-database", "app/routes/bad-database.ts", "server/infra/db/index.ts"],
    ["infra-imports-no-kernel", "server/infra/search/bad-kernel.ts", "server/kernel/index.ts"],
    ["infra-imports-no-module", "server/infra/search/bad-module.ts", "server/modules/alpha/types.ts"],
    ["contracts-import-nothing", "server/contracts/bad-kernel.ts", "server/kernel/index.ts"],
    ["modules-no-web", "server/modules/beta/bad-react.ts", "node_modules/react/index.js"],
    ["modules-no-web", "server/modules/beta/bad-app.ts", "app/lib/helper.ts"],
    ["web-never-touches-tables", "app/routes/bad-drizzle.ts", "drizzle-orm"],
    ["web-through-index", "app/routes/bad-service.ts", "server/modules/alpha/service.ts"],
    ["not-to-unresolvable", "server/modules/beta/bad-missing.ts", "./does-not-exist.ts"],
  ])("refuses %s: %s", (rule, from, to) => {
    const found = refused(rule, from);
    expect(found, JSON.stringify(result.violations, null, 2)).toHaveLength(1);
    expect(found[0]!.to).toContain(to);
  });

  it("refuses a cycle between packages, naming the imports that close it", () => {
    const cycles = result.violations.filter((v) => v.rule === "no-package-cycle");
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.from).toBe("server/modules/delta ⇄ server/modules/gamma");
    expect(cycles[0]!.to).toContain("server/modules/gamma/index.ts → server/modules/delta/index.ts");
  });

  it("lets the good imports through and fails the run", () => {
    const badFiles = new Set(["server/modules/gamma/index.ts", "server/modules/delta/index.ts", "server/modules/zeta/schema.ts"]);
    const unexpected = result.violations.filter(
      (v) => v.rule !== "no-package-cycle" && !/\/bad-[a-z-]+\.ts$/.test(v.from) && !badFiles.has(v.from),
    );
    expect(unexpected).toEqual([]);
    expect(result.violations).toHaveLength(16);
    expect(result.code).toBe(1);
  });

  it("passes on the real tree", async () => {
    const real = await check(repo);
    expect(real.violations).toEqual([]);
    expect(real.code).toBe(0);
  }, 240_000);
});
