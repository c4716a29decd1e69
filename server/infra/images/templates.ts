import { createHash } from "node:crypto";
import type { Sharp } from "sharp";
import type { Category, PrintAreaKey, TemplateRect } from "../../contracts/index.ts";
import { loadSharp } from "./sharp.ts";

/** Every generated template is a square of this many pixels. */
export const TEMPLATE_SIZE = 1200;

export interface TemplateAreaSpec {
  key: PrintAreaKey;
  label: string;
  /** Physical print size; the rect on the template has the same aspect ratio. */
  widthIn: number;
  heightIn: number;
  rect: TemplateRect;
}

/**
 * Print areas the generated templates have, per category, with their physical size and where
 * they sit on the 1200×1200 template. Blanks seeded from these get consistent mockups.
 */
export const TEMPLATE_AREAS: Record<Category, TemplateAreaSpec[]> = {
  "t-shirts": [
    { key: "front", label: "Front", widthIn: 12, heightIn: 16, rect: { x: 420, y: 265, w: 360, h: 480 } },
    { key: "back", label: "Back", widthIn: 12, heightIn: 16, rect: { x: 420, y: 245, w: 360, h: 480 } },
    { key: "sleeve", label: "Left sleeve", widthIn: 3.5, heightIn: 3.5, rect: { x: 500, y: 500, w: 200, h: 200 } },
  ],
  hoodies: [
    { key: "front", label: "Front", widthIn: 13, heightIn: 10, rect: { x: 405, y: 365, w: 390, h: 300 } },
    { key: "back", label: "Back", widthIn: 14, heightIn: 16, rect: { x: 390, y: 330, w: 420, h: 480 } },
  ],
  mugs: [{ key: "wrap", label: "Wrap", widthIn: 8.5, heightIn: 3.5, rect: { x: 190, y: 480, w: 680, h: 280 } }],
  posters: [{ key: "front", label: "Print", widthIn: 18, heightIn: 24, rect: { x: 300, y: 190, w: 600, h: 800 } }],
  stickers: [{ key: "front", label: "Sticker", widthIn: 4, heightIn: 4, rect: { x: 340, y: 340, w: 520, h: 520 } }],
  "tote-bags": [{ key: "front", label: "Front", widthIn: 12, heightIn: 12, rect: { x: 390, y: 590, w: 420, h: 420 } }],
  "phone-cases": [{ key: "back", label: "Back", widthIn: 2.8, heightIn: 4.2, rect: { x: 420, y: 410, w: 360, h: 540 } }],
};

export interface GeneratedTemplate {
  png: Buffer;
  width: number;
  height: number;
  rect: TemplateRect;
}

const HEX = /^#?([0-9a-f]{6})$/i;
function normHex(hex: string): string {
  const m = HEX.exec(hex.trim());
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return `#${m[1]!.toLowerCase()}`;
}
/** Relative luminance 0..1 (for choosing stitch and rim contrast). */
function luminance(hex: string): number {
  const v = parseInt(hex.slice(1), 16);
  return (0.299 * ((v >> 16) & 255) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255)) / 255;
}

const DEFS = `
  <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f3f0"/><stop offset="0.75" stop-color="#ebe7e2"/><stop offset="1" stop-color="#dfdad4"/></linearGradient>
  <radialGradient id="bgl" cx="0.5" cy="0.38" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  <linearGradient id="sides" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.18" stop-color="#000" stop-opacity="0.04"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.10"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.04"/><stop offset="0.84" stop-color="#000" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/></linearGradient>
  <linearGradient id="topdown" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.10"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>
  <linearGradient id="cyl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.14" stop-color="#000" stop-opacity="0.10"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.32"/><stop offset="0.38" stop-color="#fff" stop-opacity="0.05"/><stop offset="0.7" stop-color="#000" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
  <pattern id="weave" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,3 L6,3 M3,0 L3,6" stroke="#000" stroke-opacity="0.06" stroke-width="1"/></pattern>`;

/**
 * A template is a stack of layers, each an SVG fragment rendered on its own. Soft layers
 * (shadows, folds) are blurred by sharp (much faster than SVG filters) and optionally clipped
 * to a silhouette afterwards; crisp layers are drawn as they are.
 */
