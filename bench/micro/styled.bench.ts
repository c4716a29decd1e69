// The server's styled wrapper against Emotion's own (issue 24, ADRs 0021 and 0029; `npm run bench`,
// or `node --import tsx bench/micro/styled.bench.ts`): 1,000 styled elements the way MUI renders
// them (a root and a label slot sharing one ownerState, class names, aria and data attributes,
// text), rendered to a string per request with a fresh Emotion cache, React in production mode.
// Prints the median ms per 1,000 elements over alternating rounds, checks that both write the same
// HTML and CSS, and writes tmp/bench-styled.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ElementType } from "react";

process.env.NODE_ENV ??= "production";
const { CacheProvider, ThemeProvider } = await import("@emotion/react");
const createEmotionServer = (await import("@emotion/server/create-instance")).default;
const emotionStyled = (await import("@emotion/styled/base")).default;
const { createElement: h } = await import("react");
const { renderToString } = await import("react-dom/server");
const { createEmotionCache } = await import("../../app/theme/emotion-cache.ts");
const serverStyled = (await import("../../app/theme/ssr-styled.ts")).default;
const { getTheme } = await import("../../app/theme/themes.ts");
type Theme = ReturnType<typeof getTheme>;

const ELEMENTS = 1000;
const ROUNDS = Number(process.env.BENCH_STYLED_ROUNDS ?? 8);
const RENDERS = 30;

interface OwnerState {
  tone: string;
  dense: boolean;
  size: string;
  variant: string;
  color: string;
  disabled: boolean;
}
const style = ({ theme, ownerState }: { theme: Theme; ownerState: OwnerState }) => ({
  color: ownerState.tone === "primary" ? theme.palette.primary.main : theme.palette.text.primary,
  padding: theme.spacing(ownerState.dense ? 1 : 2),
  opacity: ownerState.disabled ? 0.5 : 1,
});
const forward = (p: string) => p !== "ownerState" && p !== "sx" && p !== "theme";

function elements(styled: typeof emotionStyled) {
  const Root = styled("div", { shouldForwardProp: forward })(style as never) as unknown as ElementType;
  const Label = styled("span", { shouldForwardProp: forward })(style as never) as unknown as ElementType;
  return () =>
    Array.from({ length: ELEMENTS / 2 }, (_, i) => {
      const ownerState: OwnerState = {
        tone: i % 2 ? "primary" : "plain",
        dense: i % 3 === 0,
        size: "small",
        variant: "outlined",
        color: "primary",
        disabled: i % 7 === 0,
      };
      return h(
        Root,
        { key: i, ownerState, className: "MuiThing-root", "aria-label": `Item ${i}`, "data-testid": "thing" },
        h(Label, { ownerState, className: "MuiThing-label" }, `Item ${i}`),
      );
    });
}

const theme = getTheme("myPurpleTheme");
function render(items: () => unknown[]) {
  const cache = createEmotionCache();
  const html = renderToString(h(CacheProvider, { value: cache }, h(ThemeProvider, { theme: { ...theme }, children: items() as never })));
  return { html, css: createEmotionServer(cache).extractCritical(html).css };
}

const variants = { "Emotion's styled": elements(emotionStyled), "the server's styled": elements(serverStyled as typeof emotionStyled) };
const names = Object.keys(variants) as (keyof typeof variants)[];
const first = render(variants[names[0]!]);
const same = names.every((n) => {
  const r = render(variants[n]);
  return r.html === first.html && r.css === first.css;
});
if (!same) throw new Error("the two styled wrappers wrote different HTML or CSS");

const times = new Map(names.map((n) => [n, [] as number[]]));
for (let round = 0; round < ROUNDS; round++)
  for (const n of names) {
    for (let w = 0; w < 5; w++) render(variants[n]);
    const t0 = performance.now();
    for (let i = 0; i < RENDERS; i++) render(variants[n]);
    times.get(n)!.push((performance.now() - t0) / RENDERS);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows = names.map((n) => ({
  name: n,
  medianMs: Number(median(times.get(n)!).toFixed(2)),
  rounds: times.get(n)!.map((x) => Number(x.toFixed(2))),
}));
console.log(`${"1,000 styled elements, one request".padEnd(40)}${"median ms".padStart(11)}  rounds`);
for (const r of rows) console.log(`${r.name.padEnd(40)}${String(r.medianMs).padStart(11)}  ${r.rounds.join(" ")}`);
console.log("Same HTML and CSS from both: yes");
const out = path.resolve("tmp", "bench-styled.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), loadAvg: os.loadavg()[0], elements: ELEMENTS, rows }, null, 2) + "\n");
console.log(`Figures written to ${path.relative(process.cwd(), out)}`);
