import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: [".react-router/**", "build/**", "deploy/.work/**", "build-*/**", "node_modules/**", "public/**", "test-results/**", "playwright-report/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // one door to server code: only *.server.ts(x) modules import server/ (React Router's Vite plugin then fails the
    // client build if a browser module ever imports one, so tokens and keys cannot reach a bundle)
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~server/*", "**/server/*"], message: "Import server code only from a *.server.ts module." }] }],
    },
  },
  {
    // one way to read an action's body (ADR 076): readForm refuses what is not a form, or too large, with a 4xx
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/features/forms/read-form.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']", message: "Read an action's body with readForm (features/forms/read-form.server.ts): request.formData() answers a JSON or broken body with a 500." },
      ],
    },
  },
  {
    // one way to parse a form (ADR 206): parseTranslated, whose every message is a text of the customer's language —
    // conform's parseWithZod would hand the parser's own English about a forged field to `reply()`. The checkout form's
    // parser adds its receipt rule between parsing and translating, and passes every message through the same translation
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/features/forms/parse-translated.ts", "app/features/checkout/checkout-schema.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [{ name: "@conform-to/zod", importNames: ["parseWithZod"], message: "Parse a form with parseTranslated (features/forms/parse-translated.ts): its messages are the customer's language (ADR 206)." }] }],
    },
  },
  {
    // the pure rules and the data model sit at the bottom: app/lib imports nothing from server/ or the UI
    files: ["app/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~server/*", "**/server/*", "~/features/*", "~/shell/*", "~/routes/*", "~/components/*", "react", "react-router", "react-router/*", "@react-router/*"], message: "app/lib holds pure rules: no server, UI or framework imports." }] }],
    },
  },
  {
    // the browser tests' load gate (ADR 131): a spec's `test` carries it; "@playwright/test"'s own does not, and a
    // click right after `page.goto` could then reach the server's plain link before React is attached
    files: ["e2e/*.spec.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", importNames: ["test"], message: "Import test from ./helpers/load-gate or ./helpers/returning-customer (ADR 131: the load gate)." }] }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
