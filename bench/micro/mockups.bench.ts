// Mockup micro-benchmark (`npm run bench`, or `node --import tsx bench/micro/mockups.bench.ts`):
// project-generated t-shirt templates in 6 colours and a generated 3600 px artwork, then
//   - one colour's mockup: render + WebP in every MOCKUP_WIDTHS width + store (cold caches)
//   - all 6 colours of one product's front area together (renderProductMockups, cold caches)
//   - the designer's live preview (one colour, 640 px WebP, warm caches)
//   - the print file of the front area (12 × 16 in at 300 DPI = 3600 × 4800 px)
//   - upload normalisation of a 3600 × 3600 PNG (inspect + sRGB PNG + preview)
// Prints p50/p95 (wall clock) and CPU ms per step with its target and writes tmp/bench-mockups.json.
// Settings: BENCH_MOCKUP_ROUNDS (default 15), BENCH_HEAVY_ROUNDS (print file / upload, default 4).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  clearImageCaches,
  encodeWebpWidths,
  generateDemoArtwork,
  generateTemplate,
  mockupHash,
  normalizeArtwork,
  perceptualHash,
  renderMockup,
  renderMockupPreview,
  renderPrintFile,
  renderProductMockups,
  sha256Hex,
} from "../../server/infra/images/index.ts";
import { LocalStorage } from "../../server/infra/storage/index.ts";
import { MOCKUP_WIDTHS } from "../../server/modules/catalog/types.ts";

const ROUNDS = Number(process.env.BENCH_MOCKUP_ROUNDS ?? 15);
const HEAVY = Number(process.env.BENCH_HEAVY_ROUNDS ?? 4);
const COLORS = ["#111111", "#ffffff", "#1f2a44", "#9ea3a8", "#2f5d3a", "#c62828"];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Wall-clock p50/p95 per run, plus the CPU time per run (all threads of the process: sharp's
 * included), which barely depends on how busy the machine is.
 */
async function time(
  rounds: number,
  fn: (i: number) => Promise<unknown>,
  warmup = 1,
): Promise<{ p50: number; p95: number; mean: number; cpuMs: number; runs: number }> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  ms.sort((a, b) => a - b);
  return {
    p50: r1(pct(ms, 50)),
    p95: r1(pct(ms, 95)),
    mean: r1(ms.reduce((a, b) => a + b, 0) / ms.length),
    cpuMs: r1((cpu.user + cpu.system) / 1000 / rounds),
    runs: rounds,
  };
}

