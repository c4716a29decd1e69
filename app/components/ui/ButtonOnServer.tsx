import MuiButton, { type ButtonProps } from "@mui/material/Button";
import { createElement, type ElementType } from "react";
import { escapeHtml, useServerTemplate, type TemplateDefinition } from "#app/theme/server-templates.ts";

// The server build's MUI Button (vite.config.ts resolves `@mui/material/Button` to this module for
// Platen's own modules in the SSR build; the browser bundle is MUI's Button alone): a plain button
// (a label of text; a native button of a type, or a link) drawn from a template (app/theme/
// server-templates.ts). MUI's Button renders four components per button (Button, its styled root,
// ButtonBase, ButtonBase's styled root), two of them through Emotion's styled runtime, and a print
// shop's orders or shipments page has 50 to 90 of them. Here MUI renders each kind of button once
// per theme (its variant, colour, size, width, state and element: on demand, after the request
// that first asks), and a use puts its label and its own attributes on the template's element. In
// the browser it is MUI's Button, which finds exactly that DOM to hydrate. A button that does more
// (an icon, loading, sx, classes, another component, its own tabIndex...) is MUI's own everywhere.

/** Props that make a button more than a label on a native button or a link: MUI draws those. */
const ACTIVE = [
  "startIcon",
  "endIcon",
  "loading",
  "loadingIndicator",
  "loadingPosition",
  "sx",
  "classes",
  "slots",
  "slotProps",
  "LinkComponent",
  "focusVisibleClassName",
  "tabIndex",
  "to",
  "formAction",
  "role",
  "centerRipple",
  "disableRipple",
  "disableTouchRipple",
  "action",
  "touchRippleRef",
  "TouchRippleProps",
  "nativeButton",
  "focusableWhenDisabled",
  "ref",
] as const;

/** What decides a button's element, classes and fixed attributes (the rest are the use's). */
const KEYED = ["variant", "color", "size", "fullWidth", "disabled", "disableElevation"] as const;

type Kind = "button" | "submit" | "reset" | "a";

export const buttonTemplate: TemplateDefinition = {
  id: "button",
  // Rendered on demand (a key per combination of KEYED values and the element).
  variants: [],
  render(variant, slot) {
    const { kind, props } = JSON.parse(variant) as { kind: Kind; props: Record<string, unknown> };
    const element = kind === "a" ? { component: "a", href: "#" } : { type: kind };
    return createElement(MuiButton as ElementType, { ...props, ...element }, slot(0));
  },
};

/** The template's root: its element, MUI's classes, Emotion's class, the attributes ButtonBase adds, the label. */
// (Outside production builds, Emotion's class carries labels: `mui-<hash>-MuiButtonBase-root-...`.)
const SHAPE = /^<(button|a) class="([^"]*) (mui-[a-z0-9]+(?:-Mui[A-Za-z]+-[A-Za-z]+)*)"((?: [a-z-]+="[^"]*")*)>([^<]*)<\/\1>$/;
/** ButtonBase's attributes, as React props; any other attribute on the template's root: MUI draws it. */
const FIXED: Record<string, string> = {
  tabindex: "tabIndex",
  type: "type",
  disabled: "disabled",
  role: "role",
  "aria-disabled": "aria-disabled",
};

type Props = ButtonProps & { [prop: string]: unknown };

/**
 * The HTML React's server renderer writes for a label of text: strings and numbers, or arrays of
 * them (JSX such as `{area} print file ({w}×{h} px)`), where React writes each text escaped and a
 * `<!-- -->` between two texts so that the browser's hydration finds each text node; empty strings,
 * null and booleans write nothing. Null when the label holds anything else (an element).
 */
function labelHtml(children: unknown): string | null {
  let html = "";
  let afterText = false;
  const walk = (node: unknown): boolean => {
    if (node === null || node === undefined || typeof node === "boolean") return true;
    if (typeof node === "string" || typeof node === "number") {
      const text = String(node);
      if (text === "") return true;
      if (afterText) html += "<!-- -->";
      html += escapeHtml(text);
      afterText = true;
      return true;
    }
    if (Array.isArray(node)) return node.every(walk);
    return false;
  };
  return walk(children) ? html : null;
}

