// The page's JavaScript is requested after its first paint (ADR 0027).
//
// React Router writes a `<link rel="modulepreload">` for the entry and every module of the matched
// routes (about 20 on a storefront page) and one inline module script that imports the route modules
// and then the entry, which hydrates the page. The browser's preload scanner requests all of them at
// once, at High priority, while the document is still being parsed: on a slow connection they share
// the bandwidth with the images of the first screen, and Lighthouse's simulation counts the ones that
// finished before its observed first paint as render-blocking. They block nothing: the page is
// server-rendered, styled by its inline critical CSS, and its links and forms work before any script
// runs (ADR 0001).
//
// So the document carries them inert: the preloads' addresses in a small classic script, the module
// script with a type the browser does not run. That script waits until the browser reports the first
// paint (a PerformanceObserver of paint timing; where there is none, an animation frame and a task), or
// at the latest LATEST_MS, then adds the preloads and the module script as React Router wrote them,
// with the page's CSP nonce. Client-side navigations are untouched.

/** React's rendering of React Router's preloads (with or without the CSP nonce). */
const PRELOAD = /<link rel="modulepreload" href="([^"<>]+)"(?: nonce="[^"<>]*")?\/>/g;
/** The opening tag of React Router's inline module script (`<Scripts>`). */
const MODULE_SCRIPT = /<script( nonce="[^"<>]*")? type="module" async="">/;
/** The inert module script's type and id, read back by the loader. */
export const DEFERRED_TYPE = "text/x-platen-deferred-module";
export const DEFERRED_ID = "platen-hydrate";
/** A hidden tab paints no frame: the scripts load after this long at the latest. */
const LATEST_MS = 1000;

/** The classic script that adds the preloads and the module script after the first paint. */
function loader(hrefs: readonly string[]): string {
  // JSON of plain asset paths: no `<` in it (the addresses come from the build's manifest).
  return (
    `(function(s,h){var d=document,done=0;function go(){if(done)return;done=1;` +
    `h.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});` +
    `var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=d.getElementById(${JSON.stringify(DEFERRED_ID)}).textContent;d.body.appendChild(m)}` +
    // The browser reports the first paint once it is on screen; one without paint timing waits for a frame and a task.
    `var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)new P(function(l,o){o.disconnect();go()}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${LATEST_MS})})(document.currentScript,${JSON.stringify(hrefs)})`
  );
}

/**
 * The document with React Router's module preloads and hydration script deferred until after the
 * first paint; the document unchanged when it has no such script (an error page without scripts,
 * or a React Router whose markup has changed: the API tests check that a page is deferred).
 * `html` is the document read as latin1 (one character a byte): the tags it looks for are ASCII.
 */
export function deferModuleScripts(html: string): string {
  const open = MODULE_SCRIPT.exec(html);
  if (!open) return html;
  const close = html.indexOf("</script>", open.index + open[0].length);
  if (close < 0 || !html.slice(open.index, close).includes("__reactRouterRouteModules")) return html;
  const nonce = open[1] ?? "";
  const before = html.slice(0, open.index);
  const hrefs: string[] = [];
  const head = before.replace(PRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  const end = close + "</script>".length;
  return (
    head +
    `<script${nonce} type="${DEFERRED_TYPE}" id="${DEFERRED_ID}">` +
    html.slice(open.index + open[0].length, end) +
    `<script${nonce}>${loader(hrefs)}</script>` +
    html.slice(end)
  );
}
