// Lighthouse (the npm package) against the running production server, driving Debian's Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium): the default mobile settings (Moto G Power screen,
// simulated slow 4G and 4x CPU slowdown), performance and accessibility. Used by `npm run bench`
// (BENCH_LIGHTHOUSE=0 skips it).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const LIGHTHOUSE_GOALS = { performance: 98, accessibility: 100, cls: 0, tbtMs: 50 };

/** Runs Lighthouse on each path of `paths` (one Chromium for all); returns the scores and metrics. */
export async function runLighthouse(baseUrl, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    logLevel: "silent",
  });
  const results = [];
  try {
    for (const p of paths) {
      const run = await lighthouse(baseUrl + p, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const lhr = run?.lhr;
      if (!lhr) {
        results.push({ path: p, error: "no result" });
        continue;
      }
      const metric = (id) => lhr.audits[id]?.numericValue ?? null;
      results.push({
        path: p,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcpMs: Math.round(metric("first-contentful-paint") ?? 0),
        lcpMs: Math.round(metric("largest-contentful-paint") ?? 0),
        cls: Math.round((metric("cumulative-layout-shift") ?? 0) * 1000) / 1000,
        tbtMs: Math.round(metric("total-blocking-time") ?? 0),
        error: lhr.runtimeError?.message ?? null,
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
