import { describe, expect, it } from "vitest";
import { isContentHashedKey, mediaKeyFromPath } from "./media.ts";

describe("media keys", () => {
  it("accepts public prefixes only", () => {
    expect(mediaKeyFromPath("/media/mockups/0123456789abcdef0123456789abcdef-320.webp")).toBe(
      "mockups/0123456789abcdef0123456789abcdef-320.webp",
    );
    expect(mediaKeyFromPath("/media/store-media/str_1/avatar.png")).toBe("store-media/str_1/avatar.png");
    for (const p of [
      "/media/print-files/p/front.png",
      "/media/artworks/a.png",
      "/media/mockups/",
      "/media/",
      "/other/mockups/x.webp",
      "/media/templatesx/a.png",
    ])
      expect(mediaKeyFromPath(p), p).toBeNull();
  });

  it("refuses traversal, hidden files and bad escapes", () => {
    for (const p of [
      "/media/mockups/../print-files/x.png",
      "/media/mockups/%2e%2e/print-files/x.png",
      "/media/mockups%2f..%2fprint-files%2fx.png",
      "/media/mockups/.meta/x",
      "/media/mockups/%ZZ",
      "/media/mockups//x.webp",
      "/media/Mockups/x.webp",
      "/media/mockups/a%00.webp",
    ])
      expect(mediaKeyFromPath(p), p).toBeNull();
  });

  it("knows content-hashed names", () => {
    expect(isContentHashedKey("mockups/0123456789abcdef0123456789abcdef-320.webp")).toBe(true);
    expect(isContentHashedKey(`store-media/str_1/${"a".repeat(64)}.png`)).toBe(true);
    expect(isContentHashedKey("store-media/str_1/avatar.png")).toBe(false);
    expect(isContentHashedKey("store-media/0123456789abcdef0123456789abcdef/avatar.png")).toBe(false); // the file name counts
  });
});
