import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/modules/*/service*", "**/server/modules/*/schema*"], message: "Use a module only through its index.ts." },
          ],
        },
      ],
    },
  },
  {
    // Routes call modules; they never query the database themselves.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: "Routes never query the database: call a module's index.ts." }],
          patterns: [
            {
              group: ["**/infra/db/schema*", "#server/infra/db/schema*", "**/modules/*/schema*", "#server/modules/*/schema*"],
              message: "Routes never touch tables: call a module's index.ts.",
            },
            { group: ["**/server/modules/*/service*", "#server/modules/*/service*"], message: "Use a module only through its index.ts." },
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
  {
    files: ["server/modules/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react", message: "Modules never import React." },
            { name: "express", message: "Modules never touch HTTP." },
          ],
          patterns: [{ group: ["**/app/**", "#app/*"], message: "Modules never import from the web layer." }],
        },
      ],
    },
  },
);
