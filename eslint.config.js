import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layerRules } from "./eslint.layers.js";

export default tseslint.config(
  { ignores: ["build/", "build-*/", "dist/", "node_modules/", ".react-router/", "data/", "coverage/", "bench/.out/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // zod checks at load whether eval works, which the Content Security Policy reports as a violation:
    // the UI and the http adapter take only types from src/domain/staff.ts (its values are in roles.ts).
    files: [
      "src/features/**/*.{ts,tsx}",
      "src/routes/**/*.{ts,tsx}",
      "src/components/**/*.{ts,tsx}",
      "src/backend/http/**/*.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/domain/staff"],
              allowTypeImports: true,
              message: "Import values from src/domain/roles.ts: staff.ts loads zod.",
            },
          ],
        },
      ],
    },
  },
  // Imports flow one way (docs/architecture.md, "Layers"); eslint.layers.js holds the table.
  ...layerRules,
);
