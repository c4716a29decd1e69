import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generateDemoArtwork, hammingDistance, PHASH_MATCH_DISTANCE, phashHex } from "./index.ts";
// The hash itself, outside the image queue (these tests hash dozens of images at once).
import { perceptualHash } from "./phash.ts";

describe("perceptual hash", () => {
  it("matches the same art re-encoded, resized, recompressed and flattened", async () => {
    const { png } = await generateDemoArtwork(11, { style: "sunset", size: 1200 });
    const h = await perceptualHash(png);
    const variants = await Promise.all([
      sharp(png).resize(400).png().toBuffer(),
      sharp(png).flatten({ background: "#ffffff" }).jpeg({ quality: 55 }).toBuffer(),
      sharp(png).resize(900).webp({ quality: 60 }).toBuffer(),
      sharp(png).modulate({ brightness: 1.1, saturation: 0.8 }).png().toBuffer(),
      sharp(png).blur(2).png().toBuffer(),
      // empty margin added around the design
      sharp(png)
        .extend({ top: 60, bottom: 60, left: 60, right: 60, background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer(),
      sharp(png)
        .flatten({ background: "#ffffff" })
        .extend({ top: 80, bottom: 20, left: 40, right: 40, background: "#ffffff" })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ]);
    for (const v of variants) expect(hammingDistance(h, await perceptualHash(v))).toBeLessThanOrEqual(PHASH_MATCH_DISTANCE);
  });

  it("keeps different artworks apart, also of the same style with the same words", async () => {
    const seeds = Array.from({ length: 24 }, (_, i) => i * 13 + 1).concat([16, 402, 11, 302]);
    const hashes = await Promise.all(seeds.map(async (seed) => perceptualHash((await generateDemoArtwork(seed, { size: 256 })).png)));
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++)
        expect(hammingDistance(hashes[i]!, hashes[j]!), `${seeds[i]} vs ${seeds[j]}`).toBeGreaterThan(PHASH_MATCH_DISTANCE);
    for (const style of ["badge", "lettering", "waves"] as const) {
      const same = await Promise.all(
        [16, 402, 11, 302, 77].map(async (seed) =>
          perceptualHash((await generateDemoArtwork(seed, { style, size: 256, text: "TEST ART" })).png),
        ),
      );
      for (let i = 0; i < same.length; i++)
        for (let j = i + 1; j < same.length; j++) expect(hammingDistance(same[i]!, same[j]!), style).toBeGreaterThan(PHASH_MATCH_DISTANCE);
    }
  });

  it("fits a signed 64-bit column and counts bits correctly", async () => {
    const h = await perceptualHash((await generateDemoArtwork(7, { size: 300 })).png);
    expect(h).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(h).toBeLessThan(2n ** 63n);
    expect(phashHex(h)).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(h, h)).toBe(0);
  });
});
