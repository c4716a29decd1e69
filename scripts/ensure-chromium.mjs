// Makes sure a Chromium the browser tests can drive is on this machine (Debian's Chromium, never a
// browser build downloaded by Playwright).
//
//   node scripts/ensure-chromium.mjs      prints the path of a working Chromium, or explains how to get one
//
//   node scripts/ensure-chromium.mjs --headless-shell   the same for the journeys (below)
//
// Order: CHROMIUM_PATH if set (it must work: no silent fallback), else /usr/bin/chromium; when
// neither is there and we are root on a Debian/Ubuntu machine (apt-get exists), it runs
// `apt-get update && apt-get install -y chromium chromium-headless-shell` quietly (log in
// tmp/apt-chromium.log). Anywhere else it stops with a message telling how to install Chromium or
// set CHROMIUM_PATH.
//
// The journeys ask for `headlessShell`: Debian's `chromium-headless-shell` package, the same
// Chromium release built as the headless shell Playwright itself runs headless tests in (ADR 0023).
// It costs the machine about a fifth less CPU per journey than the full browser in headless mode.
// Where it is not to be had, the journeys run in the full Chromium, saying so.
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const PACKAGES = ["chromium", "chromium-headless-shell"];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `chromium --version`, or null when the binary does not start. */
function chromiumVersion(file) {
  const r = spawnSync(file, ["--version"], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) return null;
  return r.stdout.trim() || "unknown version";
}

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function runLogged(cmd, args, logFile) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile, { flags: "a" });
    log.write(`\n$ ${cmd} ${args.join(" ")}\n`);
    const child = spawn(cmd, args, { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    const started = Date.now();
    const beat = setInterval(
      () => console.log(`  ... still running ${cmd} ${args[0]} (${Math.round((Date.now() - started) / 1000)} s)`),
      30_000,
    );
    child.on("error", (error) => {
      log.write(`${error}\n`);
    });
    child.on("close", (code) => {
      clearInterval(beat);
      log.end(() => resolve(code ?? 1));
    });
  });
}

class ChromiumMissing extends Error {}

/**
 * Resolves to the path of a working Chromium; throws ChromiumMissing with a readable message.
 * `headlessShell`: prefer Debian's chromium-headless-shell (for the journeys), else the full one.
 */
export async function ensureChromium({ log = console.log, headlessShell = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    const version = working(fromEnv);
    if (!version)
      throw new ChromiumMissing(
        `CHROMIUM_PATH=${fromEnv} is not a working Chromium (missing, not executable, or \`--version\` failed). Fix the path or unset it to use ${DEFAULT_CHROMIUM}.`,
      );
    log(`Chromium: ${fromEnv} (${version}, from CHROMIUM_PATH)`);
    return fromEnv;
  }
  if (headlessShell) {
    let shell = working(HEADLESS_SHELL);
    if (!shell && canInstall()) {
      try {
        await install(log);
        shell = working(HEADLESS_SHELL);
      } catch (error) {
        log(error instanceof Error ? error.message : String(error));
      }
    }
    if (shell) {
      log(`Chromium: ${HEADLESS_SHELL} (${shell})`);
      return HEADLESS_SHELL;
    }
    const found = await ensureChromium({ log });
    log(
      `No working ${HEADLESS_SHELL}: the journeys run in ${found}, about a fifth more CPU (Debian: apt-get install chromium-headless-shell).`,
    );
    return found;
  }
  const version = working(DEFAULT_CHROMIUM);
  if (version) {
    log(`Chromium: ${DEFAULT_CHROMIUM} (${version})`);
    return DEFAULT_CHROMIUM;
  }
  if (isExecutable(DEFAULT_CHROMIUM)) log(`${DEFAULT_CHROMIUM} exists but does not start; trying to (re)install it.`);

  if (!canInstall()) {
    throw new ChromiumMissing(
      [
        `No Chromium found at ${DEFAULT_CHROMIUM}. The browser tests drive the system's Chromium (Playwright does not download one).`,
        "Install it, for example:",
        "  Debian/Ubuntu:  sudo apt-get install -y chromium chromium-headless-shell",
        "  Fedora:         sudo dnf install -y chromium",
        "  macOS:          brew install --cask chromium",
        "or point CHROMIUM_PATH at an existing Chromium/Chrome binary, e.g.",
        "  CHROMIUM_PATH=/path/to/chromium npm test",
      ].join("\n"),
    );
  }
  await install(log);
  const installed = working(DEFAULT_CHROMIUM);
  if (!installed)
    throw new ChromiumMissing(
      `apt-get installed chromium but ${DEFAULT_CHROMIUM} does not start (on Ubuntu the package may be a snap stub). Set CHROMIUM_PATH to a working Chromium.`,
    );
  log(`Chromium installed: ${DEFAULT_CHROMIUM} (${installed})`);
  return DEFAULT_CHROMIUM;
}

/** `--version` of a working binary at `file`, else null. */
function working(file) {
  return isExecutable(file) ? chromiumVersion(file) : null;
}

/** Root on a Debian/Ubuntu machine with apt-get: the packages can be installed here. */
function canInstall() {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const debianLike = existsSync("/etc/debian_version") || /\b(debian|ubuntu)\b/i.test(safeRead("/etc/os-release"));
  return isRoot && hasCommand("apt-get") && debianLike;
}

/** apt-get install of Debian's Chromium packages (both: the journeys use the shell, the benches the browser). */
async function install(log) {
  mkdirSync(path.join(root, "tmp"), { recursive: true });
  const logFile = path.join(root, "tmp", "apt-chromium.log");
  log(`Installing Debian's ${PACKAGES.join(" and ")} with apt-get (usually under a minute; log in ${path.relative(root, logFile)}).`);
  const steps = [
    ["apt-get", ["update", "-qq"]],
    ["apt-get", ["install", "-y", "-qq", ...PACKAGES]],
  ];
  for (const [cmd, args] of steps) {
    const code = await runLogged(cmd, args, logFile);
    if (code !== 0) {
      const tail = safeRead(logFile).split("\n").slice(-25).join("\n");
      throw new ChromiumMissing(
        `\`${cmd} ${args.join(" ")}\` failed (exit ${code}). Last lines of ${logFile}:\n${tail}\nInstall Chromium yourself or set CHROMIUM_PATH.`,
      );
    }
  }
}

function safeRead(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const found = await ensureChromium({ log: (m) => console.error(m), headlessShell: process.argv.includes("--headless-shell") });
    console.log(found);
  } catch (error) {
    console.error(error instanceof ChromiumMissing ? error.message : error);
    process.exit(1);
  }
}
