// Hostile uploads: decompression bombs are refused from the header (the decoder never sees them),
// damaged files are a 422 next to the field, and image work waits in a bounded queue.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../kernel/errors.ts";
import {
  configureImageWork,
  defaultImageWorkOptions,
  imageWorkStats,
  ImageBusyError,
  inspectUpload,
  normalizeArtwork,
  readDeclaredSize,
  runImageWork,
  uploadedImageToWebp,
  type WebImageOptions,
} from "./index.ts";
import { craftedJpegHeader, craftedWebpHeader, noisyImage, oneBitPng, testImage } from "./test-helpers.ts";

// Every call of sharp() with file bytes is recorded: the decode entry point of the whole pipeline.
const decoded = vi.hoisted(() => ({ inputs: [] as Buffer[] }));
vi.mock("sharp", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: (...args: unknown[]) => unknown }).default;
  const spy = new Proxy(real, {
    apply(target, self, args: unknown[]) {
      if (Buffer.isBuffer(args[0])) decoded.inputs.push(args[0]);
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  return { default: spy };
});

const avatar: WebImageOptions = {
  field: "avatar",
  limits: { maxBytes: 8 * 1024 * 1024, minSide: 64 },
  width: 512,
  height: 512,
  fit: "cover",
  quality: 85,
};

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

const decodedThis = (bytes: Buffer) => decoded.inputs.some((b) => b === bytes);

beforeEach(() => {
  decoded.inputs.length = 0;
});

describe("decompression bombs", () => {
  const bomb = oneBitPng(7745, 7745); // 59.99 megapixels, within the artwork caps

  it("reads the declared size of PNG, JPEG and WebP headers without a decoder", async () => {
    expect(bomb.byteLength).toBeLessThan(8 * 1024);
    expect(readDeclaredSize(bomb, "image/png")).toEqual({ width: 7745, height: 7745 });
    expect(readDeclaredSize(craftedJpegHeader(9000, 4000), "image/jpeg")).toEqual({ width: 9000, height: 4000 });
    expect(readDeclaredSize(craftedWebpHeader(7000, 6000), "image/webp")).toEqual({ width: 7000, height: 6000 });
    for (const format of ["png", "jpeg", "webp"] as const)
      expect(readDeclaredSize(await testImage(321, 123, format), `image/${format}`)).toEqual({ width: 321, height: 123 });
    expect(readDeclaredSize(bomb.subarray(0, 20), "image/png")).toBeNull();
    expect(readDeclaredSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), "image/jpeg")).toBeNull();
    expect(decoded.inputs).toHaveLength(0);
  });

  it("a 7 KB PNG declaring 60 megapixels is refused as artwork from its header: sharp never sees it", async () => {
    expect(await refusal(normalizeArtwork(bomb))).toMatchObject({ status: 422, field: "artwork", code: "artwork-dimensions" });
    expect(decodedThis(bomb)).toBe(false);
    // Under the pixel cap, its few bytes give it away.
    const small = oneBitPng(6000, 6000);
    const e = await refusal(normalizeArtwork(small));
    expect(e).toMatchObject({ status: 422, field: "artwork", code: "artwork-implausible" });
    expect(e.message).toMatch(
      /^The image says it is 6,000 × 6,000 pixels, but the file is only \d+ KB: it is damaged or almost entirely empty\. Export it again and upload the new file\.$/,
    );
    expect(decodedThis(small)).toBe(false);
  });

  it("a 35 KB PNG of 60 megapixels, and one of 39, are refused as artwork from the header (issue 22: 8 s and 300 MB each)", async () => {
    const sixty = oneBitPng(7745, 7745, 35 * 1024);
    expect(await refusal(normalizeArtwork(sixty))).toMatchObject({ status: 422, code: "artwork-dimensions" });
    const under = oneBitPng(6200, 6200, 35 * 1024); // 38.4 megapixels in 35 KB: about 1,100 pixels per byte
    expect(await refusal(normalizeArtwork(under))).toMatchObject({ status: 422, code: "artwork-implausible" });
    expect(decodedThis(sixty) || decodedThis(under)).toBe(false);
  });

  it("a bomb as an avatar, and JPEG and WebP bombs, are refused the same way", async () => {
    const small = oneBitPng(6000, 6000); // 36 megapixels, under the 40-megapixel cap of web images
    const e = await refusal(uploadedImageToWebp(small, avatar));
    expect(e).toMatchObject({ status: 422, field: "avatar", code: "artwork-implausible" });
    expect(e.message).not.toMatch(/artwork/i);
    expect(decodedThis(small)).toBe(false);
    for (const b of [craftedJpegHeader(6000, 6000), craftedWebpHeader(6000, 6000)]) {
      expect(await refusal(inspectUpload(b))).toMatchObject({ status: 422, code: "artwork-implausible" });
      expect(await refusal(uploadedImageToWebp(b, avatar))).toMatchObject({ status: 422, field: "avatar" });
      expect(decodedThis(b)).toBe(false);
    }
    expect(decodedThis(bomb)).toBe(false);
  });

  it("a padded bomb over the 40-megapixel cap of web images is a 422 from the header, not a 500", async () => {
    const padded = oneBitPng(7000, 6500, 64 * 1024); // 45.5 megapixels in 64 KB: plausible bytes per pixel
    const e = await refusal(uploadedImageToWebp(padded, { ...avatar, field: "image" }));
    expect(e).toMatchObject({ status: 422, field: "image", code: "artwork-dimensions" });
    expect(e.message).toContain("40 megapixels");
    expect(decodedThis(padded)).toBe(false);
  });

  it("real pictures pass, and are decoded with a pixel limit", async () => {
    const ok = await uploadedImageToWebp(await testImage(800, 600, "jpeg"), avatar);
    expect(ok.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(decoded.inputs.length).toBeGreaterThan(0);
  });
});

