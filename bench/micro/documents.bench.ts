// Documents micro-benchmark (`npm run bench`, or `node --import tsx bench/micro/documents.bench.ts`):
// the print shop's papers drawn by server/infra/documents from their contract shapes, warm
// (after one untimed run: sharp and the fonts loaded):
//   - a 4×6 in label PDF (Code 128 of the tracking number) and the same label in ZPL;
//   - the print sheet of a batch of BENCH_DOCUMENTS_LINES (default 500) lines without previews,
//     one Code 128 per line;
//   - the manifest of BENCH_DOCUMENTS_SHIPMENTS (default 200) shipments;
//   - a packing slip and a pick list.
// Prints p50/p95 (wall clock) and CPU ms per document with its target (issue 23: each under 1 s)
// and writes tmp/bench-documents.json. BENCH_DOCUMENTS_ROUNDS (default 15; 7 for the print sheet).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type {
  LabelDocument,
  ManifestDocument,
  PackingSlipDocument,
  PickListDocument,
  PrintSheetDocument,
} from "../../server/contracts/documents.ts";
import type { PostalAddress } from "../../server/contracts/ports.ts";
import { labelPdf, labelZpl, manifestPdf, packingSlipPdf, pickListPdf, printSheetPdf } from "../../server/infra/documents/index.ts";

const ROUNDS = Number(process.env.BENCH_DOCUMENTS_ROUNDS ?? 15);
const SHEET_ROUNDS = Math.max(3, Math.ceil(ROUNDS / 2));
const LINES = Number(process.env.BENCH_DOCUMENTS_LINES ?? 500);
const SHIPMENTS = Number(process.env.BENCH_DOCUMENTS_SHIPMENTS ?? 200);
const TARGET_MS = 1000;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

async function time(rounds: number, fn: () => Promise<unknown> | unknown) {
  let bytes = 0;
  const size = (out: unknown) => (typeof out === "string" ? out.length : out instanceof Uint8Array ? out.byteLength : 0);
  bytes = size(await fn()); // warm-up
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  ms.sort((a, b) => a - b);
  return { p50: r1(pct(ms, 50)), p95: r1(pct(ms, 95)), cpuMs: r1((cpu.user + cpu.system) / 1000 / rounds), runs: rounds, bytes };
}

const warehouse: PostalAddress = {
  name: "Inkwell Print Works",
  line1: "400 Foundry Street",
  city: "Portland",
  region: "OR",
  postalCode: "97209",
  country: "US",
};
const shopper: PostalAddress = {
  name: "Rosa Díaz",
  line1: "Hauptstraße 12",
  city: "Köln",
  region: "",
  postalCode: "50667",
  country: "DE",
};

const label: LabelDocument = {
  trackingNumber: "LP123456785US",
  carrierName: "Platen Local Post",
  serviceName: "Ground",
  from: warehouse,
  to: shopper,
  weightGrams: 640,
  reference: "PL-1042",
  shippedOn: new Date("2026-03-05T18:00:00Z"),
  parcel: { index: 1, count: 2 },
  timeZone: "America/Los_Angeles",
};

const sheet: PrintSheetDocument = {
  batchRef: "B-1001",
  warehouseName: "Portland main",
  createdAt: new Date("2026-03-05T16:00:00Z"),
  timeZone: "America/Los_Angeles",
  lines: Array.from({ length: LINES }, (_, i) => ({
    code: `PRL-${100000 + i}`,
    orderNumber: `PL-${1000 + Math.floor(i / 2)}`,
    title: `Sunset over the harbour, heavyweight tee no. ${i}`,
    color: "Black",
    size: ["S", "M", "L", "XL"][i % 4]!,
    sku: `TEE-BLK-${i}`,
    quantity: 1 + (i % 3),
    dueOn: new Date(Date.UTC(2026, 2, 5 + (i % 3), 12)),
    files: [
      { area: "Front", fileName: `pl-${i}-front.png`, widthPx: 3600, heightPx: 4800, dpi: 300 },
      ...(i % 2 ? [{ area: "Back", fileName: `pl-${i}-back.png`, widthPx: 3000, heightPx: 3000, dpi: 300 }] : []),
    ],
  })),
};

