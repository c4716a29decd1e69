import { CacheProvider, ThemeProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import emotionStyled from "@emotion/styled/base";
import type { Theme } from "@mui/material/styles";
import { createElement as h, useId, type ElementType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { createEmotionCache } from "./emotion-cache.ts";
import memoStyled, { styleKey } from "./ssr-styled.ts";
import { getTheme } from "./themes.ts";

// One server request: a fresh cache, and a fresh copy of the theme as MUI's provider makes.
function render(node: ReactNode, theme: Theme = getTheme("myPurpleTheme")) {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const html = renderToString(h(CacheProvider, { value: cache }, h(ThemeProvider, { theme: { ...theme }, children: node })));
  return { html, css: server.extractCritical(html).css };
}

type StyleProps = { theme: Theme; ownerState: { tone?: string; dense?: boolean }; sx?: { mt?: number } };
let calls = 0;
const style = ({ theme, ownerState, sx }: StyleProps) => {
  calls += 1;
  return {
    color: ownerState.tone === "primary" ? theme.palette.primary.main : theme.palette.text.primary,
    padding: theme.spacing(ownerState.dense ? 1 : 2),
    marginTop: sx?.mt ? theme.spacing(sx.mt) : undefined,
  };
};
const shouldForwardProp = (p: string) => p !== "ownerState" && p !== "sx" && p !== "theme";
const Memo = memoStyled("div", { shouldForwardProp })(style) as unknown as ElementType;
const Plain = emotionStyled("div", { shouldForwardProp })(style) as unknown as ElementType;

const cases = [
  { ownerState: { tone: "primary" } },
  { ownerState: { tone: "primary", dense: true }, "aria-label": "A cat" },
  { ownerState: {}, sx: { mt: 3 }, className: "extra" },
  { ownerState: { dense: true }, title: "Dogs", children: "text" },
];

afterEach(() => {
  delete process.env.PLATEN_STYLE_MEMO;
});

describe("styled with serialised styles kept per theme and props (issue 24, ADR 0021)", () => {
  it("renders the HTML and CSS Emotion's own styled renders, in each theme", () => {
    for (const name of ["myPurpleTheme", "myDarkTheme", "myNeutralTheme"] as const) {
      for (const props of cases) {
        const memo = render(h(Memo, props), getTheme(name));
        expect(memo).toEqual(render(h(Plain, props), getTheme(name)));
        // Again, from the table this time: the same.
        expect(render(h(Memo, props), getTheme(name))).toEqual(memo);
      }
    }
  });

  it("gives the elements below the ids Emotion's styled gives them, whether its rules are new to the request or not", () => {
    // React derives useId's ids from the shape of the tree: the browser hydrates Emotion's own.
    function Labelled() {
      return h("label", { htmlFor: useId() }, "x");
    }
    const tree = (S: ElementType) =>
      h(
        "main",
        null,
        h(S, { ownerState: { tone: "primary" } }, h(Labelled)),
        h(S, { ownerState: { tone: "primary" } }, h(Labelled)),
        h(Labelled),
      );
    const ours = render(tree(Memo));
    expect(ours).toEqual(render(tree(Plain)));
    expect(ours.html.match(/for="[^"]+"/g)).toHaveLength(3);
  });

  it("serialises a style once per theme and style props, not per element or request", () => {
    calls = 0;
    for (let request = 0; request < 3; request++)
      render([1, 2, 3].map((i) => h(Memo, { key: i, ownerState: { tone: "accent" }, "aria-label": `Product ${i}`, "data-id": i })));
    expect(calls).toBe(1);
    render(h(Memo, { ownerState: { tone: "other" } }));
    render(h(Memo, { ownerState: { tone: "accent" } }), getTheme("myDarkTheme"));
    expect(calls).toBe(3);
  });

  it("keys the props a style can read and leaves out what it cannot", () => {
    expect(styleKey({ ownerState: { size: "small", children: "x" }, "aria-label": "A", onClick: () => 1 })).toBe(
      styleKey({ ownerState: { size: "small", children: "y" }, "aria-label": "B", onClick: () => 2 }),
    );
    expect(styleKey({ ownerState: { size: "small" } })).not.toBe(styleKey({ ownerState: { size: "medium" } }));
    expect(styleKey({ ownerState: { children: null } })).not.toBe(styleKey({ ownerState: { children: "x" } }));
    expect(styleKey({ sx: { a: "1;b=#2" } })).not.toBe(styleKey({ sx: { a: "1" }, b: 2 }));
    // An sx with a function can only be applied by the render itself.
    expect(styleKey({ sx: (t: unknown) => t })).toBeNull();
    expect(styleKey({ sx: { color: (t: unknown) => t } })).toBeNull();
  });

  it("in verify mode, fails a render whose style reads a prop the key leaves out", () => {
    process.env.PLATEN_STYLE_MEMO = "verify";
    const ReadsTitle = memoStyled("div")(({ title }: { title?: string }) => ({
      width: title === "wide" ? 200 : 100,
    })) as unknown as ElementType;
    render(h(ReadsTitle, { title: "narrow" }));
    expect(() => render(h(ReadsTitle, { title: "wide" }))).toThrow(/PLATEN_STYLE_MEMO=verify/);
  });

  it("is Emotion's own behaviour with PLATEN_STYLE_MEMO=off", () => {
    process.env.PLATEN_STYLE_MEMO = "off";
    let n = 0;
    const Off = memoStyled("div")(() => {
      n += 1;
      return { width: 1 };
    }) as unknown as ElementType;
    render(h(Off));
    render(h(Off));
    expect(n).toBe(2);
  });
});
