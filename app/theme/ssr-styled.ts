// Emotion's `styled` for the server render, with each styled element's styles serialised once per
// theme and style-relevant props instead of on every render (issue 24, ADR 0021).
//
// This is @emotion/styled's base (v11.14, MIT, https://github.com/emotion-js/emotion/blob/main/packages/styled/src/base.js)
// with one change in the render: the `serializeStyles` call. vite.config.ts puts this module in
// place of Emotion's in the SSR build only; the browser runs Emotion's own. MUI builds every
// component on `styled`, and each render of one called its style functions (the theme's variants,
// `sx`), turned the resulting objects into a CSS string and hashed it: on an uncached product page
// about a tenth of the server's CPU time, for results that depend only on the theme and a handful
// of props (size, colour, variant, disabled, sx...). Here the result is kept in a table per styled
// component and theme, keyed by those props; the CSS, class names and hash are the ones Emotion
// computes (a hit returns what a miss computed), so server and browser agree as before.
//
// What the key leaves out is what no style reads: children (only whether there are any), event
// handlers, refs, inline `style`, and attributes whose values come from data (aria-*, data-*, ids,
// names, titles, links, values). `PLATEN_STYLE_MEMO=verify` (the e2e suite's server) serialises
// every hit again and throws when the two differ, so a style that reads a left-out prop fails a
// journey instead of rendering a wrong class; `PLATEN_STYLE_MEMO=off` is Emotion's behaviour.
import { ThemeContext, withEmotionCache } from "@emotion/react";
import type { EmotionCache } from "@emotion/cache";
import isPropValid from "@emotion/is-prop-valid";
import { serializeStyles, type SerializedStyles } from "@emotion/serialize";
import { getRegisteredStyles, insertStyles, registerStyles } from "@emotion/utils";
import * as React from "react";

type Props = Record<string, unknown>;
type ForwardProp = (key: string) => boolean;
type Interpolation = Parameters<typeof serializeStyles>[0][number];
interface Options {
  label?: string;
  target?: string;
  shouldForwardProp?: ForwardProp;
}
interface StyledTag {
  (props: Props): React.ReactNode;
  __emotion_real?: unknown;
  __emotion_base?: React.ElementType;
  __emotion_styles?: Interpolation[];
  __emotion_forwardProp?: ForwardProp;
  defaultProps?: Props;
  displayName?: string;
  name?: string;
  withComponent?: unknown;
}

const isBrowser = typeof document !== "undefined";
/** PLATEN_STYLE_MEMO, read when a styled component is made (at module load for MUI's). */
const memoMode = () => (isBrowser ? "off" : (typeof process !== "undefined" && process.env.PLATEN_STYLE_MEMO) || "on");
/** Keys kept per styled component and theme (props built from data must not grow a table without end). */
const MAX_KEYS = 500;

/** Props no style function reads: their values come from data, or they are behaviour. */
const UNSTYLED = new Set([
  "theme",
  "children",
  "ref",
  "style",
  "title",
  "href",
  "to",
  "id",
  "name",
  "value",
  "defaultValue",
  "alt",
  "src",
  "srcSet",
  "sizes",
  "htmlFor",
  "placeholder",
  "autoComplete",
  "action",
  "method",
  "encType",
  "rel",
  "target",
  "download",
  "prefetch",
  "discover",
  "state",
  "replace",
  "preventScrollReset",
  "reloadDocument",
  "viewTransition",
  "tabIndex",
  "role",
  "inputRef",
  "inputProps",
  "slotProps",
  "slots",
]);

const TOO_DEEP = "\u0000";

