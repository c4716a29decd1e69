import { loadSharp } from "./sharp.ts";

/** Styles of generated demo artwork. */
export const DEMO_ART_STYLES = ["sunset", "waves", "bloom", "badge", "geometric", "moon", "mountains", "lettering"] as const;
export type DemoArtStyle = (typeof DEMO_ART_STYLES)[number];

export interface DemoArtworkOptions {
  style?: DemoArtStyle;
  /** Side in pixels (square). Default 3600 (12 in at 300 DPI); use e.g. 600 for a low-resolution file. */
  size?: number;
  /** Words for the lettering; default picked by seed. */
  text?: string;
}

export interface DemoArtwork {
  png: Buffer;
  width: number;
  height: number;
  style: DemoArtStyle;
  /** A title suggestion derived from the art ("Night Bloom"). */
  title: string;
}

const PALETTES = [
  ["#ff6b6b", "#feca57", "#ff9ff3", "#54a0ff", "#1b1464"],
  ["#f94144", "#f3722c", "#f8961e", "#f9c74f", "#277da1"],
  ["#2d00f7", "#8900f2", "#d100d1", "#ff5e5b", "#fff07c"],
  ["#0b132b", "#1c2541", "#3a506b", "#5bc0be", "#f4d35e"],
  ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"],
  ["#3d405b", "#e07a5f", "#f2cc8f", "#81b29a", "#f4f1de"],
  ["#ff006e", "#fb5607", "#ffbe0b", "#3a86ff", "#8338ec"],
  ["#001219", "#005f73", "#0a9396", "#ee9b00", "#ae2012"],
  ["#582f0e", "#936639", "#c2c5aa", "#a4ac86", "#414833"],
  ["#10002b", "#3c096c", "#7b2cbf", "#c77dff", "#ffd166"],
];

const WORDS_A = [
  "NIGHT",
  "GOLDEN",
  "WILD",
  "SLOW",
  "SALT",
  "NEON",
  "QUIET",
  "PAPER",
  "LUNAR",
  "SUMMER",
  "NORTH",
  "VELVET",
  "CITRUS",
  "STORM",
  "MIDNIGHT",
  "HONEY",
];
const WORDS_B = [
  "BLOOM",
  "HOUR",
  "TIDE",
  "WAVES",
  "FOREST",
  "DREAMS",
  "CLUB",
  "GARDEN",
  "RIDERS",
  "SIGNAL",
  "HORIZON",
  "MOTEL",
  "COAST",
  "ORBIT",
  "PEAKS",
  "FEVER",
];

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

function sunset(r: () => number, p: string[], words: string): string {
  const stripes = Array.from(
    { length: 5 },
    (_, i) => `<rect x="0" y="${560 + i * 44}" width="1000" height="${22 - i * 3}" fill="${p[4]}"/>`,
  ).join("");
  const palms =
    r() > 0.5
      ? `<path d="M760,760 C770,640 790,560 820,500" stroke="${p[4]}" stroke-width="16" fill="none"/><path d="M820,500 C760,470 700,490 670,520 M820,500 C880,460 930,480 960,510 M820,500 C800,440 760,420 720,420 M820,500 C860,440 900,430 930,440" stroke="${p[4]}" stroke-width="14" fill="none" stroke-linecap="round"/>`
      : "";
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[1]}"/><stop offset="0.5" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[2]}"/></linearGradient><clipPath id="c"><circle cx="500" cy="500" r="380"/></clipPath></defs>
  <g clip-path="url(#c)"><rect width="1000" height="1000" fill="${p[3]}"/><circle cx="500" cy="560" r="260" fill="url(#s)"/>${stripes}<path d="M0,760 L200,600 L330,700 L500,540 L680,720 L820,620 L1000,760 L1000,1000 L0,1000 Z" fill="${p[4]}"/>${palms}</g>
  <circle cx="500" cy="500" r="380" fill="none" stroke="${p[4]}" stroke-width="18"/>
  <text x="500" y="965" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(words, 86, 760, 0.78)}" letter-spacing="10" fill="${p[4]}">${esc(words)}</text>`;
}

