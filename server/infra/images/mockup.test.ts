import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOCKUP_WIDTHS, mockupUrl } from "../../contracts/index.ts";
import { LocalStorage, type Storage } from "../storage/index.ts";
import {
  encodeWebpWidths,
  generateTemplate,
  mockupHash,
  mockupKey,
  mockupsExist,
  normalizeArtwork,
  renderMockup,
  renderMockupPreview,
  renderPrintFile,
  renderProductMockups,
  type RawImage,
} from "./index.ts";

const px = (img: RawImage, x: number, y: number) => {
  const i = (y * img.width + x) * img.channels;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
};

/** A flat grey template with a known rect; a solid red artwork with a transparent border. */
async function fixtures() {
  const template = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();
  const art = await sharp({ create: { width: 400, height: 200, channels: 4, background: "#ff0000" } })
    .png()
    .toBuffer();
  return { template, rect: { x: 100, y: 100, w: 400, h: 400 }, art };
}

class CountingStorage implements Storage {
  readonly provider = "local" as const;
  puts = 0;
  constructor(private inner: Storage) {}
  put(key: string, body: Buffer | Uint8Array, o: { contentType: string }) {
    this.puts++;
    return this.inner.put(key, body, o);
  }
  get(key: string) {
    return this.inner.get(key);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
  exists(key: string) {
    return this.inner.exists(key);
  }
}

describe("renderMockup", () => {
  it("places the artwork at the placement, scaled to the area's width, and leaves the rest of the template alone", async () => {
    const { template, rect, art } = await fixtures();
    const img = await renderMockup({
      template,
      rect,
      artwork: art,
      artworkWidth: 400,
      artworkHeight: 200,
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
    });
    expect([img.width, img.height, img.channels]).toEqual([600, 600, 3]);
    // artwork: 200 × 100 px centred at (300, 300): x 200..400, y 250..350
    const [r, g, b] = px(img, 300, 300);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(30);
    expect(b).toBeLessThan(30);
    expect(px(img, 205, 300)[0]).toBeGreaterThan(200);
    expect(px(img, 195, 300)).toEqual([128, 128, 128]);
    expect(px(img, 300, 245)).toEqual([128, 128, 128]);
    expect(px(img, 50, 50)).toEqual([128, 128, 128]);
  });

  it("clips the artwork to the print area", async () => {
    const { template, rect, art } = await fixtures();
    // centre on the area's right edge, twice the area's width: it would reach x = 900
    const img = await renderMockup({
      template,
      rect,
      artwork: art,
      artworkWidth: 400,
      artworkHeight: 200,
      placement: { x: 1, y: 0.5, scale: 2, rotation: 0 },
    });
    expect(px(img, 495, 300)[0]).toBeGreaterThan(200);
    expect(px(img, 505, 300)).toEqual([128, 128, 128]);
    expect(px(img, 300, 95)).toEqual([128, 128, 128]);
  });

  it("rotates around the artwork's centre", async () => {
    const { template, rect, art } = await fixtures();
    const img = await renderMockup({
      template,
      rect,
      artwork: art,
      artworkWidth: 400,
      artworkHeight: 200,
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 90 },
    });
    // 200 wide × 100 tall turned upright: x 250..350, y 200..400
    expect(px(img, 300, 210)[0]).toBeGreaterThan(200);
    expect(px(img, 240, 300)).toEqual([128, 128, 128]);
    expect(px(img, 210, 300)).toEqual([128, 128, 128]);
  });

  it("lets the template's shading show through the print", async () => {
    const shaded = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#808080" } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 100, channels: 3, background: "#404040" } })
            .png()
            .toBuffer(),
          left: 100,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const art = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#ffffff" } })
      .png()
      .toBuffer();
    const img = await renderMockup({
      template: shaded,
      rect: { x: 0, y: 0, w: 200, h: 100 },
      artwork: art,
      artworkWidth: 200,
      artworkHeight: 100,
      placement: { x: 0.5, y: 0.5, scale: 1, rotation: 0 },
    });
    const light = px(img, 50, 50)[0]!;
    const dark = px(img, 150, 50)[0]!;
    expect(light).toBeGreaterThan(200);
    expect(dark).toBeLessThan(light - 40); // the fold darkens the white ink
  });

  it("gives a WebP preview for the designer", async () => {
    const { template, rect, art } = await fixtures();
    const webp = await renderMockupPreview({
      template,
      rect,
      artwork: art,
      artworkWidth: 400,
      artworkHeight: 200,
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
      width: 320,
    });
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 320]);
  });
});