function table(rows: string[][], header: string[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const fmt = (r: string[]) =>
    r
      .map((cell, c) => (c > 0 && c < 5 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join("  ")
      .trimEnd();
  return [fmt(header), fmt(widths.map((w) => "-".repeat(w))), ...rows.map(fmt)].join("\n");
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "platen-bench-mockups-"));
  const store = new LocalStorage(dir);
  try {
    console.log(
      `Mockup benchmark: t-shirt front, ${COLORS.length} colours, widths ${MOCKUP_WIDTHS.join("/")}, ${ROUNDS} rounds (${os.cpus().length} CPU(s))`,
    );
    const tg = performance.now();
    const templates = await Promise.all(COLORS.map((c) => generateTemplate("t-shirts", "front", c)));
    const templateMs = (performance.now() - tg) / COLORS.length;
    const source = await generateDemoArtwork(2026, { style: "sunset", size: 3600 });
    const art = await normalizeArtwork(source.png);
    const rect = templates[0]!.rect;
    const placement = (i: number) => ({ x: 0.5, y: 0.45 + (i % 7) * 0.001, scale: 0.8, rotation: 0 });

    const perColour = await time(ROUNDS, async (i) => {
      clearImageCaches();
      const p = placement(i);
      const image = await renderMockup({
        template: templates[0]!.png,
        rect,
        artwork: art.preview,
        artworkWidth: art.width,
        artworkHeight: art.height,
        placement: p,
      });
      await encodeWebpWidths(
        image,
        mockupHash({ templateSha: sha256Hex(templates[0]!.png), rect, artworkSha: art.sha256, placement: p }),
        MOCKUP_WIDTHS,
        store,
      );
    });
    const allColours = await time(ROUNDS, async (i) => {
      clearImageCaches();
      await renderProductMockups({
        areaKey: "front",
        rect,
        colors: COLORS.map((c, k) => ({ color: c, template: templates[k]!.png })),
        artwork: { preview: art.preview, width: art.width, height: art.height, sha256: art.sha256 },
        placement: placement(i),
        store,
        force: true,
      });
    });
    const steady = await time(ROUNDS, async (i) => {
      await renderProductMockups({
        areaKey: "front",
        rect,
        colors: COLORS.map((c, k) => ({ color: c, template: templates[k]!.png })),
        artwork: { preview: art.preview, width: art.width, height: art.height, sha256: art.sha256 },
        placement: { ...placement(i), scale: 0.7 + i * 0.001 },
        store,
        force: true,
      });
    });
    const cached = await time(ROUNDS, async () => {
      await renderProductMockups({
        areaKey: "front",
        rect,
        colors: COLORS.map((c, k) => ({ color: c, template: templates[k]!.png })),
        artwork: { preview: art.preview, width: art.width, height: art.height, sha256: art.sha256 },
        placement: placement(0),
        store,
      });
    });
    const preview = await time(ROUNDS, (i) =>
      renderMockupPreview({
        template: templates[i % 2 === 0 ? 2 : 3]!.png,
        rect,
        artwork: art.preview,
        artworkWidth: art.width,
        artworkHeight: art.height,
        placement: placement(i),
        width: 640,
      }),
    );
    const printFile = await time(
      HEAVY,
      () =>
        renderPrintFile({
          artwork: art.png,
          artworkWidth: art.width,
          artworkHeight: art.height,
          placement: placement(0),
          area: { widthIn: 12, heightIn: 16, dpi: 300 },
        }),
      0,
    );
    const upload = await time(HEAVY, () => normalizeArtwork(source.png), 0);
    const phash = await time(ROUNDS, () => perceptualHash(art.preview));

    const rows = [
      { name: "Mockup, one colour (3 widths, stored)", ...perColour, target: "—" },
      { name: `All ${COLORS.length} colour mockups of one product`, ...allColours, target: "< 300 ms" },
      { name: `All ${COLORS.length} colours, templates already decoded`, ...steady, target: "< 300 ms" },
      { name: `All ${COLORS.length} colours again (content-hash cache hit)`, ...cached, target: "—" },
      { name: "Live designer preview (640 px WebP)", ...preview, target: "< 150 ms" },
      { name: "Print file 12×16 in @ 300 DPI (3600×4800)", ...printFile, target: "< 5 s" },
      { name: `Upload normalisation ${source.width}×${source.height} PNG`, ...upload, target: "< 3 s" },
      { name: "Perceptual hash (1024 px preview)", ...phash, target: "—" },
    ];
    console.log(
      table(
        rows.map((r) => [r.name, String(r.p50), String(r.p95), String(r.cpuMs), String(r.runs), r.target]),
        ["Step", "p50 ms", "p95 ms", "CPU ms", "Runs", "Target"],
      ),
    );
    const ok = allColours.p50 < 300;
    console.log(
      `\nAll colour mockups of a product: p50 ${allColours.p50} ms, p95 ${allColours.p95} ms (target < 300 ms together: ${ok ? "met" : "NOT met"}); ${allColours.cpuMs} ms of CPU over ${os.cpus().length} CPU(s); machine load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(`Template generation: ${Math.round(templateMs)} ms per 1200×1200 template (one-off, at seed time)`);
    const out = path.resolve("tmp", "bench-mockups.json");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          colours: COLORS.length,
          widths: MOCKUP_WIDTHS,
          loadAvg: os.loadavg()[0],
          templateGenerationMs: Math.round(templateMs),
          steps: rows,
          allColoursTargetMs: 300,
          allColoursTargetMet: ok,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`Figures written to ${path.relative(process.cwd(), out)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
