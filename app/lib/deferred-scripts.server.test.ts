import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { DEFERRED_ID, DEFERRED_TYPE, deferModuleScripts } from "./deferred-scripts.server.ts";

// The shape React 19 renders React Router's <Links>/<Scripts> in (checked against a built page by
// tests/e2e/deferred-scripts.api.spec.ts).
const MODULE_BODY = `;
import * as route0 from "/assets/root-1.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-1.js"}};
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-1.js");`;
const page = (nonce: string) => {
  const n = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
    `<link rel="modulepreload" href="/assets/entry.client-1.js"${n}/><link rel="modulepreload" href="/assets/root-1.js"${n}/>` +
    `<link rel="icon" href="/favicon.svg"/></head><body><main>Hello</main>` +
    `<script${n}>window.__reactRouterContext = {};</script>` +
    `<script${n} type="module" async="">${MODULE_BODY}</script>` +
    `<script${n}>window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>`
  );
};

describe("deferModuleScripts", () => {
  it("takes the preloads out, makes the module script inert and adds the loader after it, with the nonce", () => {
    const out = deferModuleScripts(page("abc=="));
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain(' type="module"');
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/></head>');
    expect(out).toContain(
      `<script nonce="abc==" type="${DEFERRED_TYPE}" id="${DEFERRED_ID}">${MODULE_BODY}</script><script nonce="abc==">(function(s,h)`,
    );
    expect(out).toContain(`(document.currentScript,["/assets/entry.client-1.js","/assets/root-1.js"])</script>`);
    // What follows the module script is untouched.
    expect(out.endsWith(`<script nonce="abc==">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>`)).toBe(
      true,
    );
  });

  it("works without a nonce", () => {
    const out = deferModuleScripts(page(""));
    expect(out).toContain(`<script type="${DEFERRED_TYPE}" id="${DEFERRED_ID}">`);
    expect(out).toContain("<script>(function(s,h)");
  });

  it("leaves a document without React Router's module script as it is", () => {
    const plain = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body><script type="module" async="">import("/a.js")</script></body></html>`;
    expect(deferModuleScripts(plain)).toBe(plain);
    expect(deferModuleScripts("<p>Not found</p>")).toBe("<p>Not found</p>");
  });

  /** Runs the loader against a stand-in document; `paintTiming` says whether the browser reports paints. */
  function runLoader(paintTiming: boolean) {
    const out = deferModuleScripts(page("abc=="));
    const loader = /<script nonce="abc==">(\(function\(s,h\)[^<]*)<\/script>/.exec(out)![1]!;
    type El = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string };
    const added: El[] = [];
    const frames: (() => void)[] = [];
    const timers: [() => void, number][] = [];
    const observers: { callback: (list: unknown, o: { disconnect(): void }) => void; options?: unknown; disconnected: boolean }[] = [];
    class PerformanceObserver {
      static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
      entry: (typeof observers)[number];
      constructor(callback: (typeof observers)[number]["callback"]) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe(options: unknown) {
        this.entry.options = options;
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const document = {
      currentScript: { nonce: "abc==" },
      createElement: (tag: string) => ({ tag }) as El,
      getElementById: (id: string) => (id === DEFERRED_ID ? { textContent: MODULE_BODY } : null),
      head: { appendChild: (el: El) => added.push(el) },
      body: { appendChild: (el: El) => added.push(el) },
    };
    const window = { PerformanceObserver };
    runInNewContext(loader, {
      window,
      document,
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: () => void, ms: number) => timers.push([fn, ms]),
    });
    return { added, frames, timers, observers };
  }
  const loaded = [
    { tag: "link", rel: "modulepreload", href: "/assets/entry.client-1.js" },
    { tag: "link", rel: "modulepreload", href: "/assets/root-1.js" },
    { tag: "script", type: "module", nonce: "abc==", textContent: MODULE_BODY },
  ];

  it("the loader adds the preloads and the module script once the browser reports the first paint", () => {
    const { added, frames, timers, observers } = runLoader(true);
    // Nothing is requested while the document is parsed and painted.
    expect(added).toEqual([]);
    expect(frames).toEqual([]);
    expect(observers.map((o) => o.options)).toEqual([{ type: "paint", buffered: true }]);
    const entry = observers[0]!;
    entry.callback({}, { disconnect: () => (entry.disconnected = true) });
    expect(entry.disconnected).toBe(true);
    expect(added).toEqual(loaded);
    // The fallback timer (a hidden tab paints nothing) finds the work done.
    expect(timers.map(([, ms]) => ms)).toEqual([1000]);
    timers.pop()![0]();
    expect(added).toHaveLength(3);
  });

  it("without paint timing, the loader waits for a frame and a task, or at the latest a second", () => {
    const { added, frames, timers, observers } = runLoader(false);
    expect(observers).toEqual([]);
    expect(added).toEqual([]);
    expect(timers.map(([, ms]) => ms)).toEqual([1000]);
    frames.shift()!();
    expect(timers.map(([, ms]) => ms)).toEqual([1000, 0]);
    timers.pop()![0]();
    expect(added).toEqual(loaded);
    timers.pop()![0]();
    expect(added).toHaveLength(3);
  });

  it("a hidden tab (no frame, no paint) loads the scripts after a second", () => {
    const { added, timers } = runLoader(true);
    timers.pop()![0]();
    expect(added).toEqual(loaded);
  });
});
