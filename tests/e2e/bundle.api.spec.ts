import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The browser bundles must never carry server-only code: a client file that imports the database
// layer (even through a shared helper) pulls drizzle, pg and PGlite into the storefront's JavaScript
// and breaks hydration ("Buffer is not defined"). Checked on the build the journeys run against.
const assetsDir = path.resolve(process.env.PLATEN_BUILD_DIR ?? "build", "client", "assets");

const SERVER_ONLY: [string, RegExp][] = [
  ["drizzle-orm", /drizzle:entityKind/],
  ["PGlite", /ENVIRONMENT_IS_NODE.*FS_stdin_getChar|pglite/i],
  ["pg (node-postgres)", /require_postgres_bytea|pg-protocol/],
  ["sharp", /sharp-[a-z]+-[a-z0-9]+\.node|libvips/],
  ["argon2", /@node-rs\/argon2/],
];

test("no browser bundle carries server-only packages", () => {
  const files = readdirSync(assetsDir).filter((f) => f.endsWith(".js"));
  expect(files.length).toBeGreaterThan(5);
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(assetsDir, file), "utf8");
    for (const [name, pattern] of SERVER_ONLY) if (pattern.test(text)) found.push(`${file}: ${name}`);
  }
  expect(found).toEqual([]);
});
