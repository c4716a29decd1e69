import { __unsafe_useEmotionCache } from "@emotion/react";
import { useTheme, type Theme } from "@mui/material/styles";
import { createContext, useContext, type ReactNode } from "react";

// Server templates (issue 24): the HTML of a small, much repeated piece of MUI (a product card's
// wish button: a form, three hidden inputs, an icon button and its icon, 24 times on a grid),
// rendered by React once per theme and variant when the server starts serving, with placeholders
// where the values of each use go. A use on the server fills the placeholders (escaped as React
// escapes attributes) and puts the HTML inside its host element; in the browser the same element
// renders the real components, which find exactly that DOM to hydrate. What it saves is the render
// of each use: MUI's ButtonBase alone runs some fifteen hooks per button.
//
// A template must render the same HTML for every use but its slots: no useId, no state, no text
// slot beside other text (React would separate the two with a comment). Its unit test compares a
// filled template with the components' own render.

export interface TemplateDefinition {
  id: string;
  /** Variants rendered per theme (a size, say). */
  variants: readonly string[];
  /** The children of the host element, with `slot(i)` where use i's value goes. */
  render(variant: string, slot: (i: number) => string): ReactNode;
}

export interface RenderedTemplate {
  /** The HTML around the slots: parts[0], slot 0, parts[1], slot 1, ... */
  parts: string[];
  /** Slot index after each part but the last. */
  order: number[];
  /** The Emotion styles the HTML's class names refer to (class -> styles, name -> compiled CSS). */
  registered: Record<string, string>;
  inserted: Record<string, string>;
}

/** The server's templates: (definition id, theme, variant) -> rendered template. Null in the browser. */
export type TemplateLookup = (id: string, theme: Theme, variant: string) => RenderedTemplate | undefined;

export const ServerTemplatesContext = createContext<TemplateLookup | null>(null);

export const slotMark = (i: number) => `\u0001${i}\u0001`;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/**
 * React's escaping of text and attribute values, byte for byte (`'` is `&#x27;`): the filled
 * template must be the HTML React writes. server/contracts/html.ts's escape writes `&#39;`.
 */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Splits rendered HTML at its slot marks. */
export function splitTemplate(html: string): Pick<RenderedTemplate, "parts" | "order"> {
  // "a\u00010\u0001b" splits into text, slot index, text...
  const pieces = html.split("\u0001");
  const parts: string[] = [];
  const order: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) parts.push(pieces[i]!);
    else order.push(Number(pieces[i]));
  }
  return { parts, order };
}

export function fillTemplate(t: Pick<RenderedTemplate, "parts" | "order">, values: readonly string[]): string {
  let out = t.parts[0]!;
  for (let i = 0; i < t.order.length; i++) out += escapeHtml(values[t.order[i]!] ?? "") + t.parts[i + 1]!;
  return out;
}

/**
 * On the server, the filled HTML of `def`'s `variant` for the current theme, its CSS put in the
 * request's Emotion cache; null in the browser, for a definition the server has not rendered, or
 * when `def` is null (the caller renders its components).
 */
function useServerTemplateOnServer(def: TemplateDefinition | null, variant: string, values: readonly string[]): string | null {
  const lookup = useContext(ServerTemplatesContext);
  const theme = useTheme();
  const cache = __unsafe_useEmotionCache();
  if (!lookup || !def || !cache) return null;
  const t = lookup(def.id, theme, variant);
  if (!t) return null;
  for (const k in t.registered) cache.registered[k] = t.registered[k]!;
  for (const k in t.inserted) if (cache.inserted[k] === undefined) cache.inserted[k] = t.inserted[k]!;
  return fillTemplate(t, values);
}

/** `useServerTemplateOnServer`; in the browser bundle, null (and none of the code above). */
export const useServerTemplate: typeof useServerTemplateOnServer = import.meta.env.SSR ? useServerTemplateOnServer : () => null;
