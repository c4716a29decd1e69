// `npm run build`: the web build and the database snapshots, side by side.
//
//   A. react-router build -> scripts/write-build-id.mjs
//      (the client bundle; the server bundle with its two entries, React Router's server build
//      `server/index.js` and Platen's server entry `server/main.js` (vite.config.ts); the
//      latest-build file)
//   B. scripts/make-db-template.ts --only=template: the migrated, empty database (~4 s)
//   C. scripts/make-db-template.ts --only=demo: the demo snapshot with its files (~1 min, most of
//      it the demo orders placed through the real order flow)
//
// B and C need only the sources, not A's output, and each is mostly one thread: on two cores the
// three take the time of the longest instead of the sum (issue 9: `npm ci && npm start` on a fresh
// clone; issue 7: suite time). React Router empties the build folder when it starts, so B and C
// write to a staging folder beside it, whose files move into the build once all three are done.
// Any of them failing fails the build; the others are stopped.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.PLATEN_BUILD_DIR || "build");
const staging = path.join(path.dirname(buildDir), `.${path.basename(buildDir)}-db-staging`);
const started = performance.now();

const children = new Set();
function run(label, steps, env = {}) {
  return steps.reduce(
    (previous, [cmd, ...args]) =>
      previous.then(
        () =>
          new Promise((resolve, reject) => {
            const child = spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
            children.add(child);
            child.on("error", reject);
            child.on("close", (code, signal) => {
              children.delete(child);
              if (code === 0) resolve();
              else reject(new Error(`${label}: ${[cmd, ...args].join(" ")} ${signal ? `stopped by ${signal}` : `exited with ${code}`}`));
            });
          }),
      ),
    Promise.resolve(),
  );
}

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
const node = process.execPath;
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const web = run("web build", [
  [bin("react-router"), "build"],
  [node, "scripts/write-build-id.mjs"],
]);
const snapshot = (which) =>
  run(`database ${which}`, [[node, "--import", "tsx", "scripts/make-db-template.ts", `--only=${which}`]], {
    PLATEN_DB_SNAPSHOT_DIR: staging,
  });
const all = [web, snapshot("template"), snapshot("demo")];

try {
  await Promise.all(all);
} catch (error) {
  for (const child of children) child.kill("SIGTERM");
  await Promise.allSettled(all);
  rmSync(staging, { recursive: true, force: true });
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

for (const name of readdirSync(staging)) {
  const target = path.join(buildDir, name);
  if (existsSync(target)) rmSync(target, { recursive: true, force: true });
  renameSync(path.join(staging, name), target);
}
rmSync(staging, { recursive: true, force: true });
console.log(`build done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${path.relative(root, buildDir) || "."}`);
