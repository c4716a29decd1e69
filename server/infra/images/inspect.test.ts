import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../kernel/errors.ts";
import { inspectUpload, normalizeArtwork } from "./index.ts";
import { craftedPngHeader, testImage } from "./test-helpers.ts";

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error("expected a refusal");
}

describe("inspectUpload", () => {
  it.each(["png", "jpeg", "webp"] as const)("accepts %s by content", async (format) => {
    const r = await inspectUpload(await testImage(300, 200, format));
    expect(r).toMatchObject({ mime: `image/${format}`, width: 300, height: 200 });
  });

  it("refuses a PNG header claiming 100000 × 100000 pixels without decoding it", async () => {
    const bomb = craftedPngHeader(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(200);
    const started = performance.now();
    const e = await refusal(inspectUpload(bomb));
    expect(performance.now() - started).toBeLessThan(3000); // decoding 40 GB of pixels would take minutes, or fail
    expect(e.status).toBe(422);
    expect(e.field).toBe("artwork");
    expect(e.message).toBe(
      "The image is 100,000 × 100,000 pixels; the limit is 12,000 pixels per side and 40 megapixels in total. Scale it down and upload it again.",
    );
    // and normalisation refuses it before any decode as well
    expect((await refusal(normalizeArtwork(bomb))).code).toBe("artwork-dimensions");
  });

  it("refuses too many pixels even when each side is within the limit", async () => {
    const e = await refusal(inspectUpload(craftedPngHeader(9000, 9000)));
    expect(e.status).toBe(422);
    expect(e.message).toContain("9,000 × 9,000");
  });

  it("refuses a text file renamed .png (415)", async () => {
    const e = await refusal(inspectUpload(Buffer.from("hello, this is not a picture\n".repeat(20))));
    expect(e.status).toBe(415);
    expect(e.field).toBe("artwork");
    expect(e.message).toMatch(/Upload a PNG, JPEG or WebP image/);
  });

  it("refuses other image formats such as GIF and PDF (415)", async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect((await refusal(inspectUpload(gif))).status).toBe(415);
    expect((await refusal(inspectUpload(Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")))).status).toBe(415);
  });

  it("refuses SVG with a clear message, also with an XML prolog, BOM and external references", async () => {
    const svgs = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`,
      `\ufeff<?xml version="1.0"?>\n<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"><image href="http://169.254.169.254/latest"/></svg>`,
      `  <!-- art --><svg xmlns="http://www.w3.org/2000/svg"/>`,
    ];
    for (const svg of svgs) {
      const e = await refusal(inspectUpload(Buffer.from(svg)));
      expect(e.status).toBe(415);
      expect(e.code).toBe("artwork-svg");
      expect(e.message).toMatch(/SVG files are not accepted\. Export your artwork as a PNG/);
    }
  });

  it("refuses files over the byte limit before looking inside (413)", async () => {
    const big = Buffer.alloc(26 * 1024 * 1024);
    (await testImage(100, 100)).copy(big);
    const e = await refusal(inspectUpload(big));
    expect(e.status).toBe(413);
    expect(e.message).toBe("The file is 26 MB; the limit is 25 MB. Export it with more compression or at a smaller size.");
    expect((await refusal(inspectUpload(await testImage(100, 100), { maxBytes: 50 }))).message).toMatch(
      /^The file is \d+ KB; the limit is 1 KB/,
    );
  });

  it("refuses empty, tiny and damaged images (422)", async () => {
    expect((await refusal(inspectUpload(Buffer.alloc(0)))).status).toBe(422);
    expect((await refusal(inspectUpload(await testImage(8, 8)))).code).toBe("artwork-too-small");
    const png = await testImage(400, 400);
    const truncated = png.subarray(0, 60);
    const e = await refusal(normalizeArtwork(truncated));
    expect(e.status).toBe(422);
  });

  it("reports the displayed size of an EXIF-rotated JPEG", async () => {
    const jpeg = await sharp(await testImage(300, 100, "jpeg"))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await inspectUpload(jpeg)).toMatchObject({ width: 100, height: 300 });
  });
});
