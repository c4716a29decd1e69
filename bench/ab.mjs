// One change measured on its own: two server configurations side by side, in alternating rounds,
// the server's CPU time per uncached request (from /proc, one request at a time) for the render-cost
// pages (bench/render-cost.mjs) and the print shop's getting-started page. On a busy machine the
// same build varies by 10-15 % between rounds; alternating A and B spreads that noise over both.
//
//   AB_A="build" AB_B="build PLATEN_PGLITE_ONE_TRIP=off" AB_PAGES="print shop orders,home" AB_ROUNDS=3 node bench/ab.mjs
//
// Each of AB_A and AB_B is a build directory followed by KEY=VALUE environment variables for its
// server (every cache is off in both: PLATEN_RENDER_CACHE=off, OUTBOX_WORKER=false). AB_PAGES
// picks pages by name (default: all); AB_REQUESTS is the requests per measurement (default 40).
import { cpuInRounds, median, pagesOf } from "./render-cost.mjs";
import { startServer } from "./server.mjs";

const parse = (spec, label) => {
  const [buildDir, ...pairs] = (spec ?? "").trim().split(/\s+/);
  if (!buildDir) throw new Error(`${label}: name a build directory, then KEY=VALUE pairs`);
  return { label, buildDir, env: Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)])) };
};
const configs = [parse(process.env.AB_A, "A"), parse(process.env.AB_B, "B")];
const rounds = Number(process.env.AB_ROUNDS ?? 3);
const requests = Number(process.env.AB_REQUESTS ?? 40);
const wanted = process.env.AB_PAGES?.split(",").map((s) => s.trim());

const servers = [];
try {
  for (const c of configs) {
    servers.push(
      await startServer({
        buildDir: c.buildDir,
        timeoutMs: 900_000,
        env: { OUTBOX_WORKER: "false", PLATEN_RENDER_CACHE: "off", ...c.env },
      }),
    );
  }
  const pagesPer = await Promise.all(servers.map((s) => pagesOf(s.baseUrl)));
  const names = pagesPer[0].map((p) => p.name).filter((n) => !wanted || wanted.includes(n));
  const [roundsA, roundsB] = await cpuInRounds(servers, pagesPer, { names, rounds, requests });
  const results = new Map(names.map((n) => [n, [roundsA[n], roundsB[n]]]));
  const fmt = (xs) => xs.map((x) => x.toFixed(1)).join(" ");
  console.log(
    `A: ${process.env.AB_A}\nB: ${process.env.AB_B}\nCPU ms per uncached request, ${rounds} alternating rounds of ${requests} requests`,
  );
  // Each round's figures, as wide as the widest (five rounds of three-digit figures need ~30).
  const width = Math.max(22, ...[...results.values()].flat().map((xs) => fmt(xs).length + 2));
  console.log(`${"page".padEnd(28)}${"A (each round)".padEnd(width)}${"B (each round)".padEnd(width)}median A -> B`);
  for (const [name, [a, b]] of results)
    console.log(`${name.padEnd(28)}${fmt(a).padEnd(width)}${fmt(b).padEnd(width)}${median(a).toFixed(1)} -> ${median(b).toFixed(1)}`);
} finally {
  for (const s of servers) await s.stop();
}
