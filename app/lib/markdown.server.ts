import { Marked } from "marked";
import { escapeHtml } from "#server/contracts/index.ts";

const SITE = new URL("http://platen.invalid/");

/**
 * A link target that is safe to render: http(s) or mailto anywhere, a fragment, or a path on this
 * site. Control characters, spaces and backslashes are refused everywhere: browsers read
 * `/\host` as `//host`, another site.
 */
export function safeHref(href: string): string | null {
  for (let i = 0; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return null;
  }
  if (href.startsWith("#")) return href;
  if (/^(https?|mailto):/i.test(href)) {
    try {
      return ["http:", "https:", "mailto:"].includes(new URL(href).protocol) ? href : null;
    } catch {
      return null;
    }
  }
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  try {
    return new URL(href, SITE).origin === SITE.origin ? href : null;
  } catch {
    return null;
  }
}

/**
 * Markdown of job descriptions to HTML. Raw HTML in the source is shown as text, and links or
 * images may only point to http(s), mailto or this site.
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      if (safeHref(href) === null) return inner;
      const external = /^https?:/i.test(href);
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external ? ' rel="noopener noreferrer nofollow"' : ""}>${inner}</a>`;
    },
    image({ href, text }) {
      return escapeHtml(text || href);
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
