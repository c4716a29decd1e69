// A checkout burst (issue 22): 200 shoppers check out the demo's scarce hoodie at the same moment
// on PostgreSQL (two server processes), while a visitor browses the storefront. Measured: how long
// each checkout took to be answered (placed and paid, or refused: sold out), that nothing was
// oversold or charged twice, and the storefront's latency while the burst runs.
//
//   node bench/checkout-burst.mjs        (BENCH_DATABASE_URL or TEST_DATABASE_URL names a server;
//                                          BURST_SHOPPERS, default 200; PLATEN_BUILD_DIR, default build)
//
// `npm run bench` runs it when a PostgreSQL server is named (BENCH_ONLY=checkout-burst alone).
import { pathToFileURL } from "node:url";
import { ensureBuild, startServer } from "./server.mjs";

const SCARCE = { blank: "Pullover hoodie", color: "Black", size: "M" };

/** A client with its own cookie jar (a shopper's browser, without a browser). */
function client(baseUrl) {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const remember = (res) => {
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  return {
    async get(path) {
      const res = await fetch(baseUrl + path, { headers: { cookie: cookie() }, redirect: "manual" });
      remember(res);
      return { status: res.status, text: await res.text(), location: res.headers.get("location") };
    },
    async post(path, form) {
      const res = await fetch(baseUrl + path, {
        method: "POST",
        headers: { cookie: cookie(), origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
        redirect: "manual",
      });
      remember(res);
      return { status: res.status, text: await res.text(), location: res.headers.get("location") };
    },
  };
}

const hidden = (html, name) =>
  (new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html) ??
    new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html))?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');

async function scarceVariant(baseUrl) {
  const c = client(baseUrl);
  const list = (await c.get("/shop/products/hoodies")).text;
  for (const href of new Set([...list.matchAll(/href="(\/shop\/product\/prd_[0-9a-z]+)"/g)].map((m) => m[1]))) {
    const html = (await c.get(`${href}?color=${SCARCE.color}`)).text;
    const productId = /name="productId" value="(prd_[0-9a-z]+)"/.exec(html)?.[1];
    const variantId = new RegExp(`id="size-${SCARCE.size}"[^>]*value="(var_[0-9a-z]+)"`).exec(html)?.[1];
    if (html.includes(SCARCE.blank) && productId && variantId) return { productId, variantId, path: href };
  }
  throw new Error("the demo's scarce hoodie (Black, M) was not found on /shop/products/hoodies");
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};

/**
 * Returns the figures; `pgUrl` is the PostgreSQL server (a scratch database is made and dropped).
 */
