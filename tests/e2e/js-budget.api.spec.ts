import { expect, test } from "@playwright/test";
// @ts-expect-error -- a plain ESM script shared with `npm run bench` (no type declarations)
import { BACK_OFFICE_PAGES, JS_BUDGET_BYTES, measureJs } from "../../scripts/js-budget.mjs";

/**
 * JavaScript per storefront page, from the build the journeys run against (scripts/js-budget.mjs:
 * the manifest's entry, the matched routes' modules and their static imports, gzipped).
 *
 * The goal is JS_BUDGET_BYTES (150 KB, issue 9). Until the storefront gets there, the ceiling below
 * holds what has been reached: a change that adds JavaScript to a storefront page fails here, and
 * each cut lowers the ceiling. The figures and the distance to the goal are printed by
 * `npm run bench` and `node scripts/js-budget.mjs`.
 */
// 208 KB until stop 31; the identity client loaded only for a signed-in user (2.1 KB) less the
// prices written without Intl (0.25 KB): 200.9–206.1 KB. Server parts (ADR 0025, stop 33) cost
// 0.3 KB on every page and take a fifth of the home page's hydration script: 201.1–206.6 KB. Stop 34:
// a card's heart kept as a server part, with the keyboard's focus put back when a part renders
// (0.3 KB), takes another tenth of a grid page's hydration script: 201.5–206.9 KB.
const CEILING_BYTES = 207.1 * 1024;

/**
 * The print shop's back office and its neighbours (BACK_OFFICE_PAGES: its administration, partner
 * analytics, the fulfillment application and registration, /admin/fulfillers and /admin/cases,
 * issue 23). They were at 205–246 KB while their fields were MUI's TextField (about 28 KB with its
 * select, menu, popover and modal) and their checkboxes and radios MUI's (about 4 KB more); drawn
 * with OutlinedField and ChoiceControl they were at 192–221 KB, the largest /admin/cases/:id
 * (220.1 KB). Fixed styles and the Box and Typography that compile their sx once (ADR 0020, issue 24)
 * add 2 KB to each page: 194–222.1 KB; the identity client loaded only when signed in takes 1.9–2.1 KB
off each (stop 31): 192.2–220.6 KB. The ceiling holds that: a change that adds JavaScript to one fails.
 * Stop 34: the server part of their footer puts the keyboard's focus back when it renders (0.3 KB): up to 221.2 KB.
 */
const BACK_OFFICE_CEILING_BYTES = 221.3 * 1024;

type PageJs = { page: string; bytes: number; files: { file: string; bytes: number }[]; zodFiles: string[] };

test("no storefront page ships more JavaScript than the ceiling, on its way to the 150 KB budget", () => {
  const pages = measureJs(process.env.PLATEN_BUILD_DIR ?? "build") as PageJs[];
  expect(pages.length).toBeGreaterThanOrEqual(9);
  expect(JS_BUDGET_BYTES).toBe(150 * 1024);
  const over = pages
    .filter((p) => p.bytes > CEILING_BYTES)
    .map(
      (p) =>
        `${p.page}: ${(p.bytes / 1024).toFixed(1)} KB gzipped (ceiling ${CEILING_BYTES / 1024} KB); largest: ${p.files
          .slice(0, 5)
          .map((f) => `${f.file} ${(f.bytes / 1024).toFixed(1)} KB`)
          .join(", ")}`,
    );
  expect(over).toEqual([]);
});

test("no storefront page ships Zod's runtime: schemas stay on the server, browser code repairs by hand", () => {
  const pages = measureJs(process.env.PLATEN_BUILD_DIR ?? "build") as PageJs[];
  // Zod is 25 KB gzipped. It slips back in when a browser file calls a schema, or when a module the
  // browser imports builds a schema the bundler cannot prove pure (a helper call without
  // `@__NO_SIDE_EFFECTS__`, a property read in its arguments; see vite.config.ts).
  expect(pages.filter((p) => p.zodFiles.length > 0).map((p) => `${p.page}: ${p.zodFiles.join(", ")}`)).toEqual([]);
});

test("no back-office page ships more JavaScript than its ceiling", () => {
  const pages = measureJs(process.env.PLATEN_BUILD_DIR ?? "build", BACK_OFFICE_PAGES) as PageJs[];
  expect(pages.length).toBeGreaterThanOrEqual(23);
  const over = pages
    .filter((p) => p.bytes > BACK_OFFICE_CEILING_BYTES)
    .map(
      (p) =>
        `${p.page}: ${(p.bytes / 1024).toFixed(1)} KB gzipped (ceiling ${BACK_OFFICE_CEILING_BYTES / 1024} KB); largest: ${p.files
          .slice(0, 5)
          .map((f) => `${f.file} ${(f.bytes / 1024).toFixed(1)} KB`)
          .join(", ")}`,
    );
  expect(over).toEqual([]);
});
