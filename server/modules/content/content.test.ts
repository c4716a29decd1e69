import { describe, expect, it } from "vitest";
import { legalSource, parseFrontMatter } from "./documents.ts";
import { LEGAL_DOCS, isLegalDocName, legalDocument, legalIndex, renderMarkdown, slugify } from "./index.ts";

describe("legal documents", () => {
  it.each(LEGAL_DOCS)("%s has a title, summary, date and headings in order", (name) => {
    const doc = legalDocument(name)!;
    expect(doc.title.length).toBeGreaterThan(3);
    expect(doc.summary.length).toBeGreaterThan(40);
    expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.path).toBe(`/legal/${name}`);
    // the page's h1 is the title: the Markdown starts at h2 and never skips a level
    const { body } = parseFrontMatter(legalSource(name));
    expect(body).not.toMatch(/^# /m);
    expect(doc.toc.length).toBeGreaterThanOrEqual(5);
    expect(doc.toc[0]!.depth).toBe(2);
    for (let i = 1; i < doc.toc.length; i++) expect(doc.toc[i]!.depth - doc.toc[i - 1]!.depth).toBeLessThanOrEqual(1);
    expect(new Set(doc.toc.map((e) => e.id)).size).toBe(doc.toc.length);
    for (const entry of doc.toc) expect(doc.html).toContain(`<h${entry.depth} id="${entry.id}">`);
    expect(doc.html).not.toMatch(/lorem ipsum|TODO/i);
  });

  it("links only to pages that exist", () => {
    const allowed = /^\/(legal(\/(termsAndConditions|privacyPolicy|partnerTerms|manufacturingTerms|disclosures))?|contact(\?topic=(order|partner|fulfillment|press|privacy|other))?|shop\/(faqs|shoppers))$/;
    for (const name of LEGAL_DOCS) {
      for (const [, href] of legalDocument(name)!.html.matchAll(/href="([^"]+)"/g)) expect(href, `${name}: ${href}`).toMatch(allowed);
    }
  });

  it("marks the operator's placeholders", () => {
    const doc = legalDocument("disclosures")!;
    expect(doc.hasPlaceholders).toBe(true);
    expect(doc.html).toContain('<mark class="placeholder"');
    expect(doc.html).toContain("[Operator legal name]");
    expect(doc.html).not.toContain("[[");
  });

  it("lists the five documents and knows no others", () => {
    expect(legalIndex().map((d) => d.name)).toEqual(["termsAndConditions", "privacyPolicy", "partnerTerms", "manufacturingTerms", "disclosures"]);
    expect(isLegalDocName("unknown")).toBe(false);
    expect(legalDocument("constructor")).toBeNull();
    expect(legalDocument("__proto__")).toBeNull();
  });

  it("gives repeated headings distinct ids and slugs accents away", () => {
    const r = renderMarkdown("## Fees\n\ntext\n\n## Fees\n\n### Café & crème\n");
    expect(r.toc.map((e) => e.id)).toEqual(["fees", "fees-2", "cafe-creme"]);
    expect(slugify("!!!")).toBe("section");
  });
});