const manifest: ManifestDocument = {
  manifestRef: "MF-1001",
  carrierName: "Platen Local Post",
  warehouseName: "Portland main",
  origin: warehouse,
  createdAt: new Date("2026-03-05T23:00:00Z"),
  timeZone: "America/Los_Angeles",
  shipments: Array.from({ length: SHIPMENTS }, (_, i) => ({
    trackingNumber: `LP${String(10000000 + i)}5US`,
    serviceName: i % 3 ? "Ground" : "Express",
    reference: `PL-${2000 + i}`,
    weightGrams: 250 + (i % 40) * 25,
    to: { name: `Buyer ${i}`, city: "Köln", postalCode: "50667", country: "DE" },
  })),
};

const slip: PackingSlipDocument = {
  store: { name: "Rosa's Riso Shop", message: "Thank you for supporting an independent artist.", returnAddress: warehouse },
  orderNumber: "PL-1042",
  placedAt: new Date("2026-03-02T15:00:00Z"),
  shipTo: shopper,
  lines: Array.from({ length: 6 }, (_, i) => ({ title: `Riso print no. ${i}`, color: "White", size: "A3", sku: `RISO-${i}`, quantity: 1 })),
  parcel: { index: 1, count: 2 },
};

const pick: PickListDocument = {
  batchRef: "B-1001",
  warehouseName: "Portland main",
  createdAt: new Date("2026-03-05T16:00:00Z"),
  items: Array.from({ length: 60 }, (_, i) => ({
    sku: `TEE-${i}`,
    blankName: "Heavyweight tee",
    color: "Black",
    size: "M",
    bin: `A${i % 12}`,
    quantity: 1 + (i % 4),
  })),
};

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
  console.log(`Documents benchmark: pdfkit + bwip-js, ${ROUNDS} rounds (${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)})`);
  const rows = [
    { name: "Label PDF 4×6 in (Code 128)", ...(await time(ROUNDS, () => labelPdf(label))), target: TARGET_MS },
    { name: "Label ZPL 812×1218 dots", ...(await time(ROUNDS, () => labelZpl(label))), target: TARGET_MS },
    { name: `Print sheet, ${LINES} lines (a Code 128 each)`, ...(await time(SHEET_ROUNDS, () => printSheetPdf(sheet))), target: TARGET_MS },
    { name: `Manifest, ${SHIPMENTS} shipments`, ...(await time(ROUNDS, () => manifestPdf(manifest))), target: TARGET_MS },
    { name: "Packing slip, 6 items", ...(await time(ROUNDS, () => packingSlipPdf(slip))), target: null },
    { name: "Pick list, 60 rows", ...(await time(ROUNDS, () => pickListPdf(pick))), target: null },
  ];
  console.log(
    table(
      rows.map((r) => [
        r.name,
        String(r.p50),
        String(r.p95),
        String(r.cpuMs),
        String(r.runs),
        `${Math.round(r.bytes / 1024)} KB`,
        r.target === null ? "-" : `< ${r.target} ms${r.p50 < r.target ? "" : "  NOT met"}`,
      ]),
      ["Document", "p50 ms", "p95 ms", "CPU ms", "Runs", "Size", "Target"],
    ),
  );
  const met = rows.every((r) => r.target === null || r.p50 < r.target);
  const out = path.resolve("tmp", "bench-documents.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      { date: new Date().toISOString(), loadAvg: os.loadavg()[0], lines: LINES, shipments: SHIPMENTS, documents: rows, targetsMet: met },
      null,
      2,
    ) + "\n",
  );
  console.log(`Figures written to ${path.relative(process.cwd(), out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
