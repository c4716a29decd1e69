// Loads React's API first: in the browser build that is preact/compat (ADR 0024), whose hooks must
// be installed before the ones below, so that the ones below run before them.
import "react";
import { options, toChildArray, type ComponentChildren, type VNode } from "preact";

type Props = Record<string, unknown>;

/**
 * Where Preact's compatibility layer differs from React in a way Platen's pages meet, the browser
 * entry puts React's behaviour back before hydrating (ADR 0024). Each is held by a journey.
 *
 * - An uncontrolled field: React treats `value={undefined}` beside `defaultValue` as a field the
 *   browser owns. preact/compat turns `defaultValue` into a `value` set on every render, which
 *   wipes what was typed as soon as the field renders again (MUI's inputs do on focus and blur).
 *   Dropping the empty `value` leaves `defaultValue`, which sets only the field's initial value.
 * - An uncontrolled `<select>`: React selects the `defaultValue`'s option wherever it is, in an
 *   `<optgroup>` too; preact/compat only looks at the select's direct children. The options are
 *   marked here, once, as React does.
 * - `autoFocus`: React focuses such an element when it is mounted (a dialog's search field);
 *   Preact only writes the attribute, which the browser honours only while the page loads.
 */
export function restoreReactBehaviour() {
  const nextVNode = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as Props | null;
    if (typeof vnode.type === "string" && props && "defaultValue" in props && props.value == null) {
      if ("value" in props) delete props.value;
      if (vnode.type === "select" && props.defaultValue != null) {
        const wanted = new Set([props.defaultValue].flat().map(String));
        delete props.defaultValue;
        markSelected(props.children as ComponentChildren, wanted);
      }
    }
    nextVNode?.(vnode);
  };

  const nextDiffed = options.diffed;
  options.diffed = (vnode: VNode) => {
    const props = vnode.props as Props | null;
    if (typeof vnode.type === "string" && props && (props.autoFocus || props.autofocus)) {
      // Preact keeps a vnode's element as `__e` (its `_dom`, named so in every Preact 10 and 11 build).
      const element = (vnode as unknown as { __e?: unknown }).__e;
      if (element instanceof HTMLElement && !seen.has(element)) {
        seen.add(element);
        if (!hydrating) {
          // After this render has put the element in the document, before effects run (as React).
          if (toFocus.length === 0) queueMicrotask(focusMounted);
          toFocus.push(element);
        }
      }
    }
    nextDiffed?.(vnode);
  };
}

/** Hydration is over: an element with `autoFocus` that mounts from now on takes the focus. */
export function hydrationDone() {
  hydrating = false;
}

let hydrating = true;
const seen = new WeakSet<Element>();
let toFocus: HTMLElement[] = [];
function focusMounted() {
  const elements = toFocus;
  toFocus = [];
  const last = elements.filter((element) => element.isConnected).at(-1);
  last?.focus();
}

function markSelected(children: ComponentChildren, wanted: Set<string>) {
  for (const child of toChildArray(children)) {
    if (typeof child !== "object" || child === null) continue;
    const props = child.props as Props;
    if (child.type === "optgroup") markSelected(props.children as ComponentChildren, wanted);
    else if (child.type === "option") {
      const value = props.value ?? toChildArray(props.children as ComponentChildren).join("");
      props.selected = wanted.has(String(value));
    }
  }
}
