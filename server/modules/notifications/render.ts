import type { RenderedEmail, TemplateName } from "./templates.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Minimal renderer (the notifications feature replaces it with the full mail layout). */
export function renderTemplate(template: TemplateName, params: Record<string, unknown>): RenderedEmail {
  const lines = Object.entries(params).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
  const subject = `Platen: ${template}`;
  return { subject, text: lines.join("\n"), html: `<table role="presentation"><tr><td>${lines.map(esc).join("<br>")}</td></tr></table>` };
}
