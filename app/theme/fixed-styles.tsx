import { __unsafe_useEmotionCache, type SerializedStyles } from "@emotion/react";
import type { EmotionCache } from "@emotion/cache";
import { serializeStyles } from "@emotion/serialize";
import { insertStyles, registerStyles } from "@emotion/utils";
import { useTheme, type Theme } from "@mui/material/styles";
import type { SystemStyleObject } from "@mui/system";
import { createElement, useInsertionEffect, type ComponentPropsWithRef, type ElementType, type ReactElement } from "react";
import { createEmotionCache } from "./emotion-cache.ts";

// Styles worked out once per theme, not once per element per request (issue 24, ADR 0020).
//
// MUI's `styled` and `sx` serialise, hash and compile an element's styles on every render: for a
// product grid that is the same twenty style objects for each of 24 cards, on every request, and it
// was 30-40 % of an uncached page's CPU time. A fixed style is written with the same sx vocabulary
// (theme spacing, palette paths, breakpoints, `&:hover`), depends on the theme only, and is
// serialised and compiled by Emotion once per theme for the life of the process (per page load in
// the browser). Rendering one is a map look-up and a class name. Its CSS reaches the page the way
// MUI's does: the server writes the compiled rules into the request's Emotion cache, and the
// critical-CSS extraction in entry.server.tsx picks the classes that occur in the HTML; in the
// browser it is inserted once, like any Emotion style. Same class-name scheme (`mui-<hash>`), same
// stylis plugins, so the CSS is byte for byte what `sx` would have produced.

// An sx object of the theme (spacing units, palette paths, breakpoints, nested selectors).
type SxStyle = SystemStyleObject<Theme> | Record<string, unknown>;
type StyleFn = (theme: Theme) => SxStyle;

interface Compiled {
  serialized: SerializedStyles;
  className: string;
  /** Compiled rules for the server's critical CSS. */
  rules: string;
}

const isServer = typeof document === "undefined";
let compiler: EmotionCache | null = null;

type Interpolation = Parameters<typeof serializeStyles>[0][number];

/** A component's own CSS (not sx), serialised as it is: how MUI writes a component's root style. */
export class RawCss {
  constructor(readonly css: object) {}
}

function compile(style: (theme: Theme) => SxStyle | (SxStyle | RawCss)[], theme: Theme): Compiled {
  const out = style(theme);
  // Several parts are serialised one after the other, as MUI does a component's root style and its sx.
  const parts = (Array.isArray(out) ? out : [out]).map(
    (part) => (part instanceof RawCss ? part.css : theme.unstable_sx(part as SystemStyleObject<Theme>)) as Interpolation,
  );
  const serialized = serializeStyles(parts);
  compiler ??= Object.assign(createEmotionCache(), { compat: true as const });
  let rules = "";
  if (isServer) {
    insertStyles(compiler, serialized, false);
    const inserted = compiler.inserted[serialized.name];
    rules = typeof inserted === "string" ? inserted : "";
  }
  return { serialized, className: `${compiler.key}-${serialized.name}`, rules };
}

/**
 * What identifies a theme across requests. MUI's ThemeProvider hands its children a shallow copy of
 * the theme it is given, made on each mount: on the server that is a new object per request, so a
 * table keyed by the theme object itself would compile every style again on every request. The copy
 * keeps the theme's own nested objects, and the palette is one of them: one per theme for the life
 * of the process (themes.ts creates each theme once).
 */
export const themeIdentity = (theme: Theme): object => theme.palette;

/** A style of `theme` alone, compiled once per theme. */
export interface FixedStyle {
  (theme: Theme): Compiled;
}

/** Defines a fixed style (an sx object of the theme) at module level. */
export function fixedStyle(style: StyleFn | SxStyle): FixedStyle {
  const fn: StyleFn = typeof style === "function" ? style : () => style;
  const perTheme = new WeakMap<object, Compiled>();
  return (theme: Theme) => {
    let c = perTheme.get(themeIdentity(theme));
    if (!c) {
      c = compile(fn, theme);
      perTheme.set(themeIdentity(theme), c);
    }
    return c;
  };
}