/** A compact, deterministic text of a prop value; TOO_DEEP when it cannot be one (a function in sx). */
function encode(value: unknown, depth: number): string {
  switch (typeof value) {
    case "string":
      // Length-prefixed: no string can pass for two props.
      return `"${value.length}:${value}`;
    case "number":
      return `#${value}`;
    case "boolean":
      return value ? "T" : "F";
    case "undefined":
      return "U";
    case "function":
    case "symbol":
      // Inside a value (an sx with a function, an object of callbacks): only the render can apply it.
      return TOO_DEEP;
    case "bigint":
      return `n${value}`;
  }
  if (value === null) return "N";
  if (depth > 6) return TOO_DEEP;
  if ((value as { $$typeof?: unknown }).$$typeof !== undefined) return "E";
  if (Array.isArray(value)) {
    let out = "[";
    for (const item of value) {
      const e = encode(item, depth + 1);
      if (e === TOO_DEEP) return TOO_DEEP;
      out += `${e},`;
    }
    return `${out}]`;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return TOO_DEEP;
  let out = "{";
  for (const k in value as Props) {
    const e = encode((value as Props)[k], depth + 1);
    if (e === TOO_DEEP) return TOO_DEEP;
    out += `${k}:${e},`;
  }
  return `${out}}`;
}

/**
 * The key of the props a style can read, or null when there is none (an `sx` or a style with a
 * function, which only the render itself can apply).
 */
export function styleKey(props: Props): string | null {
  let out = "";
  // MUI hands a component's state to its styles as `ownerState` (its props and what it derived from
  // them); a prop of the same name beside it is the same value, keyed once, inside ownerState.
  const owner = props.ownerState !== null && typeof props.ownerState === "object" ? (props.ownerState as Props) : null;
  for (const k in props) {
    const v = props[k];
    // An absent prop and an undefined one read the same to a style.
    if (v === undefined || (owner !== null && v === owner[k] && k !== "ownerState")) continue;
    const c = k.charCodeAt(0);
    if ((c === 97 || c === 100) && k.charCodeAt(4) === 45 && (k.startsWith("aria-") || k.startsWith("data-"))) continue;
    if (UNSTYLED.has(k)) {
      if (k === "children") out += v === null || v === false ? "c0;" : "c1;";
      continue;
    }
    switch (typeof v) {
      case "function":
        // An sx function can only be applied by the render; other functions are handlers.
        if (k === "sx") return null;
        continue;
      case "string":
        out += `${k}="${v.length}:${v};`;
        continue;
      case "number":
        out += `${k}=#${v};`;
        continue;
      case "boolean":
        out += v ? `${k}=T;` : `${k}=F;`;
        continue;
    }
    if (k === "ownerState" && v !== null && typeof v === "object") {
      const inner = styleKey(v as Props);
      if (inner === null) return null;
      out += `o{${inner}};`;
      continue;
    }
    const e = encode(v, 0);
    // An sx holding a function, or a value too deep to key: the render's own.
    if (e === TOO_DEEP) return null;
    out += `${k}=${e};`;
  }
  return out;
}

/** The theme across requests: MUI's provider copies it per render, keeping its palette (fixed-styles.tsx). */
function themeIdentity(theme: unknown): object | null {
  if (theme === null || typeof theme !== "object") return null;
  const t = ((theme as { $$material?: object }).$$material ?? theme) as { palette?: object };
  return t.palette ?? null;
}

const testOmitPropsOnStringTag: ForwardProp = isPropValid;
const testOmitPropsOnComponent: ForwardProp = (key) => key !== "theme";

const getDefaultShouldForwardProp = (tag: React.ElementType): ForwardProp =>
  // 96 is one less than the char code for "a": a lowercase first letter is an HTML tag.
  typeof tag === "string" && tag.charCodeAt(0) > 96 ? testOmitPropsOnStringTag : testOmitPropsOnComponent;

function composeShouldForwardProps(tag: StyledTag, options: Options | undefined, isReal: boolean): ForwardProp | undefined {
  let shouldForwardProp: ForwardProp | undefined;
  if (options) {
    const optionsShouldForwardProp = options.shouldForwardProp;
    shouldForwardProp =
      tag.__emotion_forwardProp && optionsShouldForwardProp
        ? (propName) => tag.__emotion_forwardProp!(propName) && optionsShouldForwardProp(propName)
        : optionsShouldForwardProp;
  }
  if (typeof shouldForwardProp !== "function" && isReal) shouldForwardProp = tag.__emotion_forwardProp;
  return shouldForwardProp;
}

/** Emotion's Insertion child on the server (its effect runs at once there): registers the styles and gives the <style> of rules new to this request, else null. */
function serverRules(cache: EmotionCache, serialized: SerializedStyles, isStringTag: boolean): React.ReactElement | null {
  registerStyles(cache, serialized, isStringTag);
  const rules = insertStyles(cache, serialized, isStringTag) as string | undefined;
  if (rules === undefined) return null;
  let serializedNames = serialized.name;
  let next = serialized.next;
  while (next !== undefined) {
    serializedNames += ` ${next.name}`;
    next = next.next;
  }
  return React.createElement("style", {
    "data-emotion": `${cache.key} ${serializedNames}`,
    dangerouslySetInnerHTML: { __html: rules },
    nonce: cache.sheet.nonce,
  });
}

const createStyled = (tag: StyledTag | string, options?: Options): ((...args: unknown[]) => StyledTag) => {
  const t = tag as StyledTag;
  const isReal = typeof tag !== "string" && t.__emotion_real === tag;
  const baseTag = (isReal && t.__emotion_base) || (tag as React.ElementType);
  const identifierName = options?.label;
  const targetClassName = options?.target;
  const shouldForwardProp = composeShouldForwardProps(t, options, isReal);
  const defaultShouldForwardProp = shouldForwardProp || getDefaultShouldForwardProp(baseTag);
  const shouldUseAs = !defaultShouldForwardProp("as");

  return function (...args: unknown[]) {
    const styles: Interpolation[] = isReal && t.__emotion_styles !== undefined ? t.__emotion_styles.slice(0) : [];
    if (identifierName !== undefined) styles.push(`label:${identifierName};`);
    const first = args[0] as { raw?: unknown } | null | undefined;
    if (first == null || first.raw === undefined) {
      styles.push(...(args as Interpolation[]));
    } else {
      const templateStringsArr = args[0] as string[];
      styles.push(templateStringsArr[0]);
      for (let i = 1; i < args.length; i++) styles.push(args[i] as Interpolation, templateStringsArr[i]);
    }

    const mode = memoMode();
    const MEMO = mode !== "off";
    const VERIFY = mode === "verify";
    // Serialised styles per theme, then per key of the props (see the top of this file).
    const tables = new WeakMap<object, Map<string, SerializedStyles>>();

    // `props` without a theme is given `theme` (the context's) for the style functions, as Emotion
    // does; the copy is made only when they run (a miss), the key reads the props as they are.
    function serialize(cache: EmotionCache, classInterpolations: string[], props: Props, theme: unknown): SerializedStyles {
      const run = () => {
        let mergedProps = props;
        if (props.theme == null) {
          mergedProps = {};
          for (const key in props) mergedProps[key] = props[key];
          mergedProps.theme = theme;
        }
        return serializeStyles(styles.concat(classInterpolations), cache.registered, mergedProps);
      };
      if (!MEMO) return run();
      const themeId = themeIdentity(theme);
      const key = themeId && styleKey(props);
      if (!themeId || key === null) return run();
      let table = tables.get(themeId);
      if (!table) {
        table = new Map();
        tables.set(themeId, table);
      }
      const hit = table.get(key);
      if (hit) {
        if (VERIFY) {
          const fresh = run();
          if (fresh.name !== hit.name || fresh.styles !== hit.styles)
            throw new Error(
              `PLATEN_STYLE_MEMO=verify: ${Styled.displayName} was given the styles of other props (key ${key}):\n${hit.styles}\nwhere they are now\n${fresh.styles}`,
            );
        }
        return hit;
      }
      const serialized = run();
      if (table.size < MAX_KEYS) table.set(key, serialized);
      return serialized;
    }

    const Styled = withEmotionCache((props: Props, cache: EmotionCache, ref: unknown) => {
      const FinalTag = (shouldUseAs && (props.as as React.ElementType)) || baseTag;
      let className = "";
      const classInterpolations: string[] = [];
      const theme: unknown = props.theme == null ? React.useContext(ThemeContext) : props.theme;
      if (typeof props.className === "string") {
        className = getRegisteredStyles(cache.registered, classInterpolations, props.className);
      } else if (props.className != null) {
        className = `${String(props.className)} `;
      }

      const serialized = serialize(cache, classInterpolations, props, theme);
      className += `${cache.key}-${serialized.name}`;
      if (targetClassName !== undefined) className += ` ${targetClassName}`;

      const finalShouldForwardProp =
        shouldUseAs && shouldForwardProp === undefined ? getDefaultShouldForwardProp(FinalTag) : defaultShouldForwardProp;
      const newProps: Props = {};
      for (const key in props) {
        if (shouldUseAs && key === "as") continue;
        if (finalShouldForwardProp(key)) newProps[key] = props[key];
      }
      newProps.className = className;
      if (ref) newProps.ref = ref;

      const element = React.createElement(FinalTag, newProps);
      // On the server, what Emotion's Insertion child does, done here: its effect runs at once
      // there, so it only ever drew the <style> of rules new to this request, or nothing. The
      // fragment keeps its two children (the <style> or null, then the element): React derives
      // useId's ids from the shape of the tree, and the browser's styled renders this fragment.
      return React.createElement(React.Fragment, null, serverRules(cache, serialized, typeof FinalTag === "string"), element);
    }) as unknown as StyledTag;

    Styled.displayName =
      identifierName !== undefined
        ? identifierName
        : `Styled(${typeof baseTag === "string" ? baseTag : (baseTag as StyledTag).displayName || (baseTag as StyledTag).name || "Component"})`;
    Styled.defaultProps = typeof tag === "string" ? undefined : t.defaultProps;
    Styled.__emotion_real = Styled;
    Styled.__emotion_base = baseTag;
    Styled.__emotion_styles = styles;
    Styled.__emotion_forwardProp = shouldForwardProp;
    Object.defineProperty(Styled, "toString", {
      value() {
        return `.${targetClassName}`;
      },
    });
    Styled.withComponent = (nextTag: StyledTag | string, nextOptions?: Options) =>
      createStyled(nextTag, { ...options, ...nextOptions, shouldForwardProp: composeShouldForwardProps(Styled, nextOptions, true) })(
        ...styles,
      );
    return Styled;
  };
};

export default createStyled;
