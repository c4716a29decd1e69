import { NavLink as RouterNavLink, Link as RouterLink, useLocation, type LinkProps, type NavLinkProps } from "react-router";
import { createElement } from "react";

// React Router's Link, drawn by the server without its hooks (issue 24). On the server a Link is
// an <a> with an href and `data-discover`; React Router's own works that out with a dozen hooks
// per link (resolving the path against the route matches, prefetch state, a click handler and a
// navigate function that the server never calls), a few percent of an uncached product grid with
// two links per card. For a plain absolute path (what Platen's links are), the server writes the
// same element itself; anything else (relative paths, masks, prefetch on render, reloadDocument)
// and every render in the browser is React Router's Link, so hydration and navigation are theirs.

/** Props that are React Router's, not the anchor's. */
const ROUTER_PROPS = new Set([
  "to",
  "onClick",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "target",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
  "ref",
]);

/** An absolute path without `.` or `..` segments: React Router's href for it is the path itself. */
export function isPlainPath(to: unknown): to is string {
  if (typeof to !== "string" || to.charCodeAt(0) !== 47 /* / */ || to.charCodeAt(1) === 47) return false;
  const end = to.search(/[?#]/);
  const pathname = end < 0 ? to : to.slice(0, end);
  if (/(^|\/)\.\.?(\/|$)/.test(pathname)) return false;
  // React Router writes an empty "?" or "#" as nothing.
  return !(to.endsWith("?") || to.endsWith("#") || to.includes("?#"));
}

function serverSimple(props: Record<string, unknown>): boolean {
  return (
    isPlainPath(props.to) &&
    props.mask === undefined &&
    props.relative === undefined &&
    (props.discover === undefined || props.discover === "render") &&
    (props.prefetch === undefined || props.prefetch === "none" || props.prefetch === "intent" || props.prefetch === "viewport")
  );
}

function ServerLink(props: LinkProps & React.RefAttributes<HTMLAnchorElement>) {
  const all = props as LinkProps & Record<string, unknown>;
  if (!serverSimple(all)) return createElement(RouterLink, props);
  const anchor: Record<string, unknown> = {};
  for (const key in all) if (!ROUTER_PROPS.has(key)) anchor[key] = all[key];
  // In React Router's order: the anchor's own props, then href, target, data-discover.
  anchor.href = all.to;
  if (all.target !== undefined) anchor.target = all.target;
  anchor["data-discover"] = "true";
  return createElement("a", anchor);
}

/** React Router's Link; the server's draws plain links itself. The browser bundle has React Router's alone. */
export const Link: typeof RouterLink = import.meta.env.SSR ? (ServerLink as typeof RouterLink) : RouterLink;

// NavLink likewise: React Router's works out whether the link is the current page (and whether a
// navigation or a view transition is under way, which on the server none is) with its own hooks, then
// renders its Link. For a plain path without a query, hash or characters a URL would encode, the
// server compares it with the location itself, as React Router does, and draws the link above.

/** A path React Router's static navigator encodes as it is (no query, hash, spaces or other escapes). */
const NAV_PLAIN = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;

function ServerNavLink(props: NavLinkProps & React.RefAttributes<HTMLAnchorElement>) {
  const location = useLocation();
  const { to } = props;
  const all = props as NavLinkProps & Record<string, unknown>;
  if (typeof to !== "string" || !NAV_PLAIN.test(to) || !serverSimple(all) || props.viewTransition === true)
    return createElement(RouterNavLink, props);
  const {
    "aria-current": ariaCurrentProp = "page",
    caseSensitive = false,
    className: classNameProp = "",
    end = false,
    style: styleProp,
    children,
    ...rest
  } = props;
  let toPathname = to;
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlashPosition = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === "/");
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === "function"
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  const style = typeof styleProp === "function" ? styleProp(renderProps) : styleProp;
  return createElement(
    ServerLink,
    { ...rest, "aria-current": isActive ? ariaCurrentProp : undefined, className, style, to } as LinkProps,
    typeof children === "function" ? children(renderProps) : children,
  );
}

/** React Router's NavLink; the server draws plain ones itself. The browser bundle has React Router's alone. */
export const NavLink: typeof RouterNavLink = import.meta.env.SSR ? (ServerNavLink as typeof RouterNavLink) : RouterNavLink;