/** A template's root read once: MUI's classes, Emotion's class and ButtonBase's attributes as props (null: MUI draws it). */
type Root = { classes: string; style: string; attributes: Record<string, unknown> } | null;
const roots = new Map<string, Root>();
/** At most this many distinct roots are kept (as many as the templates rendered on demand, at most). */
const MAX_ROOTS = 3000;

function rootOf(html: string): Root {
  let root = roots.get(html);
  if (root !== undefined) return root;
  const shape = SHAPE.exec(html);
  root = null;
  if (shape && shape[5] === "") {
    const attributes: Record<string, unknown> = {};
    let known = true;
    for (const [, name, value] of shape[4]!.matchAll(/ ([a-z-]+)="([^"]*)"/g)) {
      if (name === "href") continue;
      const prop = FIXED[name!];
      if (!prop) known = false;
      else attributes[prop] = prop === "disabled" ? true : value;
    }
    if (known) root = { classes: shape[2]!, style: shape[3]!, attributes };
  }
  if (roots.size < MAX_ROOTS) roots.set(html, root);
  return root;
}

function Button(props: Props) {
  // `href` stays among the use's attributes, where MUI writes it.
  const { children, className, component, type, id, disableFocusRipple: _focusRipple, ...rest } = props;
  const href = props.href;
  // A link component of the app's (React Router's Link or NavLink, `to`): the template's classes
  // are a link's, and the component renders the element from the props ButtonBase gives a link.
  const routed = (typeof component === "function" || (typeof component === "object" && component !== null)) && props.to !== undefined;
  const kind: Kind | null = routed
    ? type === undefined
      ? "a"
      : null
    : component === "a" || (component === undefined && typeof href === "string")
      ? typeof href === "string" && type === undefined
        ? "a"
        : null
      : component === undefined || component === "button"
        ? type === undefined || type === "button"
          ? "button"
          : type === "submit" || type === "reset"
            ? type
            : null
        : null;
  const label = kind === null ? null : labelHtml(children);
  const plain =
    kind !== null &&
    label !== null &&
    (className === undefined || (typeof className === "string" && !className.includes("mui-"))) &&
    KEYED.every((k) => props[k] === undefined || typeof props[k] === "string" || typeof props[k] === "boolean") &&
    !ACTIVE.some((p) => props[p] !== undefined && !(routed && p === "to"));
  const keyed: Record<string, unknown> = {};
  if (plain) for (const k of KEYED) if (props[k] !== undefined) keyed[k] = props[k];
  const html = useServerTemplate(plain ? buttonTemplate : null, JSON.stringify({ kind, props: keyed }), []);
  const root = html === null ? null : rootOf(html);
  if (!root) return createElement(MuiButton as ElementType, props);
  for (const k of KEYED) delete rest[k];
  const classes = className ? `${root.classes} ${className} ${root.style}` : `${root.classes} ${root.style}`;
  if (routed)
    // What ButtonBase hands its link component (its link props, the id, the use's props); the
    // component writes the element (and orders its attributes) as it does under MUI's Button.
    return createElement(component as ElementType, {
      className: classes,
      tabIndex: props.disabled ? -1 : 0,
      ...(props.disabled ? { "aria-disabled": true } : {}),
      type: undefined,
      id,
      ...rest,
      children,
    });
  // MUI's order: class, ButtonBase's attributes, the id, then the use's attributes (a link's href among them).
  return createElement(kind === "a" ? "a" : "button", {
    className: classes,
    ...root.attributes,
    id,
    ...rest,
    dangerouslySetInnerHTML: { __html: label },
  });
}

/** Typed as MUI's Button (its `component` prop and the props that follow from it). */
export default Button as unknown as typeof MuiButton;
