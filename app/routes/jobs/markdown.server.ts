import { Marked } from "marked";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

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
      if (!SAFE_URL.test(href)) return inner;
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
