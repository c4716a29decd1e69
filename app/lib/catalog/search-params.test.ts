import { describe, expect, it } from "vitest";
import { minorToPriceParam, parseSearchQuery, PRICE_PARAM_MAX_MAJOR, searchQueryString } from "./search-params.ts";

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

describe("price bounds per currency (parseMoney, no floating point)", () => {
  const bounds = (qs: string, currency: string) => {
    const q = parseSearchQuery(new URLSearchParams(qs), {}, currency);
    return [q.minPriceMinor, q.maxPriceMinor];
  };

  it("reads dollars with two decimals, a decimal comma included", () => {
    expect(bounds("min=0.29&max=12,50", "USD")).toEqual([29, 1250]);
    expect(minorToPriceParam(29, "USD")).toBe("0.29");
    expect(minorToPriceParam(1250, "USD")).toBe("12.5");
  });

  it("reads yen (no decimals) and refuses fractions of a yen", () => {
    expect(bounds("min=1200&max=1,500", "JPY")).toEqual([1200, 1500]);
    expect(bounds("min=12.5", "JPY")).toEqual([undefined, undefined]);
    expect(minorToPriceParam(1200, "JPY")).toBe("1200");
    expect(searchQueryString(parseSearchQuery(new URLSearchParams("max=3000"), {}, "JPY"), [], "JPY")).toBe("?max=3000");
  });

  it("reads dinars (three decimals) exactly", () => {
    expect(bounds("min=1.5&max=2.125", "KWD")).toEqual([1500, 2125]);
    expect(bounds("min=1.2345", "KWD")).toEqual([undefined, undefined]);
    expect(minorToPriceParam(2125, "KWD")).toBe("2.125");
    expect(minorToPriceParam(1500, "KWD")).toBe("1.5");
    const q = parseSearchQuery(new URLSearchParams("min=0.005&max=10"), {}, "KWD");
    expect(searchQueryString(q, [], "KWD")).toBe("?min=0.005&max=10");
  });

  it("caps bounds at a million major units, scaled by the currency's decimals", () => {
    expect(bounds(`max=${PRICE_PARAM_MAX_MAJOR}`, "KWD")).toEqual([undefined, 1_000_000_000]);
    expect(bounds(`max=${PRICE_PARAM_MAX_MAJOR}`, "JPY")).toEqual([undefined, 1_000_000]);
    expect(bounds(`max=${PRICE_PARAM_MAX_MAJOR + 1}`, "USD")).toEqual([undefined, undefined]);
    expect(bounds("min=-5", "USD")).toEqual([undefined, undefined]);
  });
});
