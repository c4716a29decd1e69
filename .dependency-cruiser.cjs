// The import boundaries of Platen, checked by `npm run lint` (scripts/boundaries.mjs runs this
// rule set with dependency-cruiser over app/ and server/, then refuses cycles between packages).
// Paths are resolved the way TypeScript resolves them (`#app/*`, `#server/*`, relative imports
// alike), so a rule cannot be dodged by spelling an import differently. Test files are not
// checked (fixtures may set up other modules' rows); tests/lint/boundaries.test.ts proves
// each rule with a deliberately bad import.

/** Files of a module that other code may import: its public API and its browser-safe types. */
const PUBLIC_MODULE_FILE = "^server/modules/[^/]+/(index|types)[.]ts$";
/** Browser-safe module files the web layer may import as well (no server-only imports in them). */
const BROWSER_SAFE_MODULE_FILE = "^server/modules/(catalog/(product-form|preflight)|identity/errors)[.]ts$";

/** @type {import("dependency-cruiser").IConfiguration} */
/* global module */
module.exports = {
  forbidden: [
    {
      name: "module-through-index",
      comment:
        "A module imports another module only through its index.ts (its browser-safe types.ts excepted): " +
        "never its service, its schema (tables) or any other internal file.",
      severity: "error",
      from: { path: "^server/modules/([^/]+)/", pathNot: "^server/modules/[^/]+/schema[.]ts$" },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: ["^server/modules/$1/", PUBLIC_MODULE_FILE],
      },
    },
    {
      name: "module-through-index",
      comment:
        "A module's schema.ts may name another module's table only to declare a foreign key to it " +
        "(catalog products -> fulfillment blanks); it imports no other file of another module.",
      severity: "error",
      from: { path: "^server/modules/([^/]+)/schema[.]ts$" },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: ["^server/modules/$1/", PUBLIC_MODULE_FILE, "^server/modules/[^/]+/schema[.]ts$"],
      },
    },
    {
      name: "schema-aggregator-for-drizzle-kit",
      comment:
        "The schema aggregator server/schema.ts lists the modules' tables for drizzle-kit and test set-up; " +
        "no code imports it (a module imports its own schema.ts).",
      severity: "error",
      from: {},
      to: { path: "^server/schema[.]ts$" },
    },
    {
      name: "infra-imports-no-module",
      comment: "server/infra (adapters behind ports) imports no module: shared types live in server/contracts.",
      severity: "error",
      from: { path: "^server/infra/" },
      to: { path: "^server/modules/" },
    },
    {
      name: "infra-imports-no-kernel",
      comment: "Adapters know no kernel: the errors they throw (AppError) and the types they share live in server/contracts.",
      severity: "error",
      from: { path: "^server/infra/" },
      to: { path: "^server/kernel/" },
    },
    {
      name: "contracts-import-nothing",
      comment: "server/contracts imports nothing from the rest of the code base, so anything may depend on it.",
      severity: "error",
      from: { path: "^server/contracts/" },
      to: { path: "^(server|app)/", pathNot: "^server/contracts/" },
    },
    {
      name: "web-never-touches-tables",
      comment: "The web layer (app/) never imports drizzle-orm or tables: it calls a module's index.ts.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: ["(^|/)node_modules/drizzle-orm/", "^server/schema[.]ts$", "^server/modules/[^/]+/schema[.]ts$"] },
    },
    {
      name: "web-never-touches-the-database",
      comment:
        "The web layer (app/) never imports the database handle or a driver: a route gets its context from the " +
        "request's session or the kernel's contextFor().",
      severity: "error",
      from: { path: "^app/" },
      to: { path: ["^server/infra/db/", "(^|/)node_modules/(pg|@electric-sql/pglite|pg-pool)/"] },
    },
    {
      name: "web-through-index",
      comment:
        "The web layer uses a module only through its index.ts, its types.ts or a named browser-safe file " +
        "(catalog/product-form.ts, catalog/preflight.ts, identity/errors.ts).",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/modules/[^/]+/", pathNot: [PUBLIC_MODULE_FILE, BROWSER_SAFE_MODULE_FILE] },
    },
    {
      name: "modules-no-web",
      comment: "Modules never import React, react-router, MUI, express or app/.",
      severity: "error",
      from: { path: "^server/modules/" },
      to: {
        path: ["^app/", "(^|/)node_modules/(react|react-dom|react-router|express|@mui/[^/]+|@emotion/[^/]+|@react-router/[^/]+)/"],
      },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that cannot be resolved would slip past every rule above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["[.]md[?]raw$", "^[.]/[+]types/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["[.]test[.]tsx?$", "^[.]react-router/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
