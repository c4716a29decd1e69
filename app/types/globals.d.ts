/**
 * True in the browser build when it runs Preact's React-compatible core (vite.config.ts, ADR 0024);
 * false in the server build. Undefined outside Vite's builds (unit tests): read it with `typeof`.
 */
declare const __PREACT_IN_BROWSER__: boolean;
