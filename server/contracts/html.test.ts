import { describe, expect, it } from "vitest";
import { escapeHtml } from "./index.ts";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in content and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });
  it("leaves other text alone", () => {
    expect(escapeHtml("Ramen Cat · 100% cotton")).toBe("Ramen Cat · 100% cotton");
  });
});
