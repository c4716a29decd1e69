import { describe, expect, it } from "vitest";
import { parseSearchQuery, searchQueryString } from "./search-params.ts";

const parse = (qs: string, fixed = {}) => parseSearchQuery(new URLSearchParams(qs), fixed);

describe("grid URL <-> SearchQuery", () => {
  it("reads every parameter", () => {
    const q = parse("q=fox&category=mugs&color=Black&color=White&size=M&store=@Inkwell&min=5&max=30.5&sort=price-asc&page=3");
    expect(q).toMatchObject({
      q: "fox",
      category: "mugs",
      colors: ["Black", "White"],
      sizes: ["M"],
      storeHandle: "inkwell",
      minPriceMinor: 500,
      maxPriceMinor: 3050,
      sort: "price-asc",
      page: 3,
    });
  });

  it("falls back to defaults for bad values instead of failing", () => {
    const q = parse("category=socks&sort=drop&page=-2&min=abc&max=-1&store=%00");
    expect(q).toMatchObject({
      q: "",
      category: undefined,
      sort: "relevance",
      page: 1,
      minPriceMinor: undefined,
      maxPriceMinor: undefined,
      storeHandle: undefined,
      colors: [],
      sizes: [],
    });
    expect(parse("page=abc").page).toBe(1);
    expect(parse(`color=${"x".repeat(100)}`).colors).toEqual([]);
    expect(parse("q=a%00b%1Fc").q).toBe("abc");
  });

  it("lets the path's fixed values win", () => {
    expect(parse("category=mugs", { category: "posters" }).category).toBe("posters");
  });

  it("writes a query back without defaults and fixed keys (round trip)", () => {
    const q = parse("q=fox&category=mugs&color=Black&min=5&sort=newest&page=2");
    expect(searchQueryString(q)).toBe("?q=fox&category=mugs&color=Black&min=5&sort=newest&page=2");
    expect(searchQueryString(q, ["category"])).toBe("?q=fox&color=Black&min=5&sort=newest&page=2");
    expect(parse(searchQueryString(q).slice(1))).toEqual(q);
    expect(searchQueryString(parse(""))).toBe("");
  });
});
