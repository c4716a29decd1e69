import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import ButtonBase from "@mui/material/ButtonBase";
import { ThemeProvider } from "@mui/material/styles";
import { createElement as h, forwardRef, useId, type ElementType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
// MUI's own root element (not exported by the package's entry), the one the SSR build passes.
import * as muiButtonBase from "../../node_modules/@mui/material/ButtonBase/ButtonBase.mjs";
import { createEmotionCache } from "./emotion-cache.ts";
import { ServerButtonBase as serverButtonBase } from "./ssr-button-base.ts";
import { getTheme } from "./themes.ts";

const { ButtonBaseRoot } = muiButtonBase as unknown as { ButtonBaseRoot: ElementType };
const ServerButtonBase = forwardRef((props: Record<string, unknown>, ref) =>
  serverButtonBase(props, ref, ButtonBaseRoot),
) as unknown as ElementType;

function render(node: ReactNode, name: "myPurpleTheme" | "myDarkTheme" | "myNeutralTheme") {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const html = renderToString(h(CacheProvider, { value: cache }, h(ThemeProvider, { theme: getTheme(name) }, node)));
  return { html, css: server.extractCritical(html).css };
}

const RouterLinkLike = forwardRef((props: { to: string; children?: ReactNode }, ref) =>
  h("a", { ...props, href: props.to, ref: ref as never }),
);
const handler = () => undefined;

// The props MUI's Button, IconButton, Tab, ListItemButton, Chip and pagination pass, and Platen's routes.
const cases: Record<string, unknown>[] = [
  {},
  { children: "Add to cart", className: "MuiButton-root", focusVisibleClassName: "Mui-focusVisible", onClick: handler },
  { children: "Pay", type: "submit", name: "intent", value: "pay" },
  { children: "Off", disabled: true },
  { children: "Off link", disabled: true, href: "/shop" },
  { children: "Link", href: "/shop/products/t-shirts", "aria-label": "T-shirts", "data-testid": "x" },
  { children: "Router link", component: RouterLinkLike, to: "/account", nativeButton: false },
  { children: "Span", component: "span", tabIndex: -1 },
  { children: "Div disabled", component: "div", disabled: true, role: "tab", "aria-selected": true },
  { children: "Form action", formAction: "/cart", type: undefined },
  { children: "Classes", classes: { root: "extra-root", disabled: "extra-disabled" }, disabled: true },
  { children: "Ripples", centerRipple: true, focusRipple: true, disableRipple: true, disableTouchRipple: true, tabIndex: 3 },
  { children: "Custom", component: forwardRef((p: object, ref) => h("label", { ...p, ref: ref as never })), internalNativeButton: false },
  { children: h("span", { className: "inner" }, "Nested"), LinkComponent: "a", href: "/x", type: "button" },
];

describe("ButtonBase on the server without its hooks (issue 24)", () => {
  it("renders the HTML and CSS of MUI's ButtonBase for each kind of use, in each theme", () => {
    for (const name of ["myPurpleTheme", "myDarkTheme", "myNeutralTheme"] as const)
      for (const props of cases) {
        const ours = render(h(ServerButtonBase, props), name);
        expect(ours).toEqual(render(h(ButtonBase, props), name));
        expect(ours.html).toMatch(/MuiButtonBase-root/);
      }
  });

  it("keeps the ids React gives the elements below and beside it", () => {
    const withIds = (Base: ElementType) => {
      function Labelled() {
        return h("span", { id: useId() }, "label");
      }
      return h("div", null, h(Base, null, h(Labelled)), h(Labelled), h(Base, { href: "/a" }, h(Labelled)));
    };
    expect(render(withIds(ServerButtonBase), "myPurpleTheme").html).toBe(render(withIds(ButtonBase), "myPurpleTheme").html);
  });
});
