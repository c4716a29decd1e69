import { useLayoutEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

/** True in the browser build that runs Preact (vite.config.ts, ADR 0024); false on the server. */
const PREACT = typeof __PREACT_IN_BROWSER__ !== "undefined" && __PREACT_IN_BROWSER__;

/**
 * The document's `<html>` element. The server (React) renders it; in the browser Preact hydrates
 * into `<html>` itself (`hydrate(tree, document)` takes the document element as the parent, ADR
 * 0024), so there the tree starts at `<head>` and `<body>`, and `<html>`'s attributes stay as the
 * server wrote them.
 */
export function DocumentRoot({ lang, children }: { lang: string; children: ReactNode }) {
  return PREACT ? children : <html lang={lang}>{children}</html>;
}

/** Tells Preact to keep the server's `<head>` as it is: it hydrates, and never rewrites, an element with this. */
const SERVER_HEAD = { __html: "" };

/**
 * The document's `<head>`. React renders it on the server, where it also hoists resource hints
 * (image preloads) into it and Emotion adds the critical styles, so the server's head is not what
 * the component tree says. Preact hydrates elements in tree order and would rebuild such a head,
 * detaching Emotion's insertion point and the stylesheets. In the browser the head is therefore
 * kept as the server sent it, and what changes with the page (the title and the named `<meta>`
 * tags that React Router's `<Meta>` writes) is rendered off the document and copied into it.
 */
export function DocumentHead({ children }: { children: ReactNode }) {
  if (!PREACT) return <head>{children}</head>;
  return (
    <>
      <head dangerouslySetInnerHTML={SERVER_HEAD} />
      <HeadUpdates>{children}</HeadUpdates>
    </>
  );
}

function HeadUpdates({ children }: { children: ReactNode }) {
  const [offDocument] = useState(() => document.createElement("head"));
  useLayoutEffect(() => {
    copyHead(offDocument, document.head);
  });
  return createPortal(children, offDocument);
}

/** The key a named `<meta>` is matched by (name, property or http-equiv), or null for `charset`. */
function metaKey(meta: Element): string | null {
  for (const attribute of ["name", "property", "http-equiv", "itemprop"]) {
    const value = meta.getAttribute(attribute);
    if (value !== null) return `${attribute}=${value}`;
  }
  return null;
}

/** Brings the live head's title and named `<meta>` tags to what the rendered head holds. */
function copyHead(rendered: Element, live: HTMLHeadElement) {
  const title = rendered.querySelector("title")?.textContent;
  if (title != null && live.ownerDocument.title !== title) live.ownerDocument.title = title;
  const wanted = new Map<string, Element>();
  for (const meta of rendered.querySelectorAll("meta")) {
    const key = metaKey(meta);
    if (key) wanted.set(key, meta);
  }
  for (const meta of [...live.querySelectorAll("meta")]) {
    const key = metaKey(meta);
    if (!key) continue;
    const next = wanted.get(key);
    if (!next) meta.remove();
    else {
      if (meta.getAttribute("content") !== next.getAttribute("content")) meta.setAttribute("content", next.getAttribute("content") ?? "");
      wanted.delete(key);
    }
  }
  const anchor = live.querySelector("title");
  for (const meta of wanted.values()) live.insertBefore(meta.cloneNode(true), anchor?.nextSibling ?? null);
}
