import MuiBox from "@mui/material/Box";
import MuiStack from "@mui/material/Stack";
import MuiTypography from "@mui/material/Typography";
import { createElement as h, useId, type ElementType, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { THEME_NAMES } from "#app/theme/themes.ts";
import { renderWithStyles } from "#tests/support/styled-render.ts";
import Box from "./Box.tsx";
import Stack from "./StackOnServer.tsx";
import Typography from "./Typography.tsx";

const render = renderWithStyles;

const Link = (p: { to: string; className?: string; children?: ReactNode }) => h("a", { href: p.to, className: p.className }, p.children);

const boxCases: Record<string, unknown>[] = [
  {},
  { sx: { display: "flex", gap: { xs: 1, md: 2 }, px: 1.5, bgcolor: "background.paper", "&:hover": { boxShadow: 3 } } },
  { component: "ul", sx: { listStyle: "none", p: 0, m: 0 }, "data-testid": "x", id: "y" },
  { component: Link, to: "/shop", className: "mine", sx: { color: "inherit", textDecoration: "none" } },
  { sx: [{ mt: 1 }, false, { color: "text.secondary" }] },
  { component: "span", style: { color: "red" }, sx: { border: 1, borderColor: "divider" } },
];

const typographyCases: Record<string, unknown>[] = [
  {},
  { variant: "h1", sx: { fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 } },
  { variant: "body2", color: "text.secondary" },
  { variant: "body2", color: "textSecondary", component: "p" },
  { variant: "caption", color: "error", sx: { mt: 0.5 } },
  { variant: "subtitle2", component: "h3", gutterBottom: true },
  { variant: "h6", component: Link, to: "/", sx: { color: "inherit", textDecoration: "none", fontWeight: 800 } },
  { variant: "overline", className: "mine", id: "o", "data-testid": "t" },
  { color: "primary", sx: { fontWeight: 600 } },
  { variant: "button" },
];

const stackCases: Record<string, unknown>[] = [
  {},
  { spacing: 2 },
  { direction: "row", spacing: 1, sx: { alignItems: "center", flexWrap: "wrap" } },
  { direction: { xs: "column", sm: "row" }, spacing: 1, sx: { justifyContent: "space-between", mb: 1.5 } },
  { direction: { xs: "column", md: "row" }, spacing: 3 },
  { direction: "row", spacing: { xs: 1, md: 2 }, useFlexGap: true, component: "ul", id: "s", "data-testid": "t" },
  {
    component: "ul",
    spacing: 1.5,
    sx: { listStyle: "none", p: 0, m: 0, "& > li + li": { borderTop: 1, borderColor: "divider", pt: 1.5 } },
  },
  { direction: "row-reverse", spacing: "12px", className: "mine" },
  { direction: ["column", "row"], spacing: [1, 2] },
  { direction: "column-reverse", spacing: 0.5, style: { color: "red" } },
];

describe("Box, Stack and Typography drop-ins (ADR 0020: the same HTML and CSS as MUI's, compiled once)", () => {
  for (const theme of THEME_NAMES) {
    it(`Box renders what MUI's Box renders (${theme})`, () => {
      for (const props of boxCases) {
        const mine = render(h(Box as ElementType, props, "content"), theme);
        const mui = render(h(MuiBox as ElementType, props, "content"), theme);
        expect(mine, JSON.stringify(props)).toEqual(mui);
      }
    });
    it(`Stack renders what MUI's Stack renders (${theme})`, () => {
      for (const props of stackCases) {
        const children = [h("span", { key: 1 }, "one"), h("span", { key: 2 }, "two")];
        const mine = render(h(Stack as ElementType, props, children), theme);
        const mui = render(h(MuiStack as ElementType, props, children), theme);
        expect(mine, JSON.stringify(props)).toEqual(mui);
      }
    });
    it(`ids React gives inside a Stack are those under MUI's Stack (${theme})`, () => {
      const Field = () => h("input", { id: useId() });
      for (const props of [{}, { direction: "row", spacing: 1 }]) {
        const children = [h(Field, { key: 1 }), h("span", { key: 2 }, h(Field))];
        const ids = (html: string) => [...html.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
        const mine = ids(render(h("div", null, h(Stack as ElementType, props, children), h(Field)), theme).html);
        expect(mine).toEqual(ids(render(h("div", null, h(MuiStack as ElementType, props, children), h(Field)), theme).html));
        expect(mine).toHaveLength(3);
      }
    });
    it(`Typography renders what MUI's Typography renders (${theme})`, () => {
      for (const props of typographyCases) {
        const mine = render(h(Typography as ElementType, props, "Text"), theme);
        const mui = render(h(MuiTypography as ElementType, props, "Text"), theme);
        expect(mine, JSON.stringify(props)).toEqual(mui);
      }
    });
  }

  it("leaves an sx with a function, and rare props, to MUI", () => {
    const fn = render(
      h(Box as ElementType, { sx: { color: (t: { palette: { primary: { main: string } } }) => t.palette.primary.main } }, "x"),
      "myPurpleTheme",
    );
    expect(fn.css).toContain("color:#7e57c2");
    const rare = render(h(Typography as ElementType, { noWrap: true }, "x"), "myPurpleTheme");
    expect(rare.html).toContain("MuiTypography-noWrap");
  });
});
