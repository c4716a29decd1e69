import MuiButton from "@mui/material/Button";
import { createElement as h, type ElementType, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { TemplateLookup } from "#app/theme/server-templates.ts";
import { renderServerTemplates } from "#app/theme/server-templates.server.tsx";
import { THEME_NAMES } from "#app/theme/themes.ts";
import { renderWithTemplates } from "#tests/support/styled-render.ts";
import Button, { buttonTemplate } from "./ButtonOnServer.tsx";

const render = renderWithTemplates;

const B = Button as ElementType;
const nextTask = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A router link as Platen's (app/components/ui/Link.tsx on the server) writes it: its own order of
 * attributes, `to` as the address, what it does not write (type, disabled) left out.
 */
function RouterLink({ to, className, type: _type, disabled: _disabled, children, ...rest }: Record<string, unknown>) {
  return h("a", { ...rest, className, href: to, "data-discover": "true" }, children as ReactNode);
}

/** Buttons as Platen's pages write them: forms' submits, downloads, links, states. */
const cases: Record<string, unknown>[] = [
  { children: "Shop", component: RouterLink, to: "/shop", color: "inherit", size: "small", "data-testid": "header-shop-link" },
  { children: ["Show all ", 3], component: RouterLink, to: "/x?y=1", variant: "outlined", disabled: true, id: "r1", className: "mine" },
  { children: "Find", type: "submit", variant: "outlined" },
  { children: `Tom & "Jerry" <3's`, variant: "contained", color: "secondary", size: "small", name: "intent", value: "accept" },
  { children: "Reject", type: "submit", color: "error", variant: "text", size: "large", form: "f1", "data-testid": "reject" },
  { children: "Cancel", type: "reset", disabled: true },
  { children: 42, variant: "contained", fullWidth: true, disableElevation: false, id: "b1", className: "mine" },
  {
    children: "Download the front",
    size: "small",
    variant: "outlined",
    component: "a",
    href: "/fulfillment/@print-works/x?y=1&z=2",
    download: true,
    "data-testid": "print-file",
    "aria-label": "Download the front print file",
  },
  { children: "Label (PDF)", href: "/label.pdf", target: "_blank", rel: "noopener", variant: "contained", color: "success" },
  { children: "Gone", component: "a", href: "/gone", disabled: true, variant: "outlined", color: "warning" },
  { children: "Plain", color: "inherit", disableFocusRipple: true, onClick: () => undefined, style: { marginLeft: 8 } },
  // JSX with expressions: several texts, which React separates with comments.
  { children: ["front", " print file (", 4500, "×", 5400, " px, ", 300, " dpi)"], size: "small", component: "a", href: "/f" },
  { children: ["", null, "Pay ", false, ["$", 12.5], undefined, true, " now"], type: "submit", variant: "contained" },
  { children: [], variant: "text" },
];

describe("Button drop-in on the server (a plain button from the server's template, issue 24)", () => {
  let used = 0;
  const rendered = renderServerTemplates([], [], [buttonTemplate]);
  const lookup: TemplateLookup = (...args) => {
    const t = rendered(...args);
    if (t) used += 1;
    return t;
  };

  it("is the HTML and CSS MUI's Button renders, for buttons and links of each variant and state, in the three themes", async () => {
    for (const theme of THEME_NAMES) {
      const node = h("div", null, ...cases.map((props, i) => h(B, { key: i, ...props })));
      const mui = render(node, theme, null);
      // The first render asks for the templates (MUI draws the buttons meanwhile: the same HTML).
      expect(render(node, theme, lookup), theme).toEqual(mui);
      expect(used).toBe(0);
      await nextTask();
      expect(render(node, theme, lookup), theme).toEqual(mui);
      expect(used).toBe(cases.length);
      used = 0;
      // One at a time too (the comparison above could hide a case in the crowd).
      for (const props of cases)
        expect(render(h(B, props), theme, lookup), JSON.stringify(props)).toEqual(render(h(B, props), theme, null));
      used = 0;
    }
  });

  it("leaves a button that does more to MUI", async () => {
    const Link = (p: { to: string; className?: string; children?: ReactNode }) =>
      h("a", { href: p.to, className: p.className }, p.children);
    const more: Record<string, unknown>[] = [
      { children: "Add", startIcon: h("span", null, "+") },
      { children: "Next", endIcon: h("span", null, ">") },
      { children: "Pink", sx: { bgcolor: "pink" } },
      { children: "Router", component: Link, to: "/shop", type: "submit" },
      { children: "No address", component: Link },
      { children: h("b", null, "bold") },
      { children: ["Two ", h("b", { key: 1 }, "parts")] },
      { children: "Saving", loading: true },
      { children: "Tab", tabIndex: -1 },
      { children: "Classes", classes: { root: "r" } },
      { children: "Span", component: "span" },
      { children: "Link button", component: "a", href: "/x", type: "button" },
    ];
    for (const props of more) render(h(B, props), "myPurpleTheme", lookup);
    await nextTask();
    used = 0;
    for (const props of more)
      expect(render(h(B, props), "myPurpleTheme", lookup), JSON.stringify(props)).toEqual(render(h(B, props), "myPurpleTheme", null));
    expect(used).toBe(0);
    // MUI's Button itself, for comparison: the drop-in's fallback is exactly it.
    expect(render(h(MuiButton as ElementType, { children: "x" }), "myPurpleTheme", null)).toEqual(
      render(h(B, { children: "x", sx: {} }), "myPurpleTheme", null),
    );
  });
});