interface Layer {
  svg: string;
  blur?: number;
  /** SVG fragment whose painted pixels keep the layer (applied after the blur). */
  clip?: string;
}

const background = (): Layer => ({
  svg: `<rect width="1200" height="1200" fill="url(#bg)"/><rect width="1200" height="1200" fill="url(#bgl)"/>`,
});
const ellipse = (cx: number, cy: number, rx: number, ry: number, opacity: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3b332b" opacity="${opacity}"/>`;

const fold = (d: string, dark = true, width = 26, opacity = 0.16) =>
  `<path d="${d}" fill="none" stroke="${dark ? "#000" : "#fff"}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`;

/** A garment: drop shadow, the silhouette in the colour with light and shade, soft folds, then seams and details. */
function garment(d: string, color: string, folds: string, seams: string, under = "", over = "", floor = ""): Layer[] {
  const stitch = luminance(color) > 0.5 ? "#000" : "#fff";
  return [
    { svg: `${floor}<path d="${d}" fill="#000" opacity="0.2" transform="translate(0 12)"/>`, blur: 14 },
    {
      svg: `${under}<clipPath id="gc"><path d="${d}"/></clipPath><path d="${d}" fill="${color}"/><g clip-path="url(#gc)"><rect width="1200" height="1200" fill="url(#sides)"/><rect width="1200" height="1200" fill="url(#topdown)"/></g>`,
    },
    { svg: folds, blur: 11, clip: `<path d="${d}" fill="#fff"/>` },
    {
      svg: `<g fill="none" stroke="${stitch}" stroke-opacity="0.22" stroke-width="2.2" stroke-dasharray="7 5">${seams}</g><path d="${d}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>${over}`,
    },
  ];
}

const TEE =
  "M505,168 C540,212 660,212 695,168 L852,205 C905,225 962,262 1010,302 L1062,348 L986,502 L882,457 L876,1076 C700,1094 500,1094 324,1076 L318,457 L214,502 L138,348 L190,302 C238,262 295,225 348,205 Z";

function tshirt(color: string, view: "front" | "back" | "sleeve"): Layer[] {
  const collarFront = `
    <path d="M505,168 C552,146 648,146 695,168 C662,196 538,196 505,168 Z" fill="${color}"/><path d="M505,168 C552,146 648,146 695,168 C662,196 538,196 505,168 Z" fill="#000" opacity="0.38"/>
    <path d="M505,168 C540,212 660,212 695,168" fill="none" stroke="${color}" stroke-width="20"/><path d="M505,168 C540,212 660,212 695,168" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="20"/>
    <path d="M497,166 C535,222 665,222 703,166" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`;
  const collarBack = `<path d="M505,168 C545,186 655,186 695,168" fill="none" stroke="${color}" stroke-width="18"/><path d="M505,168 C545,186 655,186 695,168" fill="none" stroke="#000" stroke-opacity="0.14" stroke-width="18"/>`;
  const folds =
    fold("M330,470 C380,520 400,600 390,700", true, 30, 0.14) +
    fold("M870,470 C820,530 805,610 812,720", true, 30, 0.14) +
    fold("M360,880 C450,930 520,1000 540,1070", true, 22, 0.1) +
    fold("M560,300 C600,500 610,700 590,1000", false, 60, 0.1) +
    fold("M840,860 C780,920 740,990 730,1070", true, 20, 0.1) +
    fold("M214,380 C250,420 280,440 320,450", true, 18, 0.18) +
    fold("M986,380 C950,420 920,440 880,450", true, 18, 0.18);
  const seams = `<path d="M1040,338 L964,490"/><path d="M160,338 L236,490"/><path d="M330,1055 C500,1072 700,1072 870,1055"/><path d="M352,222 L338,450"/><path d="M848,222 L862,450"/>`;
  const layers = garment(
    TEE,
    color,
    folds,
    seams,
    "",
    view === "back" ? collarBack : collarFront,
    view === "sleeve" ? "" : ellipse(600, 1100, 360, 26, 0.5),
  );
  if (view === "sleeve") return [background(), ...layers.map((l) => transformed(l, "translate(600 600) scale(2.7) translate(-246 -392)"))];
  return [background(), ...layers];
}

const transformed = (l: Layer, t: string): Layer => ({
  ...l,
  svg: `<g transform="${t}">${l.svg}</g>`,
  clip: l.clip ? `<g transform="${t}">${l.clip}</g>` : undefined,
  blur: l.blur ? l.blur * 2 : undefined,
});

const HOODIE =
  "M440,200 L330,236 C262,260 222,302 204,382 L150,836 L252,858 L302,472 L310,1062 C500,1084 700,1084 890,1062 L898,472 L948,858 L1050,836 L996,382 C978,302 938,260 870,236 L760,200 C720,250 480,250 440,200 Z";

function hoodie(color: string, view: "front" | "back"): Layer[] {
  const hoodBehind = `<path d="M432,236 C410,110 500,62 600,62 C700,62 790,110 768,236 Z" fill="${color}"/><path d="M432,236 C410,110 500,62 600,62 C700,62 790,110 768,236 Z" fill="#000" opacity="0.22"/>`;
  const folds =
    fold("M320,520 C360,600 370,700 360,820", true, 30, 0.14) +
    fold("M880,520 C840,600 830,700 840,820", true, 30, 0.14) +
    fold("M600,280 C615,500 612,700 600,980", false, 70, 0.09) +
    fold("M200,560 C230,640 240,720 230,820", false, 24, 0.08) +
    fold("M1000,560 C970,640 960,720 970,820", false, 24, 0.08) +
    `<rect x="300" y="1000" width="600" height="70" fill="#000" opacity="0.10"/>` +
    `<rect x="140" y="790" width="120" height="80" fill="#000" opacity="0.10" transform="rotate(7 200 830)"/><rect x="940" y="790" width="120" height="80" fill="#000" opacity="0.10" transform="rotate(-7 1000 830)"/>` +
    (view === "front"
      ? `<path d="M410,720 L340,940" stroke="#000" stroke-opacity="0.25" stroke-width="12"/><path d="M790,720 L860,940" stroke="#000" stroke-opacity="0.25" stroke-width="12"/>`
      : `<path d="M452,240 C480,300 720,300 748,240" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="18"/>`);
  const seams = `<path d="M312,1000 C500,1020 700,1020 888,1000"/><path d="M338,250 L304,470"/><path d="M862,250 L896,470"/><path d="M160,790 L256,810"/><path d="M1040,790 L944,810"/>`;
  const floor = ellipse(600, 1100, 380, 26, 0.5);
  if (view === "front") {
    const opening = `<path d="M455,205 C470,330 730,330 745,205 C700,250 500,250 455,205 Z" fill="${color}"/><path d="M455,205 C470,330 730,330 745,205 C700,250 500,250 455,205 Z" fill="#000" opacity="0.45"/>
      <path d="M440,200 C470,345 730,345 760,200" fill="none" stroke="${color}" stroke-width="26"/><path d="M440,200 C470,345 730,345 760,200" fill="none" stroke="#000" stroke-opacity="0.16" stroke-width="26"/>`;
    const strings = `<g stroke-linecap="round"><path d="M556,300 C552,320 548,336 546,352" stroke="#f2efe9" stroke-width="9"/><path d="M644,300 C648,320 652,336 654,352" stroke="#f2efe9" stroke-width="9"/><path d="M546,352 L545,362" stroke="#9a948b" stroke-width="10"/><path d="M654,352 L655,362" stroke="#9a948b" stroke-width="10"/></g>`;
    const pocket = `<path d="M410,720 L790,720 L860,940 L340,940 Z" fill="#000" opacity="0.07"/><path d="M410,720 L790,720 L860,940 L340,940 Z" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="2"/><path d="M420,730 L780,730" stroke="#000" stroke-opacity="0.1" stroke-width="6"/>`;
    return [background(), ...garment(HOODIE, color, folds, seams, hoodBehind, opening + strings + pocket, floor)];
  }
  const hoodBack = `<path d="M440,200 C420,80 780,80 760,200 C748,300 452,300 440,200 Z" fill="${color}"/><path d="M440,200 C420,80 780,80 760,200 C748,300 452,300 440,200 Z" fill="url(#topdown)"/><path d="M600,96 L600,290" stroke="#000" stroke-opacity="0.2" stroke-width="2" stroke-dasharray="7 5"/><path d="M440,200 C420,80 780,80 760,200 C748,300 452,300 440,200 Z" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`;
  return [background(), ...garment(HOODIE, color, folds, seams, "", hoodBack, floor)];
}

function mug(color: string): Layer[] {
  const rim = luminance(color) > 0.5 ? "#000" : "#fff";
  const body = "M170,300 L890,300 L890,940 C890,990 856,1012 806,1012 L254,1012 C204,1012 170,990 170,940 Z";
  const handle = "M880,420 C1070,395 1090,480 1080,620 C1070,770 990,810 880,800";
  return [
    background(),
    { svg: ellipse(560, 1020, 420, 30, 0.6), blur: 22 },
    {
      svg: `<path d="${handle}" fill="none" stroke="${color}" stroke-width="62" stroke-linecap="round"/><path d="${handle}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="62" stroke-linecap="round"/>`,
    },
    {
      svg: `<path d="M900,430 C1045,415 1062,490 1055,620" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round"/>`,
      blur: 4,
    },
    {
      svg: `<clipPath id="mug"><path d="${body}"/></clipPath><path d="${body}" fill="${color}"/><g clip-path="url(#mug)"><rect x="170" y="280" width="720" height="760" fill="url(#cyl)"/></g>`,
    },
    {
      svg: `<rect x="170" y="920" width="720" height="120" fill="#000" opacity="0.1"/>`,
      blur: 12,
      clip: `<path d="${body}" fill="#fff"/>`,
    },
    {
      svg: `<ellipse cx="530" cy="300" rx="360" ry="46" fill="${color}"/><ellipse cx="530" cy="300" rx="360" ry="46" fill="${rim}" opacity="0.08"/>
      <ellipse cx="530" cy="304" rx="338" ry="36" fill="#1d1915" opacity="0.55"/>
      <path d="M200,296 C300,262 760,262 860,296" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4"/>`,
    },
    {
      svg: `<ellipse cx="530" cy="318" rx="300" ry="20" fill="#000" opacity="0.25"/>`,
      blur: 10,
      clip: `<ellipse cx="530" cy="304" rx="338" ry="36" fill="#fff"/>`,
    },
  ];
}

function poster(color: string): Layer[] {
  const paper = "M300,180 L900,180 L900,1000 L300,1000 Z";
  return [
    background(),
    { svg: `<rect x="314" y="198" width="600" height="800" fill="#000" opacity="0.3"/>`, blur: 22 },
    {
      svg: `<path d="M600,70 L292,160 M600,70 L908,160" stroke="#6b6258" stroke-width="3" fill="none"/><circle cx="600" cy="68" r="9" fill="#7a6f63"/>
      <path d="${paper}" fill="${color}"/><path d="${paper}" fill="url(#sides)" opacity="0.35"/>
      <rect x="280" y="156" width="640" height="30" rx="6" fill="#9a7550"/><rect x="280" y="156" width="640" height="10" rx="5" fill="#fff" opacity="0.18"/>
      <rect x="280" y="994" width="640" height="30" rx="6" fill="#8d6a47"/><rect x="280" y="1014" width="640" height="10" rx="5" fill="#000" opacity="0.15"/>`,
    },
  ];
}

function sticker(color: string): Layer[] {
  return [
    background(),
    { svg: `<rect x="320" y="326" width="580" height="580" rx="70" fill="#000" opacity="0.32"/>`, blur: 12 },
    {
      svg: `<rect x="310" y="310" width="580" height="580" rx="70" fill="#ffffff"/><rect x="340" y="340" width="520" height="520" rx="46" fill="${color}"/>
      <path d="M310,500 L500,310 L640,310 L310,640 Z" fill="#fff" opacity="0.16"/>
      <rect x="310" y="310" width="580" height="580" rx="70" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`,
    },
  ];
}

function tote(color: string): Layer[] {
  const bag = "M320,430 L880,430 L900,1096 L300,1096 Z";
  const stitch = luminance(color) > 0.5 ? "#000" : "#fff";
  const handle = (dx: number, o: number) =>
    `<path d="M${440 + dx},440 C${445 + dx},130 ${755 + dx},130 ${760 + dx},440" fill="none" stroke="${color}" stroke-width="36"/><path d="M${440 + dx},440 C${445 + dx},130 ${755 + dx},130 ${760 + dx},440" fill="none" stroke="#000" stroke-opacity="${o}" stroke-width="36"/>`;
  return [
    background(),
    { svg: `${ellipse(600, 1104, 330, 24, 0.6)}<path d="${bag}" fill="#000" opacity="0.18" transform="translate(0 10)"/>`, blur: 16 },
    {
      svg: `${handle(-14, 0.3)}<clipPath id="tote"><path d="${bag}"/></clipPath><path d="${bag}" fill="${color}"/><g clip-path="url(#tote)"><rect width="1200" height="1200" fill="url(#sides)" opacity="0.7"/><rect width="1200" height="1200" fill="url(#weave)"/></g>`,
    },
    {
      svg: `${fold("M360,600 C380,800 370,950 350,1090", true, 30, 0.12)}${fold("M840,620 C830,820 846,960 860,1090", true, 30, 0.12)}<rect x="300" y="430" width="600" height="40" fill="#000" opacity="0.08"/>`,
      blur: 11,
      clip: `<path d="${bag}" fill="#fff"/>`,
    },
    {
      svg: `<path d="M326,470 L874,470" stroke="${stitch}" stroke-opacity="0.25" stroke-width="2.2" stroke-dasharray="7 5"/>${handle(0, 0.08)}<path d="${bag}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`,
    },
  ];
}

function phoneCase(color: string): Layer[] {
  const rim = luminance(color) > 0.5 ? "#000" : "#fff";
  return [
    background(),
    { svg: `<rect x="417" y="198" width="390" height="830" rx="64" fill="#000" opacity="0.34"/>`, blur: 12 },
    {
      svg: `<rect x="405" y="180" width="390" height="830" rx="64" fill="${color}"/><rect x="405" y="180" width="390" height="830" rx="64" fill="url(#sides)" opacity="0.6"/>
      <rect x="412" y="187" width="376" height="816" rx="58" fill="none" stroke="${rim}" stroke-opacity="0.12" stroke-width="6"/>
      <rect x="432" y="206" width="170" height="180" rx="40" fill="#1b1b1e"/><rect x="432" y="206" width="170" height="180" rx="40" fill="none" stroke="${rim}" stroke-opacity="0.25" stroke-width="4"/>
      <circle cx="480" cy="256" r="32" fill="#2a2b31"/><circle cx="480" cy="256" r="18" fill="#0c0d12"/><circle cx="474" cy="249" r="6" fill="#6c7fa6" opacity="0.7"/>
      <circle cx="480" cy="336" r="32" fill="#2a2b31"/><circle cx="480" cy="336" r="18" fill="#0c0d12"/><circle cx="474" cy="329" r="6" fill="#6c7fa6" opacity="0.7"/>
      <circle cx="560" cy="296" r="12" fill="#e9e4c8"/><circle cx="560" cy="350" r="7" fill="#0c0d12"/>
      <path d="M780,300 L795,300 M780,380 L795,380" stroke="#000" stroke-opacity="0.3" stroke-width="5"/>`,
    },
  ];
}

function layersOf(category: Category, areaKey: PrintAreaKey, color: string): Layer[] {
  switch (category) {
    case "t-shirts":
      return tshirt(color, areaKey === "back" ? "back" : areaKey === "sleeve" ? "sleeve" : "front");
    case "hoodies":
      return hoodie(color, areaKey === "back" ? "back" : "front");
    case "mugs":
      return mug(color);
    case "posters":
      return poster(color);
    case "stickers":
      return sticker(color);
    case "tote-bags":
      return tote(color);
    case "phone-cases":
      return phoneCase(color);
  }
}

const doc = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${TEMPLATE_SIZE}" height="${TEMPLATE_SIZE}" viewBox="0 0 1200 1200"><defs>${DEFS}</defs>${inner}</svg>`;

/**
 * A single SVG of a template (soft layers drawn with SVG blur filters instead of sharp's):
 * for previews and tests; `generateTemplate` renders the layers separately, which is faster.
 */
export function templateSvg(category: Category, areaKey: PrintAreaKey, colorHex: string): string {
  const layers = layersOf(category, areaKey, normHex(colorHex));
  const filters = [...new Set(layers.map((l) => l.blur).filter(Boolean))]
    .map((b) => `<filter id="f${b}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${b}"/></filter>`)
    .join("");
  const body = layers
    .map((l, i) => {
      const inner = l.blur ? `<g filter="url(#f${l.blur})">${l.svg}</g>` : l.svg;
      return l.clip ? `<mask id="m${i}">${l.clip}</mask><g mask="url(#m${i})">${inner}</g>` : inner;
    })
    .join("");
  return doc(`<defs>${filters}</defs>${body}`);
}

/** Bump when `renderTemplate` draws the same layers differently. */
const TEMPLATE_RENDERER_VERSION = 1;

/**
 * A short fingerprint of the template `generateTemplate` would render (its layers and the
 * renderer's version): the same fingerprint, the same PNG. Callers store templates under it and
 * skip rendering what is stored already (the demo seed, run again by tests on a kept directory).
 */
export function templateFingerprint(category: Category, areaKey: PrintAreaKey, colorHex: string): string {
  return createHash("sha256")
    .update(`${TEMPLATE_RENDERER_VERSION}|${TEMPLATE_SIZE}|${templateSvg(category, areaKey, colorHex)}`)
    .digest("hex")
    .slice(0, 12);
}

/** The area spec of a category (throws for an area the category's templates do not have). */
export function templateArea(category: Category, areaKey: PrintAreaKey): TemplateAreaSpec {
  const spec = TEMPLATE_AREAS[category].find((a) => a.key === areaKey);
  if (!spec) throw new Error(`No ${areaKey} template for ${category}`);
  return spec;
}

/**
 * A product photo-like template (1200×1200 PNG) of a category's print area in a colour, drawn
 * as SVG layers and composited by sharp: silhouette, folds, seams, shading on a light background.
 */
export async function generateTemplate(category: Category, areaKey: PrintAreaKey, colorHex: string): Promise<GeneratedTemplate> {
  const spec = templateArea(category, areaKey);
  const key = `${category}|${areaKey}|${normHex(colorHex)}`;
  let hit = generated.get(key);
  if (!hit) {
    hit = renderTemplate(category, areaKey, normHex(colorHex));
    hit.catch(() => generated.delete(key));
    generated.set(key, hit);
    if (generated.size > 64) generated.delete(generated.keys().next().value as string);
  }
  const png = await hit;
  return { png, width: TEMPLATE_SIZE, height: TEMPLATE_SIZE, rect: { ...spec.rect } };
}

/** Generated PNGs by category, area and colour (the demo seed asks for the same ones repeatedly). */
const generated = new Map<string, Promise<Buffer>>();

async function renderTemplate(category: Category, areaKey: PrintAreaKey, color: string): Promise<Buffer> {
  const layers = layersOf(category, areaKey, color);
  const sharp = await loadSharp();
  const raw = { width: TEMPLATE_SIZE, height: TEMPLATE_SIZE, channels: 4 as const };
  const rendered = await Promise.all(
    layers.map(async (l) => {
      let img: Sharp;
      if (l.blur) {
        // Soft layers are drawn and blurred at half size, then scaled up: nobody can tell, and it is 4× less work.
        const half = { width: TEMPLATE_SIZE / 2, height: TEMPLATE_SIZE / 2, channels: 4 as const };
        const small = await sharp(Buffer.from(doc(l.svg)), { density: 36 })
          .resize(half.width, half.height)
          .raw()
          .toBuffer();
        const blurred = await sharp(small, { raw: half })
          .blur(l.blur / 2)
          .raw()
          .toBuffer();
        img = sharp(blurred, { raw: half }).resize(TEMPLATE_SIZE, TEMPLATE_SIZE, { kernel: "linear" });
      } else img = sharp(Buffer.from(doc(l.svg)));
      if (l.clip) {
        const mask = await sharp(Buffer.from(doc(l.clip)))
          .png()
          .toBuffer();
        img = sharp(await img.raw().toBuffer(), { raw }).composite([{ input: mask, blend: "dest-in" }]);
      }
      return img.raw().toBuffer();
    }),
  );
  const [base, ...rest] = rendered;
  // sharp composites last in a pipeline, so drop the (fully opaque) alpha in a second one: an RGB PNG.
  const stacked = await sharp(base!, { raw })
    .composite(rest.map((input) => ({ input, raw })))
    .raw()
    .toBuffer();
  return sharp(stacked, { raw }).removeAlpha().png({ compressionLevel: 4 }).toBuffer();
}
