import { Marked, type Tokens } from "marked";
import { escapeHtml } from "../../contracts/index.ts";
import disclosures from "../../../content/legal/disclosures.md?raw";
import manufacturingTerms from "../../../content/legal/manufacturingTerms.md?raw";
import partnerTerms from "../../../content/legal/partnerTerms.md?raw";
import privacyPolicy from "../../../content/legal/privacyPolicy.md?raw";
import termsAndConditions from "../../../content/legal/termsAndConditions.md?raw";

/**
 * The legal documents, kept as Markdown in content/legal/ (imported with Vite's `?raw`, so they
 * are part of the build). Each starts with a front-matter block: title, summary, updated.
 * `[[Text]]` marks a placeholder the operator of the installation fills in.
 */
export const LEGAL_DOCS = ["termsAndConditions", "privacyPolicy", "partnerTerms", "manufacturingTerms", "disclosures"] as const;
export type LegalDocName = (typeof LEGAL_DOCS)[number];

const SOURCES: Record<LegalDocName, string> = { termsAndConditions, privacyPolicy, partnerTerms, manufacturingTerms, disclosures };

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

export interface LegalDocumentSummary {
  name: LegalDocName;
  path: string;
  title: string;
  summary: string;
  /** ISO date, e.g. 2026-11-21 */
  updated: string;
}

export interface LegalDocument extends LegalDocumentSummary {
  html: string;
  toc: TocEntry[];
  /** Whether the text still holds placeholders for the operator to fill in. */
  hasPlaceholders: boolean;
}

export function isLegalDocName(value: unknown): value is LegalDocName {
  return typeof value === "string" && (LEGAL_DOCS as readonly string[]).includes(value);
}

/** Split `---\nkey: value\n---\nbody` into its fields and body. */
export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) fields[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { fields, body: source.slice(match[0].length) };
}

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/&[a-z]+;/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

const PLACEHOLDER = /\[\[([^\]]{1,120})\]\]/g;

/** Render trusted Markdown to HTML with ids on headings, and collect the table of contents. */
export function renderMarkdown(markdown: string): { html: string; toc: TocEntry[]; hasPlaceholders: boolean } {
  const ids = new WeakMap<object, string>();
  const used = new Map<string, number>();
  const toc: TocEntry[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading["tokens"]): string } }, token: Tokens.Heading) {
        const id = ids.get(token) ?? slugify(token.text);
        return `<h${token.depth} id="${id}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
    },
  });
  const tokens = marked.lexer(markdown);
  for (const token of tokens) {
    if (token.type !== "heading") continue;
    const heading = token as Tokens.Heading;
    const base = slugify(heading.text);
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    const id = n ? `${base}-${n + 1}` : base;
    ids.set(heading, id);
    toc.push({ id, text: heading.text.replace(PLACEHOLDER, "$1").replace(/[*_`]/g, ""), depth: heading.depth });
  }
  let html = marked.parser(tokens);
  const hasPlaceholders = /\[\[[^\]]{1,120}\]\]/.test(html);
  html = html.replace(PLACEHOLDER, (_m, text: string) => `<mark class="placeholder" title="To be filled in by the operator of this installation">[${escapeHtml(text)}]</mark>`);
  return { html, toc, hasPlaceholders };
}

const cache = new Map<LegalDocName, LegalDocument>();

export function legalDocument(name: string): LegalDocument | null {
  if (!isLegalDocName(name)) return null;
  let doc = cache.get(name);
  if (!doc) {
    const { fields, body } = parseFrontMatter(SOURCES[name]);
    const rendered = renderMarkdown(body);
    doc = {
      name,
      path: `/legal/${name}`,
      title: fields.title ?? name,
      summary: fields.summary ?? "",
      updated: fields.updated ?? "",
      ...rendered,
    };
    cache.set(name, doc);
  }
  return doc;
}

/** The five documents with their one-line summaries, for /legal. */
export function legalIndex(): LegalDocumentSummary[] {
  return LEGAL_DOCS.map((name) => {
    const { title, summary, updated, path } = legalDocument(name)!;
    return { name, title, summary, updated, path };
  });
}

/** The raw Markdown of a document (tests check its structure). */
export const legalSource = (name: LegalDocName) => SOURCES[name];