describe("stored mockups", () => {
  let dir: string;
  let store: CountingStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "platen-mockups-"));
    store = new CountingStorage(new LocalStorage(dir));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("hashes everything that changes the pixels", () => {
    const base = {
      templateSha: "t",
      rect: { x: 1, y: 2, w: 3, h: 4 },
      artworkSha: "a",
      placement: { x: 0.5, y: 0.5, scale: 1, rotation: 0 },
    };
    const h = mockupHash(base);
    expect(h).toMatch(/^[0-9a-f]{32}$/);
    expect(mockupHash({ ...base })).toBe(h);
    expect(mockupHash({ ...base, placement: { ...base.placement, rotation: 1 } })).not.toBe(h);
    expect(mockupHash({ ...base, templateSha: "u" })).not.toBe(h);
    expect(mockupHash({ ...base, artworkSha: "b" })).not.toBe(h);
    expect(mockupHash({ ...base, rect: { ...base.rect, w: 5 } })).not.toBe(h);
    expect(`/media/${mockupKey(h, 640)}`).toBe(mockupUrl(h, 640));
  });

  it("stores every width as WebP", async () => {
    const { template, rect, art } = await fixtures();
    const img = await renderMockup({
      template,
      rect,
      artwork: art,
      artworkWidth: 400,
      artworkHeight: 200,
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
    });
    const out = await encodeWebpWidths(img, "0123456789abcdef0123456789abcdef", MOCKUP_WIDTHS, store);
    expect(out.files.map((f) => f.key)).toEqual(MOCKUP_WIDTHS.map((w) => `mockups/0123456789abcdef0123456789abcdef-${w}.webp`));
    expect(out.files.map((f) => f.width)).toEqual([320, 600, 600]); // never upscaled past the template
    const obj = await store.get(out.files[0]!.key);
    expect(obj?.contentType).toBe("image/webp");
    expect((await sharp(obj!.body).metadata()).width).toBe(320);
    expect(await mockupsExist("0123456789abcdef0123456789abcdef", store)).toBe(true);
    expect(await mockupsExist("ffffffffffffffffffffffffffffffff", store)).toBe(false);
  });

  it("renders all colours of a product in one call and skips unchanged ones", async () => {
    const art = await normalizeArtwork((await import("./artwork.ts").then((m) => m.generateDemoArtwork(5, { size: 1200 }))).png);
    const colors = ["#111111", "#ffffff", "#2f4f6f", "#b03a2e", "#556b2f", "#d4c4a8"];
    const templates = await Promise.all(colors.map((c) => generateTemplate("t-shirts", "front", c)));
    await store.put("templates/test/black-front.png", templates[0]!.png, { contentType: "image/png" });
    const input = {
      areaKey: "front",
      rect: templates[0]!.rect,
      colors: colors.map((c, i) => ({ color: c, template: i === 0 ? "templates/test/black-front.png" : templates[i]!.png })),
      artwork: { preview: art.preview, width: art.width, height: art.height, sha256: art.sha256 },
      placement: { x: 0.5, y: 0.45, scale: 0.8, rotation: 0 },
      store,
    };
    const before = store.puts;
    const refs = await renderProductMockups(input);
    expect(refs).toHaveLength(6);
    expect(new Set(refs.map((r) => r.hash)).size).toBe(6);
    for (const r of refs) expect(r).toMatchObject({ areaKey: "front", width: 1024, height: 1024 });
    expect(refs.map((r) => r.color)).toEqual(colors);
    expect(store.puts - before).toBe(6 * MOCKUP_WIDTHS.length);
    const again = await renderProductMockups(input);
    expect(again).toEqual(refs);
    expect(store.puts - before).toBe(6 * MOCKUP_WIDTHS.length); // cache hit: nothing rendered or stored
    const moved = await renderProductMockups({ ...input, placement: { ...input.placement, x: 0.4 } });
    expect(moved[0]!.hash).not.toBe(refs[0]!.hash);
  });
});

describe("renderPrintFile", () => {
  it("renders the area at full print resolution with a transparent background", async () => {
    const art = await sharp({ create: { width: 1200, height: 600, channels: 4, background: "#0000ff" } })
      .png()
      .toBuffer();
    const pf = await renderPrintFile({
      artwork: art,
      artworkWidth: 1200,
      artworkHeight: 600,
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
      area: { widthIn: 4, heightIn: 5, dpi: 300 },
    });
    expect([pf.widthPx, pf.heightPx, pf.dpi]).toEqual([1200, 1500, 300]);
    const { data, info } = await sharp(pf.png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([1200, 1500, 4]);
    const at = (x: number, y: number) => Array.from(data.subarray((y * 1200 + x) * 4, (y * 1200 + x) * 4 + 4));
    expect(at(10, 10)[3]).toBe(0); // transparent outside the artwork
    expect(at(600, 750)).toEqual([0, 0, 255, 255]); // 600 × 300 px artwork centred
    expect(at(305, 750)[3]).toBe(255);
    expect(at(295, 750)[3]).toBe(0);
    expect(at(600, 595)[3]).toBe(0);
    expect((await sharp(pf.png).metadata()).density).toBe(300);
  });

  it("caps huge areas by lowering the DPI", async () => {
    const art = await sharp({ create: { width: 100, height: 100, channels: 4, background: "#000" } })
      .png()
      .toBuffer();
    const pf = await renderPrintFile({
      artwork: art,
      artworkWidth: 100,
      artworkHeight: 100,
      placement: { x: 0.5, y: 0.5, scale: 0.2, rotation: 0 },
      area: { widthIn: 40, heightIn: 60, dpi: 300 },
    });
    expect(pf.dpi).toBeLessThan(300);
    expect(pf.widthPx * pf.heightPx).toBeLessThanOrEqual(40_000_000);
    expect(Math.max(pf.widthPx, pf.heightPx)).toBeLessThanOrEqual(9000);
  });
});
