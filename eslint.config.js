import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Import boundaries (modules through their index.ts, no tables in routes, infra without modules,
// no cycles between packages) are checked by dependency-cruiser, which resolves imports the way
// TypeScript does: .dependency-cruiser.cjs and scripts/boundaries.mjs, run by `npm run lint`.
export default tseslint.config(
  {
    ignores: [
      "build/**",
      "data/**",
      ".react-router/**",
      "node_modules/**",
      "drizzle/**",
      "playwright-report/**",
      "test-results/**",
      "tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Box and Typography compile their sx once per theme and value (ADR 0020); MUI's own stay behind them.
    // Link: React Router's, drawn without its hooks by the server (issue 24).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/**", "app/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@mui/material/Box", message: "Use #app/components/ui/Box.tsx (ADR 0020)." },
            { name: "@mui/material/Typography", message: "Use #app/components/ui/Typography.tsx (ADR 0020)." },
            { name: "@mui/material/Stack", message: "Use #app/components/ui/Stack.tsx (ADR 0020).", allowTypeImports: true },
            {
              name: "@mui/material/Chip",
              message: "Use #app/components/ui/Chip.tsx (a plain chip is drawn from the server's template).",
              allowTypeImports: true,
            },
            { name: "@mui/material/Table", message: "Use #app/components/ui/Table.tsx (ADR 0020)." },
            { name: "@mui/material/TableContainer", message: "Use #app/components/ui/Table.tsx (ADR 0020)." },
            { name: "@mui/material/TableHead", message: "Use #app/components/ui/Table.tsx (ADR 0020)." },
            { name: "@mui/material/TableBody", message: "Use #app/components/ui/Table.tsx (ADR 0020)." },
            { name: "@mui/material/TableFooter", message: "Use #app/components/ui/Table.tsx (ADR 0020)." },
            { name: "@mui/material/TableRow", message: "Use #app/components/ui/Table.tsx (ADR 0020)." },
            { name: "@mui/material/TableCell", message: "Use #app/components/ui/Table.tsx (ADR 0020)." },
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Use #app/components/ui/Link.tsx: the server draws plain links without React Router's hooks.",
            },
          ],
        },
      ],
    },
  },
  {
    // `useTestDatabase()` is a Vitest fixture, not a React hook.
    files: ["**/*.test.ts", "tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