function waves(r: () => number, p: string[], words: string): string {
  const rows = Array.from({ length: 9 }, (_, i) => {
    const y = 260 + i * 62;
    const amp = 26 + r() * 20;
    let d = `M80,${y}`;
    for (let x = 80; x < 920; x += 120) d += ` q30,${-amp} 60,0 t60,0`;
    return `<path d="${d}" fill="none" stroke="${p[i % 4]}" stroke-width="22" stroke-linecap="round"/>`;
  }).join("");
  return `<defs><clipPath id="c"><rect x="80" y="160" width="840" height="660" rx="330"/></clipPath></defs><g clip-path="url(#c)"><rect width="1000" height="1000" fill="${p[4]}"/><circle cx="700" cy="300" r="110" fill="${p[1]}"/>${rows}</g>
  <text x="500" y="930" text-anchor="middle" font-family="DejaVu Serif" font-weight="bold" font-size="${fit(words, 90, 860, 0.7)}" fill="${p[0]}">${esc(words)}</text>`;
}

function bloom(r: () => number, p: string[], words: string): string {
  const flowers = Array.from({ length: 7 }, (_, k) => {
    const cx = 200 + r() * 600;
    const cy = 200 + r() * 520;
    const size = 60 + r() * 90;
    const n = 5 + Math.floor(r() * 4);
    const color = p[k % 4];
    const petals = Array.from(
      { length: n },
      (_, i) =>
        `<ellipse cx="${cx}" cy="${cy - size * 0.6}" rx="${size * 0.32}" ry="${size * 0.62}" fill="${color}" transform="rotate(${(360 / n) * i} ${cx} ${cy})"/>`,
    ).join("");
    return `${petals}<circle cx="${cx}" cy="${cy}" r="${size * 0.28}" fill="${p[(k + 2) % 5]}"/>`;
  }).join("");
  const leaves = Array.from({ length: 10 }, () => {
    const x = 150 + r() * 700;
    const y = 200 + r() * 600;
    return `<path d="M${x},${y} q40,-60 90,-20 q-40,60 -90,20 Z" fill="${p[3]}" opacity="0.85" transform="rotate(${r() * 360} ${x} ${y})"/>`;
  }).join("");
  return `${leaves}${flowers}<text x="500" y="930" text-anchor="middle" font-family="DejaVu Serif" font-style="italic" font-weight="bold" font-size="${fit(words, 96, 860, 0.6)}" fill="${p[4]}">${esc(titleCase(words))}</text>`;
}

function badge(r: () => number, p: string[], words: string): string {
  const rays = Array.from(
    { length: 24 },
    (_, i) => `<rect x="496" y="90" width="8" height="90" fill="${p[1]}" transform="rotate(${i * 15} 500 500)"/>`,
  ).join("");
  const year = 1970 + Math.floor(r() * 50);
  const [a, b] = words.split(" ");
  return `${rays}<circle cx="500" cy="500" r="330" fill="${p[4]}"/><circle cx="500" cy="500" r="300" fill="none" stroke="${p[1]}" stroke-width="10"/>
  <path d="M290,590 L380,460 L450,540 L540,400 L710,590 Z" fill="${p[0]}"/><circle cx="600" cy="380" r="50" fill="${p[1]}"/>
  <text x="500" y="330" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(a ?? "", 74, 440)}" fill="${p[1]}">${esc(a ?? "")}</text>
  <text x="500" y="690" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(b ?? "", 74, 440)}" fill="${p[1]}">${esc(b ?? "")}</text>
  <text x="500" y="760" text-anchor="middle" font-family="DejaVu Sans Mono" font-size="36" fill="${p[2]}">EST. ${year}</text>`;
}

