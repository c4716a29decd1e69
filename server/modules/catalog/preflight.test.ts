import { describe, expect, it } from "vitest";
import {
  defaultPlacement,
  effectiveDpi,
  maxScaleForDpi,
  placedBounds,
  placementToPixels,
  preflight,
  snappedAxes,
  snapToCentre,
} from "./preflight.ts";

const area = { widthIn: 12, heightIn: 16 };
const centred = { x: 0.5, y: 0.5, scale: 1, rotation: 0 };

describe("preflight", () => {
  it("computes the effective DPI from the printed width", () => {
    // 3600 px over the full 12 in = 300 DPI; at half the width, 600 DPI
    expect(
      preflight({ artworkWidth: 3600, artworkHeight: 3600, hasAlpha: true, placement: centred, area: { widthIn: 12, heightIn: 12 } })
        .effectiveDpi,
    ).toBe(300);
    expect(effectiveDpi(3600, 0.5, 12)).toBe(600);
    expect(effectiveDpi(1000, 1, 12)).toBe(83);
    expect(maxScaleForDpi(1800, 12, 150)).toBe(1);
  });

  it("refuses under 100 DPI with the exact message", () => {
    const r = preflight({
      artworkWidth: 1008,
      artworkHeight: 1008,
      hasAlpha: true,
      placement: centred,
      area: { widthIn: 12, heightIn: 12 },
    });
    expect(r.effectiveDpi).toBe(84);
    expect(r.blocking).toBe(true);
    expect(r.issues[0]).toEqual({
      level: "error",
      code: "dpi-too-low",
      message:
        "The artwork prints at 84 DPI at this size (12 × 12 in); at least 100 DPI is needed. Make it smaller or upload a larger file.",
    });
  });

  it("warns from 100 to 149 DPI, and is quiet from 150", () => {
    const at = (w: number) =>
      preflight({
        artworkWidth: w,
        artworkHeight: w,
        hasAlpha: true,
        placement: { ...centred, scale: 0.75 },
        area: { widthIn: 12, heightIn: 16 },
      });
    // printed 9 in wide
    expect(at(900).issues.map((i) => i.code)).toContain("low-dpi");
    expect(at(900).blocking).toBe(false);
    expect(at(900).effectiveDpi).toBe(100);
    expect(at(899).issues[0]!.code).toBe("dpi-too-low");
    expect(at(1349).issues.map((i) => i.code)).toContain("low-dpi");
    expect(at(1350).effectiveDpi).toBe(150);
    expect(at(1350).issues.map((i) => i.code)).not.toContain("low-dpi");
    expect(at(1350).issues.find((i) => i.code === "low-dpi")).toBeUndefined();
    expect(at(1000).issues[0]!.message).toBe(
      "The artwork prints at 111 DPI at this size (9 × 9 in), under the recommended 150 DPI: it may look soft or pixelated. Make it smaller or upload a larger file.",
    );
  });

  it("warns when any part of the rotated artwork lies outside the area", () => {
    const square = (placement: typeof centred) =>
      preflight({ artworkWidth: 4000, artworkHeight: 4000, hasAlpha: true, placement, area: { widthIn: 12, heightIn: 12 } });
    expect(square({ ...centred, scale: 0.9 }).issues.map((i) => i.code)).not.toContain("outside-area");
    // 0.8 wide square turned 45°: its diagonal is 1.13 of the area's width
    expect(square({ ...centred, scale: 0.8, rotation: 45 }).issues.find((i) => i.code === "outside-area")?.level).toBe("warning");
    expect(square({ ...centred, scale: 0.6, rotation: 45 }).issues.map((i) => i.code)).not.toContain("outside-area");
    expect(square({ x: 0.9, y: 0.5, scale: 0.3, rotation: 0 }).issues.map((i) => i.code)).toContain("outside-area");
    const gone = square({ x: 1.8, y: 0.5, scale: 0.3, rotation: 0 });
    expect(gone.issues[0]).toMatchObject({ level: "error", code: "outside-area" });
    expect(gone.blocking).toBe(true);
  });

  it("accounts for the area's shape (a tall artwork in a wide mug wrap)", () => {
    const mug = { widthIn: 8.5, heightIn: 3.5 };
    // 1:1 artwork at scale 0.5 = 4.25 in tall in a 3.5 in tall area
    const r = preflight({ artworkWidth: 2000, artworkHeight: 2000, hasAlpha: true, placement: { ...centred, scale: 0.5 }, area: mug });
    expect(r.issues.map((i) => i.code)).toContain("outside-area");
    expect(r.printedHeightIn).toBeCloseTo(4.25);
    const b = placedBounds({ ...centred, scale: 0.4 }, 1, 8.5 / 3.5);
    expect(b.top).toBeGreaterThanOrEqual(0);
    expect(b.bottom).toBeLessThanOrEqual(1);
  });

  it("notes transparency, and the background box of a JPEG", () => {
    const base = { artworkWidth: 4000, artworkHeight: 4000, placement: { ...centred, scale: 0.5 }, area };
    expect(preflight({ ...base, hasAlpha: true }).issues).toEqual([
      { level: "info", code: "transparency", message: expect.stringContaining("Transparent parts") },
    ]);
    expect(preflight({ ...base, hasAlpha: false, mime: "image/jpeg" }).issues).toEqual([
      { level: "info", code: "no-transparency", message: expect.stringContaining("JPEG files have no transparency") },
    ]);
    expect(preflight({ ...base, hasAlpha: false }).issues[0]!.code).toBe("no-transparency");
  });

  it("lists errors before warnings before notes", () => {
    const r = preflight({
      artworkWidth: 500,
      artworkHeight: 500,
      hasAlpha: false,
      placement: { x: 0.95, y: 0.5, scale: 0.5, rotation: 0 },
      area,
    });
    expect(r.issues.map((i) => i.level)).toEqual(["error", "warning", "info"]);
  });
});

