/**
 * The Platen mail layout: HTML that renders in common mail clients (Gmail, Apple Mail, Outlook):
 * a 600 px table layout, inline styles only, a bulletproof button, a hidden preheader, the brand
 * header and a footer saying why the reader got the message. Every helper escapes its input;
 * helpers whose argument is named `html` take markup already built by these helpers.
 */
import { escapeHtml } from "../../contracts/index.ts";

export const BRAND = {
  name: "Platen",
  color: "#5e35b1",
  text: "#1f1b2e",
  muted: "#5f5a6e",
  border: "#e6e1ef",
  background: "#f4f2f8",
  font: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
} as const;

/** Escape text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return escapeHtml(String(value ?? ""));
}

/** Escaped text with line breaks kept. */
export function escLines(value: string): string {
  return esc(value.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>");
}

/** Only http(s) links make it into a message; anything else becomes the fallback. */
export function safeUrl(value: string, fallback: string): string {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : fallback;
  } catch {
    return fallback;
  }
}

const P = `margin:0 0 16px;font-family:${BRAND.font};font-size:16px;line-height:24px;color:${BRAND.text};`;

export const h1 = (text: string) =>
  `<h1 style="margin:0 0 16px;font-family:${BRAND.font};font-size:24px;line-height:32px;font-weight:700;color:${BRAND.text};">${esc(text)}</h1>`;

export const h2 = (text: string) =>
  `<h2 style="margin:24px 0 12px;font-family:${BRAND.font};font-size:18px;line-height:26px;font-weight:700;color:${BRAND.text};">${esc(text)}</h2>`;

/** A paragraph of markup (escape the parts yourself, or use `p`). */
export const pHtml = (html: string, extra = "") => `<p style="${P}${extra}">${html}</p>`;
export const p = (text: string) => pHtml(esc(text));
export const muted = (html: string) => `<p style="${P}font-size:14px;line-height:20px;color:${BRAND.muted};">${html}</p>`;

export const link = (label: string, href: string) =>
  `<a href="${esc(href)}" target="_blank" style="color:${BRAND.color};text-decoration:underline;">${esc(label)}</a>`;

/** A bulletproof button: the cell carries the colour, so the button shows even without padding on links. */
export function button(label: string, href: string): string {
  return `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border-collapse:separate;">
<tr><td align="center" bgcolor="${BRAND.color}" style="border-radius:6px;background-color:${BRAND.color};">
<a href="${esc(href)}" target="_blank" style="display:inline-block;padding:14px 28px;border:1px solid ${BRAND.color};border-radius:6px;font-family:${BRAND.font};font-size:16px;line-height:20px;font-weight:700;color:#ffffff;text-decoration:none;">${esc(label)}</a>
</td></tr></table>`;
}

/** A shaded box for quotes, addresses and notices. */
export function panel(html: string, opts: { accent?: string } = {}): string {
  const border = opts.accent ? `border-left:4px solid ${opts.accent};` : `border:1px solid ${BRAND.border};`;
  return `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="margin:0 0 24px;">
<tr><td style="padding:16px;background-color:#faf9fc;${border}border-radius:6px;font-family:${BRAND.font};font-size:15px;line-height:22px;color:${BRAND.text};">${html}</td></tr></table>`;
}

/** Label / value rows (values are markup). */
export function facts(rows: Array<[string, string]>): string {
  const trs = rows
    .map(
      ([label, html]) => `<tr>
<td valign="top" style="padding:6px 12px 6px 0;font-family:${BRAND.font};font-size:14px;line-height:20px;color:${BRAND.muted};white-space:nowrap;">${esc(label)}</td>
<td valign="top" style="padding:6px 0;font-family:${BRAND.font};font-size:14px;line-height:20px;color:${BRAND.text};font-weight:600;">${html}</td></tr>`,
    )
    .join("\n");
  return `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:0 0 24px;">${trs}</table>`;
}

export interface LayoutInput {
  subject: string;
  /** The preview text mail clients show after the subject (hidden in the body). */
  preheader: string;
  /** The message body, built with the helpers above. */
  bodyHtml: string;
  /** Why the reader gets this e-mail ("you placed an order on Platen"). */
  reason: string;
  publicUrl: string;
}

/** The whole document around a message body. */
export function layout({ subject, preheader, bodyHtml, reason, publicUrl }: LayoutInput): string {
  const home = publicUrl;
  const contact = `${publicUrl}/contact`;
  // Filler after the preheader stops clients from pulling body text into the preview.
  const filler = "&#8199;&#65279;&#847; ".repeat(40);
  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${esc(subject)}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${BRAND.background};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;color:${BRAND.background};">${esc(preheader)}${filler}</div>
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="${BRAND.background}" style="background-color:${BRAND.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" border="0" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;">
<tr><td align="left" bgcolor="${BRAND.color}" style="padding:20px 32px;background-color:${BRAND.color};border-radius:8px 8px 0 0;">
<a href="${esc(home)}" target="_blank" style="font-family:${BRAND.font};font-size:24px;line-height:28px;font-weight:800;letter-spacing:0.5px;color:#ffffff;text-decoration:none;">${BRAND.name}</a>
</td></tr>
<tr><td align="left" bgcolor="#ffffff" style="padding:32px;background-color:#ffffff;border:1px solid ${BRAND.border};border-top:0;border-radius:0 0 8px 8px;">
${bodyHtml}
</td></tr>
<tr><td align="center" style="padding:24px 32px;font-family:${BRAND.font};font-size:13px;line-height:20px;color:${BRAND.muted};">
<p style="margin:0 0 8px;">You received this e-mail because ${esc(reason)}.</p>
<p style="margin:0 0 8px;">Questions? <a href="${esc(contact)}" target="_blank" style="color:${BRAND.color};text-decoration:underline;">Contact the Platen team</a>. We read every message.</p>
<p style="margin:0;">${BRAND.name}: custom-printed products from independent artists. <a href="${esc(home)}" target="_blank" style="color:${BRAND.muted};text-decoration:underline;">${esc(home.replace(/^https?:\/\//, ""))}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The plain-text part: the body lines and the same footer. */
export function textLayout(lines: string[], reason: string, publicUrl: string): string {
  const body = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return `${body}\n\n--\nYou received this e-mail because ${reason}.\nQuestions? Contact the Platen team: ${publicUrl}/contact\nPlaten: custom-printed products from independent artists. ${publicUrl}\n`;
}
