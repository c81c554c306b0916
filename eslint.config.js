import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** One-way dependencies (DESIGN.md "Layout"), shared by every layer's block below. */
const layerRules = {
  domain: [
    {
      group: ["**/routes/**", "~/routes/**"],
      message: "Routes depend on services, not the other way round.",
    },
    {
      group: ["react", "react-dom", "react-router"],
      message: "Keep domain and adapter code free of React.",
    },
  ],
  adapters: [
    {
      group: ["**/services/**", "~/services/**"],
      message: "Adapters never import services.",
    },
  ],
  /** The app's own useTranslation (app/hooks/use-translation.ts) serves every component. */
  translation: [
    {
      name: "react-i18next",
      importNames: ["useTranslation"],
      message:
        "Use useTranslation from ~/hooks/use-translation: it does not copy i18next per component.",
    },
  ],
  browser: [
    {
      group: ["**/*.server", "**/*.server.ts", "~/**/*.server", "~/**/*.server.ts"],
      message:
        "Components and hooks run in the browser too: share types through app/lib, not *.server modules.",
    },
  ],
  /** app/lib is shared with the browser; only its own *.server.ts modules may use server code. */
  sharedLib: [
    {
      group: ["**/*.server", "**/*.server.ts", "~/**/*.server", "~/**/*.server.ts"],
      message:
        "app/lib is loaded by the browser too: server-only code goes in a *.server.ts module.",
    },
  ],
  routes: [
    {
      group: ["**/db/**"],
      message: "Routes reach the database through a service, never db/ directly.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "bench/floor/build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches loses its error.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    // Tests may assert presence with `!` after an expect has checked it.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    // Hooks live in .ts files too (app/hooks, the map's hooks).
    files: ["app/**/*.ts", "app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["app/routes/**", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: layerRules.translation, patterns: layerRules.routes },
      ],
    },
  },
  {
    files: ["app/components/**", "app/hooks/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: layerRules.translation, patterns: layerRules.browser },
      ],
    },
  },
  {
    files: ["app/services/**", "app/lib/**", "db/**"],
    rules: { "no-restricted-imports": ["error", { patterns: layerRules.domain }] },
  },
  {
    // A later block's options replace an earlier one's, so this block repeats the domain rules.
    files: ["app/lib/**"],
    ignores: ["app/lib/**/*.server.ts", "app/lib/**/*.test.ts", "app/lib/**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...layerRules.domain, ...layerRules.sharedLib] },
      ],
    },
  },
  {
    // A later block's options replace an earlier one's, so the adapters' block repeats the rest.
    files: ["app/adapters/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...layerRules.domain, ...layerRules.adapters] },
      ],
    },
  },
  {
    // The fixtures fail a journey on any console error or uncaught exception in its pages.
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              message: "Import test and expect from ./fixtures, which watch pages for errors.",
            },
          ],
        },
      ],
      "no-restricted-properties": [
        "error",
        {
          object: "browser",
          property: "newContext",
          message: "Use the openPage fixture, which watches the page for errors.",
        },
      ],
    },
  },
);
