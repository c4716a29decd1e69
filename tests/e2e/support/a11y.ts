import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, type DemoRole } from "./accounts.ts";

/** The WCAG 2.1 A and AA rules; axe must find nothing serious or critical. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * What axe finds serious or critical on what `page` shows now, one line per rule.
 *
 * axe runs in the page itself ("legacy mode": `axe.run` over the top document) and reports its
 * violations only. AxeBuilder's default runs each frame apart, then merges the results in a blank
 * page it opens for every audit, and serialises every passed and incomplete check as well: the
 * same rules find the same violations here in about a third of the time (/shop: 1.1 s -> 0.4 s),
 * which counts with ~160 audits in the suite. Iframes are excluded either way (e-mail previews,
 * sandboxed mail content with render tests of their own).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are checked as they end up, not half-way through a transition (a button fading after
  // a click read 4.07:1 on its way to 4.6:1): wait for the running finite animations to finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // `options` first: it replaces the run options that `withTags` fills in.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(TAGS)
    .exclude("iframe")
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`)
          .join("\n    ")}`,
    );
}

/** Audit what `page` shows now (a page, or a state such as an open drawer): nothing serious. */
export async function auditPage(page: Page, label: string): Promise<void> {
  const report = await seriousViolations(page);
  expect(report, `${label}\n${report.join("\n")}`).toEqual([]);
}

/**
 * Audit what `page` shows at 1280 px and 360 px: nothing serious for axe and nothing wider than the
 * window at either width; the page is left at 1280 px.
 */
export async function readsWell(page: Page, label: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await auditPage(page, `${label} at ${width}px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${label} at ${width}px: the page is wider than the window`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Wait until the page is interactive: the root layout sets `html[data-hydrated]` once every
 * component has hydrated (app/root.tsx). Faster than waiting for a quiet network, and it does not
 * wait for images or polling.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Two animation frames: React has rendered and the browser has laid out what a resize changed. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Open `path` once it has hydrated and audit it at each of `widths` (900 px high): the page is
 * loaded once and resized, as a phone turned or a window narrowed would, rather than loaded again.
 */
export async function audit(page: Page, path: string, widths: readonly number[] = []): Promise<void> {
  if (widths[0]) await page.setViewportSize({ width: widths[0], height: 900 });
  await page.goto(path);
  await waitForHydration(page);
  if (!widths.length) return auditPage(page, path);
  for (const [i, width] of widths.entries()) {
    if (i > 0) {
      await page.setViewportSize({ width, height: 900 });
      await nextFrames(page);
    }
    await auditPage(page, `${path} at ${width}px`);
  }
}

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/**
 * `test.use({ signedInAs: "admin" })` starts each test's browser already signed in as that demo
 * account: each worker signs in once per role through the real /login form and reuses the cookies.
 * `test.use({ theme: "myDarkTheme" })` sets the theme cookie of the shared page's browser.
 *
 * `sharedPage` is one page per worker for each role and theme, kept from test to test, for tests
 * that only look (the accessibility audits): a new browser context for every test costs a new
 * renderer process that compiles the site's JavaScript again, about three times the CPU of the page
 * load itself (24 storefront loads: 27 s of CPU in fresh contexts, 8.5 s in one page, here).
 * Playwright restarts the worker after a failed test, so a failure never leaves its page behind.
 */
export const test = base.extend<
  { signedInAs: DemoRole | null; theme: string | null; sharedPage: Page },
  { roleStates: Map<DemoRole, StorageState>; sharedPages: Map<string, Page> }
>({
  signedInAs: [null, { option: true }],
  theme: [null, { option: true }],
  roleStates: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],
  sharedPages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      const pages = new Map<string, Page>();
      await use(pages);
      for (const page of pages.values()) await page.context().close();
    },
    { scope: "worker" },
  ],
  storageState: async ({ signedInAs, roleStates, playwright, baseURL, storageState }, use) => {
    if (!signedInAs) return use(storageState);
    let state = roleStates.get(signedInAs);
    if (!state) {
      const ctx = await playwright.request.newContext({ baseURL });
      const res = await ctx.post("/login", {
        form: { email: DEMO[signedInAs], password: DEMO_PASSWORD, next: "/account" },
        maxRedirects: 0,
      });
      expect(res.status(), `sign-in as ${signedInAs}`).toBe(302);
      // The audits run in the default theme: the account's saved theme is the default one (another
      // test may have saved another theme to this demo account).
      const themed = await ctx.post("/resources/theme", { form: { theme: "myPurpleTheme", next: "/account" }, maxRedirects: 0 });
      expect(themed.status(), `default theme for ${signedInAs}`).toBe(302);
      state = await ctx.storageState();
      await ctx.dispose();
      roleStates.set(signedInAs, state);
    }
    await use(state);
  },
  sharedPage: async (
    { browser, baseURL, storageState, signedInAs, theme, sharedPages, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale },
    use,
  ) => {
    const key = `${signedInAs ?? "visitor"} ${theme ?? "default"}`;
    let page = sharedPages.get(key);
    if (!page || page.isClosed()) {
      // The project's device settings, as the `page` fixture's context has them.
      const context = await browser.newContext({
        baseURL,
        storageState,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        locale,
      });
      if (theme) await context.addCookies([{ name: "platen_theme", value: theme, url: baseURL! }]);
      page = await context.newPage();
      sharedPages.set(key, page);
    }
    await use(page);
  },
});
