import { describe, expect, it } from "vitest";
import { safeNext } from "./session.server.ts";

describe("safeNext: the redirect after sign-in stays on this site", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeNext("/account")).toBe("/account");
    expect(safeNext("/shop?q=mug&page=2#grid")).toBe("/shop?q=mug&page=2#grid");
    expect(safeNext("/shop/partners/%40inkwell/fanClub")).toBe("/shop/partners/%40inkwell/fanClub");
    expect(safeNext("/search?q=t-shirt%20blue")).toBe("/search?q=t-shirt%20blue");
    expect(safeNext("/")).toBe("/");
    // dot segments are resolved, and cannot climb out of the site
    expect(safeNext("/a/../../account")).toBe("/account");
  });

  it("refuses everything that leaves the site or breaks the Location header", () => {
    const refused = [
      // the reported cases: a tab or line break makes `//evil.example`, or a broken header
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\r/evil.example",
      "/\u0000/evil.example",
      "/\u007f/evil.example",
      "/\u0085/evil.example",
      // protocol-relative and backslash tricks
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "\\/evil.example",
      // the same, percent-encoded
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%0D%0ASet-Cookie:%20x=1",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%5c%5cevil.example",
      "/%00",
      // a malformed escape
      "/%E0%A4%A",
      // absolute and other schemes
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "evil.example",
      "",
      " /account",
      // too long to be a real page
      `/${"a".repeat(2100)}`,
    ];
    for (const value of refused) expect(safeNext(value, "/fallback"), JSON.stringify(value)).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    expect(safeNext(null)).toBe("/");
    expect(safeNext(undefined, "/account")).toBe("/account");
    expect(safeNext(new File(["x"], "next.txt"))).toBe("/");
  });
});