/** At most this many distinct `sx` values are kept per theme (values from data must not grow it without end). */
const MAX_SX = 4000;
const sxCompiled = new WeakMap<object, Map<string, Compiled>>();

function refuseFunctions(_key: string, value: unknown) {
  if (typeof value === "function") throw new TypeError("an sx with a function");
  return value;
}

/**
 * The key of a plain `sx` value (objects, arrays, strings, numbers), or null when it holds a
 * function (\`(theme) => ...\`), which only MUI's runtime can apply.
 */
export function sxKey(sx: unknown): string | null {
  if (sx === undefined || sx === null) return "";
  try {
    return JSON.stringify(sx, refuseFunctions);
  } catch {
    return null;
  }
}

/**
 * The class of a style made of `parts(theme)` (a component's root style, then its sx), compiled once
 * per theme and `key`, or null when the table is full (the caller then lets MUI style it).
 */
export function useMemoClass(key: string, parts: (theme: Theme) => (SxStyle | RawCss)[]): string | null {
  const theme = useTheme();
  const cache = __unsafe_useEmotionCache();
  let table = sxCompiled.get(themeIdentity(theme));
  if (!table) {
    table = new Map();
    sxCompiled.set(themeIdentity(theme), table);
  }
  let c = table.get(key);
  if (!c && table.size < MAX_SX) {
    c = compile(parts, theme);
    table.set(key, c);
  }
  useInsert(cache, c ?? null);
  return c ? c.className : null;
}

function useInsert(cache: EmotionCache | null, c: Compiled | null): void {
  if (isServer && cache && c) {
    // What Emotion's server insertion does for a compat cache, with the rules compiled already.
    cache.registered[c.className] = c.serialized.styles;
    if (cache.inserted[c.serialized.name] === undefined) cache.inserted[c.serialized.name] = c.rules;
  }
  useInsertionEffect(() => {
    if (!cache || !c) return;
    registerStyles(cache, c.serialized, false);
    insertStyles(cache, c.serialized, false);
  }, [cache, c]);
}

/** The class names of fixed styles for the current theme, their CSS inserted once. */
export function useFixedClass(...styles: (FixedStyle | false | null | undefined)[]): string {
  const theme = useTheme();
  const cache = __unsafe_useEmotionCache();
  let names = "";
  for (const s of styles) {
    if (!s) continue;
    const c = s(theme);
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the list of styles is fixed per call site
    useInsert(cache, c);
    names = names ? `${names} ${c.className}` : c.className;
  }
  return names;
}

type FixedProps<T extends ElementType> = Omit<ComponentPropsWithRef<T>, "as"> & {
  /** Render as another element or component (a router Link), like MUI's `component`; its props pass through. */
  as?: ElementType;
  [prop: string]: unknown;
};

/**
 * An element with a fixed style (and optional fixed class names such as MUI's `MuiCard-root`, kept
 * so that the page's CSS and DOM read as before). `as` renders another element or component.
 */
export function fixed<T extends keyof React.JSX.IntrinsicElements>(
  tag: T,
  style: StyleFn | SxStyle,
  staticClassName = "",
): (props: FixedProps<T>) => ReactElement {
  const def = fixedStyle(style);
  // React 19: `ref` is an ordinary prop of a function component and passes through with the rest.
  function Fixed(props: { as?: ElementType; className?: string; [prop: string]: unknown }) {
    const { as, className, ...rest } = props;
    const cls = useFixedClass(def);
    const all = staticClassName
      ? className
        ? `${staticClassName} ${cls} ${className}`
        : `${staticClassName} ${cls}`
      : className
        ? `${cls} ${className}`
        : cls;
    return createElement(as ?? tag, { ...rest, className: all });
  }
  Fixed.displayName = `fixed(${tag})`;
  return Fixed as unknown as (props: FixedProps<T>) => ReactElement;
}
