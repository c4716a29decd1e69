// Checks Platen's import boundaries (run by `npm run lint`) and prints the package-level import
// graph (`npm run deps:graph`).
//
//   node scripts/boundaries.mjs           check: the rules of .dependency-cruiser.cjs, then no
//                                         cycles between packages; exit 1 on any violation
//   node scripts/boundaries.mjs --graph   print one line per package with the packages it
//                                         imports, then the cycles (none, when all is well)
//   node scripts/boundaries.mjs --json    the violations as JSON (tests/lint/boundaries.test.ts)
//
// It cruises app/ and server/ of the current directory (test files excepted), resolving imports
// as TypeScript does. `--config FILE` names another rule set (the test's fixtures use the real one).
import path from "node:path";
import { parseArgs } from "node:util";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const { values: args } = parseArgs({
  options: {
    graph: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    config: { type: "string", default: ".dependency-cruiser.cjs" },
  },
});

/**
 * The package a file belongs to: one module, one adapter, a server layer, a layer of the web app,
 * or the composition root (the files directly in server/: boot, the server entry, the job
 * handlers' wiring and the schema aggregator).
 */
export function packageOf(file) {
  let m = /^server\/(modules|infra)\/([^/]+)\//.exec(file);
  if (m) return `server/${m[1]}/${m[2]}`;
  m = /^server\/([^/]+)\//.exec(file);
  if (m) return `server/${m[1]}`;
  if (/^server\/[^/]+$/.test(file)) return "server (composition root)";
  m = /^app\/([^/]+)\//.exec(file);
  if (m) return `app/${m[1]}`;
  if (/^app\/[^/]+$/.test(file)) return "app (root)";
  return null;
}

async function cruiseTree() {
  const options = await extractDepcruiseOptions(path.resolve(args.config));
  const tsConfig = extractTSConfig(path.resolve(options.tsConfig?.fileName ?? "tsconfig.json"));
  const roots = ["app", "server"];
  const result = await cruise(roots, { ...options, validate: true }, undefined, { tsConfig });
  return typeof result.output === "string" ? JSON.parse(result.output) : result.output;
}

/** Package → set of packages it imports (type-only imports count too), with one example each. */
function packageGraph(modules) {
  const graph = new Map();
  const example = new Map();
  for (const mod of modules) {
    const from = packageOf(mod.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dep of mod.dependencies) {
      const to = packageOf(dep.resolved);
      if (!to || to === from) continue;
      graph.get(from).add(to);
      const key = `${from}\u0000${to}`;
      if (!example.has(key)) example.set(key, `${mod.source} → ${dep.resolved}`);
    }
  }
  return { graph, example };
}

/** Strongly connected components with more than one package (Tarjan): each one holds a cycle. */
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/** The shortest cycle through the first package of a component (breadth-first), as a package list. */
function shortestCycle(graph, members) {
  const start = [...members].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = previous.get(v); p !== null; p = previous.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

const result = await cruiseTree();
const { graph, example } = packageGraph(result.modules);
const violations = (result.summary.violations ?? []).map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
for (const scc of cycles(graph)) {
  // `from`: every package caught in the cycle; `to`: the shortest cycle, one import per step.
  const cycle = shortestCycle(graph, new Set(scc));
  const steps = cycle.slice(1).map((b, i) => example.get(`${cycle[i]}\u0000${b}`));
  violations.push({ rule: "no-package-cycle", from: scc.join(" ⇄ "), to: `${cycle.join(" → ")}: ${steps.join("; ")}` });
}

if (args.json) {
  console.log(JSON.stringify({ violations }, null, 2));
} else if (args.graph) {
  for (const [pkg, deps] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${pkg} -> ${[...deps].sort().join(", ") || "(nothing)"}`);
  }
  const found = violations.filter((v) => v.rule === "no-package-cycle");
  console.log(
    found.length
      ? `\n${found.length} cycle(s) between packages:\n${found.map((v) => `  ${v.from}\n    ${v.to}`).join("\n")}`
      : `\n${graph.size} packages, no cycles between packages.`,
  );
} else {
  for (const v of violations) console.error(`  error ${v.rule}: ${v.rule === "no-package-cycle" ? v.to : `${v.from} → ${v.to}`}`);
  console.error(
    violations.length
      ? `\n✖ ${violations.length} boundary violation(s): see .dependency-cruiser.cjs and docs/conventions.md`
      : `✔ import boundaries hold (${result.summary.totalCruised} files, ${graph.size} packages, no cycles)`,
  );
}
process.exitCode = violations.length ? 1 : 0;
