// sharp and file-type are loaded on first use, not when the server starts (issue 9): importing the
// image API loads neither, and the libvips settings of configureImageWork apply whenever sharp loads.
import { describe, expect, it, vi } from "vitest";
import { testImage } from "./test-helpers.ts";

// Counts the real imports of each package (a mock factory runs when the package is first imported).
const imported = vi.hoisted(() => ({ sharp: 0, fileType: 0 }));
vi.mock("sharp", async (importOriginal) => {
  imported.sharp++;
  return importOriginal();
});
vi.mock("file-type", async (importOriginal) => {
  imported.fileType++;
  return importOriginal();
});

describe("loading sharp and file-type on first use", () => {
  it("imports neither with the image API; settings made before the load apply when sharp loads", async () => {
    const images = await import("./index.ts");
    const { loadSharp } = await import("./sharp.ts");
    expect(imported).toEqual({ sharp: 0, fileType: 0 });

    images.configureImageWork({ threads: 3 });
    expect(imported.sharp).toBe(0);
    const sharp = await loadSharp();
    expect(imported.sharp).toBe(1);
    expect(sharp.concurrency()).toBe(3);
    expect(sharp.cache().items.max).toBe(50);

    // Already loaded: a new setting applies at once, and the module is imported only once.
    images.configureImageWork({ threads: 1 });
    expect(sharp.concurrency()).toBe(1);
    expect(await loadSharp()).toBe(sharp);
    expect(imported.sharp).toBe(1);
  });

  it("loads file-type for the first upload that gets past the byte checks, once", async () => {
    const { inspectUpload } = await import("./index.ts");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"></svg>');
    await expect(inspectUpload(svg)).rejects.toMatchObject({ status: 415 });
    expect(imported.fileType).toBe(0);

    const png = await testImage(64, 64);
    await expect(inspectUpload(png)).resolves.toMatchObject({ mime: "image/png", width: 64, height: 64 });
    await inspectUpload(png);
    expect(imported.fileType).toBe(1);
  });
});
