import { describe, expect, it } from "vitest";
import { demoArtworkSvg } from "../infra/images/index.ts";
import { DESIGNS, demoArtOptions } from "./catalog.ts";

const designs = Object.entries(DESIGNS).flatMap(([store, list]) => list.map((design, k) => ({ store, design, seed: k })));
const wordsOf = (s: string) => s.toLowerCase().match(/\p{L}+/gu) ?? [];

describe("demo artwork matches its product titles", () => {
  it.each(designs.map((d) => [d.design.title, d]))("%s", (_title, { design, seed }) => {
    const art = demoArtworkSvg(seed, demoArtOptions(design));
    expect(art.style).toBe(design.style);
    if (art.style === "geometric") {
      // Shapes only, no words: only for designs that are about shapes.
      expect(design.tags.some((t) => t === "geometric" || t === "abstract")).toBe(true);
      return;
    }
    // The words drawn name the title's subject, and all of them fit the style (lettering and badges draw two).
    const drawn = wordsOf(design.words);
    expect(drawn.some((w) => wordsOf(design.title).some((t) => t.startsWith(w) || w.startsWith(t)))).toBe(true);
    if (art.style === "lettering" || art.style === "badge") expect(drawn.length).toBeLessThanOrEqual(2);
    for (const w of drawn) expect(art.svg.toLowerCase()).toContain(w);
  });

  it("never draws a nature, food or animal design as squares (Mushroom Forest)", () => {
    const mushroom = DESIGNS.fernwood!.find((d) => d.title === "Mushroom Forest")!;
    expect(demoArtworkSvg(1, demoArtOptions(mushroom)).svg).toContain("MUSHROOM");
  });
});