function geometric(r: () => number, p: string[]): string {
  const cells: string[] = [];
  for (let y = 0; y < 6; y++)
    for (let x = 0; x < 6; x++) {
      const cx = 140 + x * 144;
      const cy = 140 + y * 144;
      const c = p[Math.floor(r() * 5)];
      const kind = Math.floor(r() * 4);
      if (kind === 0) cells.push(`<circle cx="${cx}" cy="${cy}" r="62" fill="${c}"/>`);
      else if (kind === 1) cells.push(`<rect x="${cx - 62}" y="${cy - 62}" width="124" height="124" fill="${c}"/>`);
      else if (kind === 2)
        cells.push(
          `<path d="M${cx - 62},${cy + 62} L${cx + 62},${cy + 62} L${cx - 62},${cy - 62} Z" fill="${c}" transform="rotate(${Math.floor(r() * 4) * 90} ${cx} ${cy})"/>`,
        );
      else
        cells.push(
          `<path d="M${cx - 62},${cy} A62,62 0 0 1 ${cx + 62},${cy} Z" fill="${c}" transform="rotate(${Math.floor(r() * 4) * 90} ${cx} ${cy})"/>`,
        );
    }
  return cells.join("");
}

function moon(r: () => number, p: string[], words: string): string {
  const stars = Array.from(
    { length: 40 },
    () => `<circle cx="${100 + r() * 800}" cy="${80 + r() * 560}" r="${2 + r() * 5}" fill="${p[4]}"/>`,
  ).join("");
  return `<defs><clipPath id="c"><path d="M120,800 L120,420 A380,380 0 0 1 880,420 L880,800 Z"/></clipPath></defs>
  <g clip-path="url(#c)"><rect width="1000" height="1000" fill="${p[0]}"/>${stars}<circle cx="500" cy="380" r="170" fill="${p[4]}"/><circle cx="570" cy="340" r="150" fill="${p[0]}"/>
  <path d="M120,700 C300,600 420,720 560,640 C700,560 800,660 880,620 L880,800 L120,800 Z" fill="${p[2]}"/><path d="M120,760 C300,690 500,780 880,700 L880,800 L120,800 Z" fill="${p[3]}"/></g>
  <text x="500" y="900" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(words, 92, 820, 0.82)}" letter-spacing="14" fill="${p[4]}">${esc(words)}</text>`;
}

function mountains(r: () => number, p: string[], words: string): string {
  const layers = [0, 1, 2, 3].map((i) => {
    let d = `M60,${820}`;
    const base = 420 + i * 90;
    for (let x = 60; x <= 940; x += 80) d += ` L${x},${base - r() * (200 - i * 40)}`;
    return `<path d="${d} L940,820 Z" fill="${p[i]}"/>`;
  });
  return `<defs><clipPath id="c"><rect x="60" y="120" width="880" height="700" rx="40"/></clipPath></defs><g clip-path="url(#c)"><rect width="1000" height="1000" fill="${p[4]}"/><circle cx="${300 + r() * 400}" cy="300" r="90" fill="${p[1]}" opacity="0.9"/>${layers.join("")}</g>
  <text x="500" y="930" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(words, 84, 860, 0.76)}" letter-spacing="8" fill="${p[0]}">${esc(words)}</text>`;
}

function lettering(r: () => number, p: string[], words: string): string {
  const [a = "", b = ""] = words.split(" ");
  const layout = Math.floor(r() * 3);
  if (layout === 0)
    return `<text x="500" y="430" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(a, 190, 820)}" fill="${p[3]}" transform="translate(12 12)">${esc(a)}</text>
  <text x="500" y="430" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(a, 190, 820)}" fill="${p[0]}">${esc(a)}</text>
  <rect x="170" y="480" width="660" height="14" fill="${p[1]}"/>
  <text x="500" y="690" text-anchor="middle" font-family="DejaVu Serif" font-style="italic" font-weight="bold" font-size="${fit(b, 170, 820)}" fill="${p[2]}">${esc(titleCase(b))}</text>`;
  if (layout === 1)
    return `<rect x="110" y="250" width="780" height="500" rx="40" fill="none" stroke="${p[0]}" stroke-width="22"/>
  <text x="500" y="470" text-anchor="middle" font-family="DejaVu Sans Mono" font-weight="bold" font-size="${fit(a, 150, 680, 0.62)}" fill="${p[1]}">${esc(a)}</text>
  <text x="500" y="640" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fit(b, 130, 680)}" fill="${p[2]}">${esc(b)}</text>
  <circle cx="110" cy="250" r="40" fill="${p[3]}"/><circle cx="890" cy="750" r="40" fill="${p[3]}"/>`;
  return `<defs><path id="arc" d="M140,560 A360,360 0 0 1 860,560"/></defs><circle cx="500" cy="560" r="250" fill="${p[1]}"/>
  <text font-family="DejaVu Sans" font-weight="bold" font-size="${fit(a, 120, 900)}" fill="${p[0]}" letter-spacing="6"><textPath href="#arc" startOffset="50%" text-anchor="middle">${esc(a)}</textPath></text>
  <text x="500" y="610" text-anchor="middle" font-family="DejaVu Serif" font-weight="bold" font-size="${fit(b, 120, 440)}" fill="${p[4]}">${esc(b)}</text>
  <rect x="300" y="850" width="400" height="18" fill="${p[3]}"/>`;
}