export async function checkoutBurst({ buildDir = "build", pgUrl, shoppers = 200, processes = 2, log = console.log } = {}) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `platen_burst_${process.pid}`;
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${name}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  let server = null;
  try {
    log(`Checkout burst: starting ${processes} processes on PostgreSQL (the first start seeds the demo data)...`);
    server = await startServer({
      buildDir,
      timeoutMs: 900_000,
      env: {
        DATABASE_URL: dbUrl.href,
        WEB_CONCURRENCY: String(processes),
        ORDERS_MAX_PER_IP: "100000",
        AUTH_MAX_SIGNUPS_PER_IP: "100000",
      },
    });
    const base = server.baseUrl;
    const target = await scarceVariant(base);
    log(`  preparing ${shoppers} shoppers with the scarce hoodie in their carts...`);
    const people = [];
    for (let i = 0; i < shoppers; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, shoppers - i) }, async (_, k) => {
          const c = client(base);
          await c.post("/api/cart", {
            intent: "add",
            productId: target.productId,
            variantId: target.variantId,
            quantity: "1",
            redirectTo: "/cart",
          });
          const a = await c.post("/checkout", {
            intent: "address",
            email: `burst-${i + k}@example.com`,
            fullName: "Burst Shopper",
            line1: "1200 SW Main Street",
            line2: "",
            city: "Portland",
            region: "OR",
            postalCode: "97205",
            country: "US",
            phone: "",
          });
          if (a.status !== 302) throw new Error(`address refused (${a.status})`);
          const html = (await c.get("/checkout")).text;
          return { c, placeKey: hidden(html, "placeKey"), seenTotalMinor: hidden(html, "seenTotalMinor") };
        }),
      );
      people.push(...batch);
    }

    // The storefront while the burst runs: a visitor opening product and category pages one after another.
    let browsing = true;
    const pages = [];
    const browse = (async () => {
      const c = client(base);
      const paths = [target.path, "/shop/products/t-shirts", "/", "/shop/products/mugs"];
      for (let i = 0; browsing; i++) {
        const t0 = performance.now();
        const r = await c.get(paths[i % paths.length]);
        pages.push({ ms: performance.now() - t0, status: r.status });
      }
    })();

    log(`  ${shoppers} checkouts at once...`);
    const started = performance.now();
    const results = await Promise.all(
      people.map(async ({ c, placeKey, seenTotalMinor }) => {
        const t0 = performance.now();
        try {
          // As the checkout page's JavaScript sends its forms: React Router's data requests (`.data`),
          // answered with the action's data or a redirect, not a rendered page.
          const placed = await c.post("/checkout.data", { intent: "place", placeKey, seenTotalMinor });
          const payment = /\/payment\?order=[^"\\]+/.exec(placed.text)?.[0]?.replace(/\\u0026|&amp;/g, "&");
          if (!payment) {
            // Refused with the checkout's reason: sold out, or a new total (the next warehouse with
            // stock ships it, at its own shipping price, which the shopper confirms).
            const outcome = /sold out|Only \d+ left|can't be bought/i.test(placed.text)
              ? "sold out"
              : /total changed/i.test(placed.text)
                ? "new total (another warehouse)"
                : `refused ${placed.status}`;
            return { ms: performance.now() - t0, outcome };
          }
          const page = await c.get(payment);
          const attemptKey = hidden(page.text, "attemptKey");
          const paid = await c.post(payment.replace("/payment?", "/payment.data?"), {
            cardNumber: "4242 4242 4242 4242",
            expiry: "12 / 34",
            cvc: "123",
            name: "Burst",
            attemptKey,
          });
          return { ms: performance.now() - t0, outcome: /\/shop\/orders\//.test(paid.text) ? "paid" : `pay ${paid.status}` };
        } catch (error) {
          return { ms: performance.now() - t0, outcome: `error ${error instanceof Error ? error.message : error}` };
        }
      }),
    );
    const wall = performance.now() - started;
    browsing = false;
    await browse;

    const outcomes = {};
    for (const r of results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    const { rows } = await admin
      .query(`select 1`) // the burst database is read through its own connection below
      .then(async () => {
        const c = new pg.Client({ connectionString: dbUrl.href });
        await c.connect();
        try {
          return await c.query(
            `select (select count(*)::int from orders o join order_lines l on l.order_id = o.id join product_variants v on v.id = l.variant_id
                     where v.id = $1 and o.status not in ('cancelled')) as held,
                    (select count(*)::int from payments where status = 'succeeded') as charges,
                    (select count(*)::int from (select order_id from payments where status = 'succeeded' group by order_id having count(*) > 1) d) as doubled`,
            [target.variantId],
          );
        } finally {
          await c.end();
        }
      });
    const ms = results.map((r) => r.ms);
    const pageMs = pages.map((p) => p.ms);
    const figures = {
      shoppers,
      processes,
      wallMs: Math.round(wall),
      checkout: { p50Ms: Math.round(percentile(ms, 50)), p95Ms: Math.round(percentile(ms, 95)), maxMs: Math.round(Math.max(...ms)) },
      answeredWithin2s: ms.filter((x) => x <= 2000).length,
      outcomes,
      unitsHeldOrSold: rows[0].held,
      doubleCharges: rows[0].doubled,
      storefront: {
        requests: pages.length,
        p50Ms: Math.round(percentile(pageMs, 50) ?? 0),
        p95Ms: Math.round(percentile(pageMs, 95) ?? 0),
        maxMs: Math.round(pageMs.length ? Math.max(...pageMs) : 0),
        errors: pages.filter((p) => p.status >= 400).length,
      },
    };
    log(
      `  checkouts: ${figures.answeredWithin2s}/${shoppers} answered within 2 s; p50 ${figures.checkout.p50Ms} ms, p95 ${figures.checkout.p95Ms} ms, max ${figures.checkout.maxMs} ms (all in ${figures.wallMs} ms)`,
    );
    log(
      `  outcomes: ${JSON.stringify(outcomes)}; units held or sold: ${figures.unitsHeldOrSold}; double charges: ${figures.doubleCharges}`,
    );
    log(
      `  storefront meanwhile: ${figures.storefront.requests} pages, p50 ${figures.storefront.p50Ms} ms, p95 ${figures.storefront.p95Ms} ms, max ${figures.storefront.maxMs} ms, ${figures.storefront.errors} errors`,
    );
    return figures;
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    console.error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.");
    process.exit(2);
  }
  const buildDir = process.env.PLATEN_BUILD_DIR || "build";
  if (process.env.BENCH_NO_BUILD !== "1") ensureBuild(buildDir);
  const figures = await checkoutBurst({ buildDir, pgUrl, shoppers: Number(process.env.BURST_SHOPPERS || 200) });
  console.log(JSON.stringify(figures, null, 2));
}