describe("damaged files", () => {
  it.each(["png", "jpeg", "webp"] as const)(
    "a cut-off %s is a 422 next to the field, as avatar, request image and artwork",
    async (format) => {
      const whole = await noisyImage(400, 300, format);
      const cut = whole.subarray(0, Math.floor(whole.byteLength * 0.6));
      for (const field of ["avatar", "banner", "image"]) {
        const e = await refusal(uploadedImageToWebp(cut, { ...avatar, field, limits: { ...avatar.limits, minSide: 32 } }));
        expect(e).toMatchObject({ status: 422, field });
        expect(e.message).toMatch(/damaged/);
      }
      expect(await refusal(normalizeArtwork(cut))).toMatchObject({ status: 422, field: "artwork" });
    },
  );

  it("a corrupt header or pixel stream is a 422, never a crash", async () => {
    const png = await noisyImage(200, 200, "png");
    const badIhdr = Buffer.from(png);
    badIhdr.writeUInt32BE(0, 16); // width 0
    const badData = Buffer.from(png);
    badData.fill(0x5a, 60, 400); // scribble over the start of the pixel data
    for (const b of [badIhdr, badData]) {
      expect(await refusal(uploadedImageToWebp(b, { ...avatar, limits: { minSide: 32 } }))).toMatchObject({ status: 422, field: "avatar" });
      expect(await refusal(normalizeArtwork(b))).toMatchObject({ status: 422, field: "artwork" });
    }
  });
});

describe("the image queue", () => {
  afterAll(() => {
    configureImageWork(defaultImageWorkOptions());
  });

  it("runs at most `concurrency` jobs, queues `queueMax`, and answers 503 busy beyond", async () => {
    configureImageWork({ concurrency: 1, queueMax: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const first = runImageWork(async () => {
      order.push("first");
      await gate;
    });
    const second = runImageWork(async () => {
      order.push("second");
    });
    await vi.waitFor(() => expect(imageWorkStats()).toMatchObject({ active: 1, pending: 1 }));
    const e = await refusal(uploadedImageToWebp(await testImage(300, 300, "png"), avatar));
    expect(e).toBeInstanceOf(ImageBusyError);
    expect(e).toMatchObject({ status: 503, field: "avatar", code: "images-busy" });
    expect(e.message).toMatch(/try again/);
    // a bomb is still refused from its header, without waiting for a slot
    expect(await refusal(normalizeArtwork(oneBitPng(7745, 7745)))).toMatchObject({ status: 422 });
    expect(order).toEqual(["first"]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
    expect(imageWorkStats()).toMatchObject({ active: 0, pending: 0 });
  });

  it("defaults to the number of cores, leaving libuv a thread, one libvips thread per job", () => {
    const d = defaultImageWorkOptions();
    expect(d.concurrency).toBeGreaterThanOrEqual(1);
    expect(d.concurrency).toBeLessThanOrEqual(3);
    expect(d.threads).toBe(1);
    expect(d.queueMax).toBe(d.concurrency * 4);
  });
});
