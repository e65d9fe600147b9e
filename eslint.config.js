import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      // Imports flow one way (docs/architecture.md, "Layers"): the domain imports nothing of ours, features never import each other.
      "no-restricted-imports": "off",
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["../*", "!./*"], message: "src/domain imports nothing of ours." }] }],
    },
  },
  {
    files: ["src/features/capture/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["../site/*", "../admin/*"], message: "Features never import each other." }] }],
    },
  },
  {
    files: ["src/features/site/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../capture/*", "../admin/*", "../../backend/*"], message: "Features never import each other; public site code never loads the back end." }] },
      ],
    },
  },
  {
    files: ["src/features/admin/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["../site/*", "../capture/*"], message: "Features never import each other." }] }],
    },
  },
  {
    files: ["src/components/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["../../features/*", "../../routes/*", "../../backend/*"], message: "UI pieces depend on nothing above them." }] }],
    },
  },
);
