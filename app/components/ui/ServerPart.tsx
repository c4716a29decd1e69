import { createElement, useLayoutEffect, useRef, useState, type ElementType, type MouseEvent, type ReactNode } from "react";
import { useNavigate, type NavigateFunction } from "react-router";
import { useThemeChoice } from "#app/theme/ThemeProvider.tsx";

// True in the browser until the page's first render has hydrated (the root's effect calls `pageHydrated`).
let hydrating = typeof document !== "undefined";

/** Called by the root once the page has hydrated: a part that mounts after it renders as usual. */
export function pageHydrated() {
  hydrating = false;
}

const EMPTY = { __html: "" };

export interface ServerPartProps {
  /** The element or component that holds the part (default a `div`); the other props are its own. */
  of?: ElementType;
  /**
   * What the part's content is made of (serialised to JSON in the browser): while it stays the
   * same, the server's HTML stays; a change (a revalidation with other data) renders the part.
   */
  version?: unknown;
  children?: ReactNode;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** The holding element must pass a `ref` to its DOM element (elements, MUI components and `fixed` ones do). */
  [prop: string]: unknown;
}

/**
 * A part of the page that needs no JavaScript of its own (text, images, router links), ADR 0025.
 * While the page hydrates, the browser keeps the server's HTML of the part as it is: React hydrates
 * the holding element with `dangerouslySetInnerHTML`, so it neither renders nor styles what is
 * inside. A click on a router link inside is still a client-side navigation. A part that mounts
 * after hydration (a client-side navigation), or whose `version` or theme changes, renders as
 * usual (with the focus put back where it was, for a keyboard user). Nothing inside may need state,
 * effects or handlers: the holding element's own props (a form's submit handler) are React's, a form
 * inside works as it does before the JavaScript loads. The server renders the element and its
 * children, nothing more.
 */
export const ServerPart: (props: ServerPartProps) => ReactNode = import.meta.env.SSR ? ServerPartOnServer : ServerPartInBrowser;

function ServerPartOnServer({ of, version: _version, children, ...props }: ServerPartProps) {
  return createElement(of ?? "div", props, children);
}

function ServerPartInBrowser({ of, version, children, onClick, ...props }: ServerPartProps) {
  const tag: ElementType = of ?? "div";
  const current = `${useThemeChoice().name}\u0000${JSON.stringify(version ?? null)}`;
  const [kept, setKept] = useState<string | null>(() => (hydrating ? current : null));
  const navigate = useNavigate();
  const element = useRef<HTMLElement>(null);
  const live = useRef<HTMLElement>(null);
  const focusPath = useRef<number[] | null>(null);
  const keep = kept === current;
  // Once rendered, rendered for good: the server's HTML is gone, a later version equal to the first must not bring the empty element back.
  if (kept !== null && !keep) setKept(null);
  // The kept element is about to be replaced by the rendered one: if the focus is inside it (a
  // keyboard user pressed its button), remember where, to put it back in the new element.
  if (!keep && element.current?.isConnected) focusPath.current = pathTo(element.current, document.activeElement);
  useLayoutEffect(() => {
    // No server HTML to keep: React rendered the page afresh (after an error while hydrating it
    // falls back to a client render). Render the content, before the browser paints.
    if (keep && element.current && !element.current.hasChildNodes()) setKept(null);
  }, [keep]);
  useLayoutEffect(() => {
    // Every commit until it takes (a button that is disabled while its form is sent takes it once enabled),
    // unless the focus has gone elsewhere meanwhile.
    const path = focusPath.current;
    if (!path || keep || !live.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && !live.current.contains(active)) {
      focusPath.current = null;
      return;
    }
    const target = path.reduce<Element | undefined>((el, i) => el?.children[i], live.current);
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
    if (document.activeElement === target) focusPath.current = null;
  });
  if (keep) {
    return createElement(tag, {
      ...props,
      ref: element,
      key: "server",
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: EMPTY,
      onClick: (event: MouseEvent<HTMLElement>) => {
        onClick?.(event);
        followRouterLink(event, navigate);
      },
    });
  }
  return createElement(tag, { ...props, ref: live, key: "live", onClick }, children);
}

/** The child indexes from `root` down to `el`, or null when `el` is not inside `root`. */
function pathTo(root: Element, el: Element | null): number[] | null {
  if (!el || el === root || !root.contains(el)) return null;
  const path: number[] = [];
  for (let node: Element = el; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

/** What React Router's `Link` does on a click, for the router links in kept server HTML (`data-discover` marks them). */
function followRouterLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element | null)?.closest?.("a[href][data-discover]") as HTMLAnchorElement | null;
  if (!anchor || !event.currentTarget.contains(anchor)) return;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(url.pathname + url.search + url.hash);
}
