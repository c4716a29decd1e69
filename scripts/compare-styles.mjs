// Does a change to styles look the same? Two production builds side by side (say, main's and the
// working tree's), each on a copy of one demo database: for each page, in the three themes, at 390
// and 1280 px, every element's computed style and box are compared, and the full-page screenshots
// pixel by pixel (differing shots are written to tmp/compare-styles/). ADR 0020.
//
//   node scripts/compare-styles.mjs <oldBuildDir> <newBuildDir> [selector=body]
//   PAGES=/,/shop  THEMES=myDarkTheme  WIDTHS=390  LOGIN=fulfiller (a demo account)  MAXD=8 (diffs shown)
// Dynamic parts (avatars still loading, a search field's caret) can differ between two loads of
// the same build: rerun those pages before calling a difference real.
import { chromium } from "playwright";
import sharp from "sharp";
import { cpSync, existsSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import { root, startServer } from "../bench/server.mjs";
const [oldB, newB, selector = "body"] = process.argv.slice(2);
const pagesArg = process.env.PAGES;
const work = path.join(root, "tmp", "compare-styles");
const src = path.join(work, "data");
if (!existsSync(src)) {
  mkdirSync(src, { recursive: true });
  const seed = await startServer({ buildDir: oldB, dataDir: src, env: { OUTBOX_WORKER: "false" }, timeoutMs: 900000 });
  await seed.stop();
}
const mk = (n) => {
  const d = path.join(work, `data-${n}`);
  rmSync(d, { recursive: true, force: true });
  cpSync(src, d, { recursive: true });
  return d;
};
const env = { OUTBOX_WORKER: "false", PLATEN_RENDER_CACHE: "off" };
const [a, b] = await Promise.all([
  startServer({ buildDir: oldB, dataDir: mk("a"), env, timeoutMs: 900000 }),
  startServer({ buildDir: newB, dataDir: mk("b"), env, timeoutMs: 900000 }),
]);
const html = await (await fetch(`${a.baseUrl}/shop`)).text();
const pid = /href="\/shop\/product\/(prd_[0-9a-z]+)"/.exec(html)[1];
const pages = pagesArg ? pagesArg.split(",") : ["/", "/shop/products/t-shirts", "/search?q=cat", `/shop/product/${pid}`, "/shop"];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const shots = path.join(work, "shots");
mkdirSync(shots, { recursive: true });
let bad = 0;
async function grab(base, path, theme, width, login) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  await ctx.addCookies([{ name: "platen_theme", value: theme, url: base }]);
  const page = await ctx.newPage();
  if (login) {
    await page.goto(base + "/login");
    await page.fill("input[name=email]", login + "@demo.platen.test");
    await page.fill("input[name=password]", "platen-demo-2026");
    await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), page.click("button[type=submit]")]);
  }
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  await page.addStyleTag({ content: "*{transition:none!important;animation:none!important;caret-color:transparent!important}" });
  // Lazy images below the fold load when the full-page shot is taken, or not: load them all first,
  // so that one build's hydration (MUI's Avatar fetches its image eagerly) is not compared with the
  // other's timing.
  await page.evaluate(async () => {
    const lazy = [...document.querySelectorAll('img[loading="lazy"]')];
    for (const img of lazy) img.loading = "eager";
    await Promise.all(lazy.map((img) => img.decode().catch(() => undefined)));
  });
  const styles = await page.evaluate((sel) => {
    const out = [];
    for (const root of document.querySelectorAll(sel))
      for (const el of [root, ...root.querySelectorAll("*")]) {
        const cs = getComputedStyle(el);
        const o = {};
        for (let i = 0; i < cs.length; i++) {
          const k = cs[i];
          if (k === "transition" || k.startsWith("transition")) continue;
          o[k] = cs.getPropertyValue(k);
        }
        const r = el.getBoundingClientRect();
        out.push({
          txt: (el.textContent || "").slice(0, 40),
          tag: el.tagName,
          cls: typeof el.className === "string" ? el.className.replace(/mui-[a-z0-9]+/g, "").trim() : "",
          o,
          box: [r.x, r.y, r.width, r.height].map(Math.round).join(","),
        });
      }
    return out;
  }, selector);
  const shot = await page.screenshot({ fullPage: true });
  await ctx.close();
  return { styles, shot };
}
const login = process.env.LOGIN;
for (const p of pages)
  for (const theme of (process.env.THEMES ?? "myPurpleTheme,myDarkTheme,myNeutralTheme").split(","))
    for (const w of (process.env.WIDTHS ?? "390,1280").split(",").map(Number)) {
      const [x, y] = [await grab(a.baseUrl, p, theme, w, login), await grab(b.baseUrl, p, theme, w, login)];
      const diffs = [];
      if (x.styles.length !== y.styles.length) diffs.push(`element count ${x.styles.length} vs ${y.styles.length}`);
      for (let i = 0; i < Math.min(x.styles.length, y.styles.length) && diffs.length < Number(process.env.MAXD ?? 8); i++) {
        const s = x.styles[i],
          t = y.styles[i];
        if (s.tag !== t.tag) {
          diffs.push(`#${i} tag ${s.tag} vs ${t.tag}`);
          continue;
        }
        if (s.cls !== t.cls) diffs.push(`#${i} ${s.tag} class "${s.cls}" vs "${t.cls}"`);
        if (s.box !== t.box) diffs.push(`#${i} ${s.tag}.${s.cls} box ${s.box} vs ${t.box}`);
        for (const k of Object.keys(s.o))
          if (s.o[k] !== t.o[k]) diffs.push(`#${i} ${s.tag}.${s.cls.split(" ")[0]} "${s.txt}" ${k}: ${s.o[k]} vs ${t.o[k]}`);
      }
      const [ia, ib] = await Promise.all([
        sharp(x.shot).raw().toBuffer({ resolveWithObject: true }),
        sharp(y.shot).raw().toBuffer({ resolveWithObject: true }),
      ]);
      let px = -1;
      if (ia.info.width === ib.info.width && ia.info.height === ib.info.height) {
        px = 0;
        for (let i = 0; i < ia.data.length; i += ia.info.channels)
          if (ia.data[i] !== ib.data[i] || ia.data[i + 1] !== ib.data[i + 1] || ia.data[i + 2] !== ib.data[i + 2]) px++;
      }
      const tag = `${p.replace(/\W+/g, "_")}-${theme}-${w}`;
      if (px !== 0) {
        await sharp(x.shot).toFile(path.join(shots, `${tag}-old.png`));
        await sharp(y.shot).toFile(path.join(shots, `${tag}-new.png`));
      }
      if (diffs.length || px !== 0) bad++;
      console.log(
        `${p} ${theme} ${w}px: ${x.styles.length} elements, style diffs ${diffs.length}, pixels differ ${px === -1 ? `size ${ia.info.width}x${ia.info.height} vs ${ib.info.width}x${ib.info.height}` : px}`,
      );
      for (const d of diffs.slice(0, 8)) console.log("   ", d);
    }
await browser.close();
await a.stop();
await b.stop();
console.log(bad ? `${bad} differ` : "identical");
process.exitCode = bad ? 1 : 0;