describe("placement helpers", () => {
  it("snaps to the centre within the threshold, and rotation to right angles", () => {
    expect(snapToCentre({ x: 0.51, y: 0.485, scale: 0.7, rotation: 2 })).toEqual({ x: 0.5, y: 0.5, scale: 0.7, rotation: 0 });
    expect(snapToCentre({ x: 0.53, y: 0.2, scale: 0.7, rotation: 88 })).toEqual({ x: 0.53, y: 0.2, scale: 0.7, rotation: 90 });
    expect(snapToCentre({ x: 0.53, y: 0.5, scale: 1, rotation: 10 }, 0.05)).toEqual({ x: 0.5, y: 0.5, scale: 1, rotation: 10 });
    expect(snappedAxes({ x: 0.5, y: 0.3, scale: 1, rotation: 0 })).toEqual({ x: true, y: false });
  });

  it("maps a placement to template pixels", () => {
    expect(placementToPixels({ x: 0.5, y: 0.25, scale: 0.5, rotation: 30 }, { x: 100, y: 200, w: 400, h: 800 }, 2)).toEqual({
      cx: 300,
      cy: 400,
      width: 200,
      height: 100,
      rotation: 30,
    });
  });

  it("suggests a centred first placement that fits and keeps print quality when it can", () => {
    const big = defaultPlacement(4500, 5400, area);
    expect(big).toMatchObject({ x: 0.5, y: 0.5, rotation: 0 });
    expect(preflight({ artworkWidth: 4500, artworkHeight: 5400, hasAlpha: true, placement: big, area }).issues.map((i) => i.code)).toEqual([
      "transparency",
    ]);
    const small = defaultPlacement(1200, 1200, area);
    expect(
      preflight({ artworkWidth: 1200, artworkHeight: 1200, hasAlpha: true, placement: small, area }).effectiveDpi,
    ).toBeGreaterThanOrEqual(150);
  });
});
