import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * One server bundle (ADR 0014, amended): the SSR build has two entries, React Router's server
 * build (`build/server/index.js`) and Platen's server entry (`server/main.ts` ->
 * `build/server/main.js`), so every server module is bundled once, in chunks both entries share.
 * Compiled apart (as esbuild once did), the entry and the SSR bundle each had their own copy of
 * every server module: two copies of an error class made `instanceof` checks fail across them
 * (a provider's refusal became a 500), and any module state needed a key on globalThis.
 */
const SSR_INPUT = { index: "virtual:react-router/server-build", main: "server/main.ts" };
function serverEntryNames(): Plugin {
  return {
    name: "platen:server-entry-names",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    outputOptions(options) {
      // React Router names the one SSR entry `index.js`; the second entry keeps its own name.
      return { ...options, entryFileNames: (chunk) => (chunk.name === "main" ? "main.js" : "index.js") };
    },
  };
}

/**
 * The server render uses app/theme/ssr-styled.ts in place of Emotion's `styled` base (ADR 0021):
 * the same code with each styled element's serialised styles kept per theme and style props. The
 * browser bundle keeps Emotion's own. (@emotion/styled imports its base by a relative path.)
 */
function memoisedStyledOnServer(): Plugin {
  const fork = path.resolve(import.meta.dirname, "app/theme/ssr-styled.ts");
  return {
    name: "platen:ssr-styled",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer, options) {
      const base = source === "@emotion/styled/base" || (importer?.includes("/@emotion/styled/") && source.includes("emotion-styled-base"));
      if (!base) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && /[\\/]@emotion[\\/]styled[\\/]base[\\/]/.test(resolved.id) ? fork : null;
    },
  };
}

/**
 * `@emotion/styled`'s entry makes a styled component for each of 150 HTML and SVG tags when it
 * loads (`styled.div`...), for the shorthand that nothing in the bundle uses: MUI calls it as a
 * function, `styled(tag, options)`, which is its base's `createStyled`. In the browser MUI gets the
 * base directly, which saves that work (~7 ms of unthrottled script, in the page's longest task) on
 * every page load (issue 24).
 */
function emotionStyledWithoutShorthands(): Plugin {
  return {
    name: "platen:emotion-styled-base",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (source !== "@emotion/styled" || !importer || !/[\\/]@mui[\\/]styled-engine[\\/]/.test(importer)) return null;
      return this.resolve("@emotion/styled/base", importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * MUI's Box module builds a default theme of its own when it loads (`createTheme()`, a few
 * milliseconds of script on every page), identical to the one `@mui/material/styles` already builds
 * and used only outside a ThemeProvider, which Platen always has. In the browser it takes the
 * shared one. The build fails if MUI's module no longer reads as expected, so an upgrade is looked at.
 */
function boxSharesTheDefaultTheme(): Plugin {
  const own = 'import { createTheme } from "../styles/index.mjs";';
  const build = "const defaultTheme = createTheme();";
  return {
    name: "platen:box-default-theme",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!/[\\/]@mui[\\/]material[\\/]Box[\\/]Box\.mjs$/.test(id)) return null;
      if (!code.includes(own) || !code.includes(build))
        throw new Error(`platen:box-default-theme: ${id} no longer builds its own default theme as expected`);
      return code.replace(own, 'import defaultTheme from "../styles/defaultTheme.mjs";').replace(build, "");
    },
  };
}

/**
 * MUI's ButtonBase renders app/theme/ssr-button-base.ts's hook-free ButtonBase in the SSR build
 * (issue 24): the same HTML without its ripple, focus and event hooks, which the server never uses.
 * The browser keeps MUI's own. The build fails if MUI's module no longer reads as expected.
 */
function buttonBaseOnServer(): Plugin {
  const render = "const ButtonBase = /*#__PURE__*/React.forwardRef(function ButtonBase(inProps, ref) {";
  const fork = path.resolve(import.meta.dirname, "app/theme/ssr-button-base.ts");
  return {
    name: "platen:ssr-button-base",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!/[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.mjs$/.test(id)) return null;
      if (!code.includes(render) || !code.includes("export const ButtonBaseRoot"))
        throw new Error(`platen:ssr-button-base: ${id} no longer renders ButtonBase as expected`);
      return `import { ServerButtonBase as __serverButtonBase } from ${JSON.stringify(fork)};\n${code.replace(
        render,
        `${render}\n  return __serverButtonBase(inProps, ref, ButtonBaseRoot);`,
      )}`;
    },
  };
}

/**
 * MUI 9.5's TextareaAutosize writes `rows={minRows}` so that the first paint, before JavaScript
 * measures the text, is as tall as it will be; then it spreads its other props over it, and
 * InputBase passes `rows: undefined` among them. So `<TextField multiline minRows={6}>` was drawn
 * two rows tall (the browser's default) until hydration sized it, and everything below it moved
 * (Cumulative Layout Shift 0.018 on /contact). In both builds, so that the server's HTML and the
 * browser's first render agree, a given `rows` is kept and `minRows` written otherwise. The build
 * fails if MUI's module no longer reads as expected.
 */
function textareaRowsOnFirstPaint(): Plugin {
  const spread = "      rows: minRows,\n      style: style,\n      ...other\n";
  return {
    name: "platen:textarea-rows-on-first-paint",
    transform(code, id) {
      if (!/[\\/]@mui[\\/]material[\\/]TextareaAutosize[\\/]TextareaAutosize\.mjs$/.test(id)) return null;
      if (!code.includes(spread)) throw new Error(`platen:textarea-rows-on-first-paint: ${id} no longer spreads its props as expected`);
      return code.replace(spread, "      style: style,\n      ...other,\n      rows: other.rows ?? minRows\n");
    },
  };
}