/** A font size at which `text` fits `width` units (bold sans is about 0.68 em per capital). */
function fit(text: string, base: number, width: number, em = 0.68): number {
  return Math.round(Math.min(base, width / Math.max(1, text.length * em)));
}

/** Per-seed decoration and layout, so two artworks of one style differ in composition, not only colour. */
function variation(r: () => number, p: string[]): { open: string; close: string; extras: string } {
  // keeps the whole design on the canvas: 465 × 0.86 × (cos 14° + sin 14°) + 50 < 500
  const angle = Math.round((r() - 0.5) * 28);
  const scale = (0.74 + r() * 0.12).toFixed(3);
  const dx = Math.round((r() - 0.5) * 100);
  const dy = Math.round((r() - 0.5) * 100);
  const kind = Math.floor(r() * 3);
  const count = 4 + Math.floor(r() * 10);
  const extras = Array.from({ length: count }, () => {
    const x = Math.round(60 + r() * 880);
    const y = Math.round(60 + r() * 880);
    const size = Math.round(14 + r() * 56);
    const color = p[Math.floor(r() * 5)];
    if (kind === 0) return `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${color}"/>`;
    if (kind === 1)
      return `<path d="M${x},${y - size} L${x + size * 0.3},${y - size * 0.3} L${x + size},${y} L${x + size * 0.3},${y + size * 0.3} L${x},${y + size} L${x - size * 0.3},${y + size * 0.3} L${x - size},${y} L${x - size * 0.3},${y - size * 0.3} Z" fill="${color}"/>`;
    return `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" fill="${color}" transform="rotate(${Math.round(r() * 90)} ${x} ${y})"/>`;
  }).join("");
  return {
    open: `<g transform="translate(${500 + dx} ${500 + dy}) rotate(${angle}) scale(${scale}) translate(-500 -500)">`,
    close: "</g>",
    extras,
  };
}

/** The SVG (1000×1000 user units, transparent background) of a demo artwork. */
export function demoArtworkSvg(seed: number, options: DemoArtworkOptions = {}): { svg: string; style: DemoArtStyle; title: string } {
  const r = rng(seed * 2654435761);
  const style = options.style ?? DEMO_ART_STYLES[Math.floor(r() * DEMO_ART_STYLES.length)]!;
  const palette = PALETTES[Math.floor(r() * PALETTES.length)]!;
  const words = (options.text ?? `${WORDS_A[Math.floor(r() * WORDS_A.length)]} ${WORDS_B[Math.floor(r() * WORDS_B.length)]}`).toUpperCase();
  const size = options.size ?? 3600;
  const draw = { sunset, waves, bloom, badge, geometric, moon, mountains, lettering }[style];
  const inner = draw(r, palette, words);
  const v = variation(r, palette);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">${v.extras}${v.open}${inner}${v.close}</svg>`;
  return { svg, style, title: style === "geometric" ? `${titleCase(words.split(" ")[0]!)} Shapes` : titleCase(words) };
}

/**
 * Deterministic generative artwork for demo products (sunsets, waves, florals, badges, patterns,
 * lettering like "NIGHT BLOOM"): a square PNG with a transparent background, `size` px
 * (default 3600). Low-resolution files (e.g. size 600) exercise the preflight DPI warnings.
 */
export async function generateDemoArtwork(seed: number, options: DemoArtworkOptions | DemoArtStyle = {}): Promise<DemoArtwork> {
  const opts = typeof options === "string" ? { style: options } : options;
  const { svg, style, title } = demoArtworkSvg(seed, opts);
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: 200_000_000 })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height, style, title };
}
