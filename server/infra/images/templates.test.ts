import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../contracts/index.ts";
import { DEMO_ART_STYLES, generateDemoArtwork, generateTemplate, TEMPLATE_AREAS, TEMPLATE_SIZE, templateSvg } from "./index.ts";

describe("generated templates", () => {
  const cases = CATEGORIES.flatMap((c) => TEMPLATE_AREAS[c].map((a) => [c, a.key] as const));

  it("covers every category with print areas whose rect matches the physical aspect ratio", () => {
    for (const c of CATEGORIES) {
      expect(TEMPLATE_AREAS[c].length).toBeGreaterThan(0);
      for (const a of TEMPLATE_AREAS[c]) {
        expect(a.rect.w / a.rect.h).toBeCloseTo(a.widthIn / a.heightIn, 1);
        expect(a.rect.x).toBeGreaterThanOrEqual(0);
        expect(a.rect.y).toBeGreaterThanOrEqual(0);
        expect(a.rect.x + a.rect.w).toBeLessThanOrEqual(TEMPLATE_SIZE);
        expect(a.rect.y + a.rect.h).toBeLessThanOrEqual(TEMPLATE_SIZE);
      }
    }
  });

  it.each(cases)("draws %s %s in the colour, on a light background", async (category, area) => {
    const t = await generateTemplate(category, area, "#1f6f4a");
    const meta = await sharp(t.png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(["png", 1200, 1200, 3]); // opaque RGB: decodes faster
    const { data } = await sharp(t.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3));
    const [r, g, b] = at(Math.round(t.rect.x + t.rect.w / 2), Math.round(t.rect.y + t.rect.h / 2));
    expect(g).toBeGreaterThan(r! + 25); // the green product under the print area
    expect(g).toBeGreaterThan(b! + 5);
    const corner = at(8, 8);
    expect(Math.min(...corner)).toBeGreaterThan(200); // light neutral background
  });

  it("refuses a colour that is not #rrggbb", () => {
    expect(() => templateSvg("mugs", "wrap", "red")).toThrow(/colour/);
  });
});

describe("demo artwork", () => {
  it("is deterministic by seed, square, with a transparent background", async () => {
    const a = await generateDemoArtwork(42, { size: 600 });
    const b = await generateDemoArtwork(42, { size: 600 });
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.title).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
    const meta = await sharp(a.png).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([600, 600, true]);
    const stats = await sharp(a.png).stats();
    expect(stats.channels[3]!.min).toBe(0);
    expect(stats.channels[3]!.max).toBe(255);
  });

  it("has every style, and full print size by default", async () => {
    const all = await Promise.all(DEMO_ART_STYLES.map((s, i) => generateDemoArtwork(i, { style: s, size: 300 })));
    expect(all.map((a) => a.style)).toEqual([...DEMO_ART_STYLES]);
    expect(new Set(all.map((a) => a.png.toString("base64"))).size).toBe(DEMO_ART_STYLES.length);
    const big = await generateDemoArtwork(3, "lettering");
    expect([big.width, big.height]).toEqual([3600, 3600]);
  });
});