/**
 * Modules with a server build of their own (issue 24): `app/components/ui/Chip.tsx` is MUI's Chip in
 * the browser and `ChipOnServer.tsx` (a plain chip drawn from the server's template) in the SSR
 * build, `Stack.tsx` is MUI's Stack there and `StackOnServer.tsx` (its style compiled once per theme
 * and value) here, and `@mui/material/Button`, imported by Platen's modules, is `ButtonOnServer.tsx` (a plain
 * button drawn from a template) there, so the browser bundle carries none of the server's code.
 */
function serverImplementations(): Plugin {
  const swaps = new Map([
    [
      path.resolve(import.meta.dirname, "app/components/ui/Chip.tsx"),
      path.resolve(import.meta.dirname, "app/components/ui/ChipOnServer.tsx"),
    ],
    [
      path.resolve(import.meta.dirname, "app/components/ui/Stack.tsx"),
      path.resolve(import.meta.dirname, "app/components/ui/StackOnServer.tsx"),
    ],
  ]);
  const appDir = path.resolve(import.meta.dirname, "app") + path.sep;
  const buttonOnServer = path.resolve(import.meta.dirname, "app/components/ui/ButtonOnServer.tsx");
  return {
    name: "platen:server-implementations",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer, options) {
      // MUI's Button, imported by Platen's own modules (app/, not the server fork itself or MUI's).
      if (source === "@mui/material/Button") return importer?.startsWith(appDir) && importer !== buttonOnServer ? buttonOnServer : null;
      if (!source.endsWith("/Chip.tsx") && !source.endsWith("/Stack.tsx")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && swaps.get(resolved.id)) ?? null;
    },
  };
}

/**
 * With Preact in the browser (ADR 0024), Zod's schemas are marked pure by annotation: every call
 * chain that starts at `z.` in Platen's own modules gets a `/* @__PURE__ *\/`, which covers the
 * whole chain (`z.string().min(1).max(3)`), so that a schema the browser does not use is dropped
 * with Zod (ADR 0015). `treeshake.manualPureFunctions: ["z"]`, used otherwise, matches a function
 * of that name in any module, and Preact's published build, minified, has its own `z`: the
 * function that renders, whose every call the bundler then dropped.
 */
const ZOD_CALL = /(?<![\w$.])z\.(?=[A-Za-z_$][\w$.]*\s*\()/g;
function zodSchemasArePure(): Plugin {
  const root = `${import.meta.dirname}${path.sep}`;
  return {
    name: "platen:zod-schemas-are-pure",
    apply: "build",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client" && PREACT_IN_BROWSER,
    transform(code, id) {
      if (!id.startsWith(root) || id.includes(`${path.sep}node_modules${path.sep}`) || !code.includes("z.")) return null;
      return { code: code.replace(ZOD_CALL, "/* @__PURE__ */ z."), map: null };
    },
  };
}

/**
 * The browser can run Preact's React-compatible core in place of React DOM (ADR 0024): the server
 * renders with React, the browser hydrates that HTML with preact/compat. Only the client build is
 * resolved this way.
 */
const PREACT_ALIASES = new Map([
  ["react", "preact/compat"],
  ["react-dom", "preact/compat"],
  ["react-dom/client", "preact/compat/client"],
  ["react/jsx-runtime", "preact/compat/jsx-runtime"],
  ["react/jsx-dev-runtime", "preact/compat/jsx-runtime"],
]);
/**
 * Opt-in, `PLATEN_BROWSER=preact npm run build` (ADR 0024: every journey passes with it, but its
 * hydration is one long task, and Total Blocking Time grows; React stays the default). Built
 * bundles only: the development server keeps React, for React Refresh's hot updates.
 */
const PREACT_IN_BROWSER = process.env.PLATEN_BROWSER === "preact";
function preactInTheBrowser(): Plugin[] {
  const flag: Plugin = {
    name: "platen:preact-in-the-browser-flag",
    configEnvironment(name, _config, { command }) {
      const preact = name === "client" && command === "build" && PREACT_IN_BROWSER;
      return { define: { __PREACT_IN_BROWSER__: JSON.stringify(preact) } };
    },
  };
  const aliases: Plugin = {
    name: "platen:preact-in-the-browser",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client" && PREACT_IN_BROWSER,
    async resolveId(source, importer, options) {
      const target = PREACT_ALIASES.get(source);
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
  return [flag, aliases];
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    ...preactInTheBrowser(),
    zodSchemasArePure(),
    memoisedStyledOnServer(),
    emotionStyledWithoutShorthands(),
    boxSharesTheDefaultTheme(),
    serverImplementations(),
    buttonBaseOnServer(),
    textareaRowsOnFirstPaint(),
    reactRouter(),
    serverEntryNames(),
  ],
  // MUI and Emotion must be bundled into the SSR build so that server and client share one
  // Emotion instance (see ../shared/stack-notes.md).
  ssr: {
    noExternal: [/^@mui\//, /^@emotion\//],
  },
  server: { port: 5173 },
  build: {
    sourcemap: false,
    ...(isSsrBuild ? { rollupOptions: { input: SSR_INPUT } } : {}),
    rolldownOptions: isSsrBuild
      ? { input: SSR_INPUT }
      : {
          treeshake: {
            // Zod schemas are built at a module's top level (`z.object(...)`): the bundler
            // cannot prove those calls pure, so every storefront page shipped the Zod runtime
            // (25 KB gzipped) for schemas only the server's loaders and actions use. Marking
            // `z.*` pure lets the client bundle keep only the schemas its components call.
            // With Preact in the browser, zodSchemasArePure() marks them instead (see there).
            manualPureFunctions: PREACT_IN_BROWSER ? [] : ["z"],
          },
        },
  },
}));
