import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { normalizeArtwork } from "./index.ts";
import { testImage } from "./test-helpers.ts";

describe("normalizeArtwork", () => {
  it("makes an sRGB PNG with the metadata stripped, and a preview of at most 1024 px", async () => {
    const jpeg = await sharp(await testImage(2400, 1200, "jpeg"))
      .withMetadata({ exif: { IFD0: { Copyright: "secret GPS-ish data", Artist: "Someone" } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const n = await normalizeArtwork(jpeg);
    expect(n).toMatchObject({ width: 2400, height: 1200, mime: "image/jpeg", hasAlpha: false, previewWidth: 1024, previewHeight: 512 });
    const meta = await sharp(n.png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.exif).toBeUndefined();
    expect(meta.space).toBe("srgb");
    expect(meta.hasAlpha).toBe(false);
    const pm = await sharp(n.preview).metadata();
    expect([pm.format, pm.width, pm.height]).toEqual(["png", 1024, 512]);
    expect(n.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await normalizeArtwork(jpeg)).sha256).toBe(n.sha256);
  });

  it("applies the EXIF orientation", async () => {
    const jpeg = await sharp(await testImage(300, 100, "jpeg"))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const n = await normalizeArtwork(jpeg);
    expect([n.width, n.height]).toEqual([100, 300]);
    const meta = await sharp(n.png).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([100, 300, 1]);
  });

  it("tells real transparency from a merely present alpha channel", async () => {
    const transparent = await normalizeArtwork(await testImage(200, 200, "png", { alpha: true }));
    expect(transparent.hasAlpha).toBe(true);
    expect((await sharp(transparent.png).metadata()).hasAlpha).toBe(true);
    const opaqueWithAlpha = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 1 } } })
      .png()
      .toBuffer();
    expect((await sharp(opaqueWithAlpha).metadata()).hasAlpha).toBe(true);
    const opaque = await normalizeArtwork(opaqueWithAlpha);
    expect(opaque.hasAlpha).toBe(false);
    expect((await sharp(opaque.png).metadata()).hasAlpha).toBe(false);
    const webp = await normalizeArtwork(await testImage(200, 200, "webp", { alpha: true }));
    expect([webp.mime, webp.hasAlpha]).toEqual(["image/webp", true]);
  });

  it("turns 16-bit, greyscale and palette PNGs into 8-bit sRGB", async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } });
    const inputs = [
      await base.clone().toColourspace("rgb16").png().toBuffer(),
      await base.clone().greyscale().png().toBuffer(),
      await base.clone().png({ palette: true }).toBuffer(),
    ];
    expect((await sharp(inputs[0]!).metadata()).depth).toBe("ushort");
    for (const input of inputs) {
      const n = await normalizeArtwork(input);
      const meta = await sharp(n.png).metadata();
      expect([meta.depth, meta.space, meta.channels, n.hasAlpha]).toEqual(["uchar", "srgb", 4, true]);
    }
  });

  it("converts a CMYK JPEG to sRGB", async () => {
    const cmyk = await sharp(await testImage(200, 200, "jpeg"))
      .toColourspace("cmyk")
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    const n = await normalizeArtwork(cmyk);
    const { data } = await sharp(n.png).raw().toBuffer({ resolveWithObject: true });
    // the red corner stays red-ish
    expect(data[0]!).toBeGreaterThan(150);
    expect(data[1]!).toBeLessThan(110);
  });
});
