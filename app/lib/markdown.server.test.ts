import { describe, expect, it } from "vitest";
import { renderMarkdown, safeHref } from "./markdown.server.ts";

describe("job description Markdown: links stay safe", () => {
  it("keeps http(s), mailto, fragments and paths on this site", () => {
    expect(renderMarkdown("[Apply](/jobs/general)")).toContain('<a href="/jobs/general">Apply</a>');
    expect(renderMarkdown("[Blog](https://blog.example/post)")).toContain(
      '<a href="https://blog.example/post" rel="noopener noreferrer nofollow">Blog</a>',
    );
    expect(renderMarkdown("[Write](mailto:jobs@platen.test)")).toContain('href="mailto:jobs@platen.test"');
    expect(renderMarkdown("[Up](#benefits)")).toContain('href="#benefits"');
  });

  it("never links off the site through a backslash or a protocol-relative path", () => {
    for (const source of [
      "[x](/\\evil.example)",
      "[x](/\\\\evil.example)",
      "[x](</\\evil.example>)",
      "[x](<//evil.example>)",
      "[x][r]\n\n[r]: /\\evil.example",
      "[x](javascript:alert(1))",
      "[x](data:text/html,hi)",
      "[x](evil.example)",
    ]) {
      const html = renderMarkdown(source);
      expect(html, source).not.toContain("<a ");
      expect(html, source).toContain("x");
    }
  });

  it("judges link targets one by one", () => {
    for (const ok of ["/jobs", "/jobs?team=ops#x", "#top", "https://a.example", "HTTP://a.example", "mailto:a@b.example", "/%5Cpath"])
      expect(safeHref(ok), ok).toBe(ok);
    for (const bad of [
      "/\\evil.example",
      "//evil.example",
      "/\tx",
      "/ x",
      "\\\\evil",
      "javascript:x",
      "https:",
      "ftp://a.example",
      "jobs",
      "",
    ])
      expect(safeHref(bad), bad).toBeNull();
  });
});
