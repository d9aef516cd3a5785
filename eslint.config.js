import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", ".tmp/", "api/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Route modules read their data from Route.ComponentProps (typed by React Router's typegen), never through an
    // untyped hook and a cast; shared dialogs read the action's answer with useActionAnswer (issue 12). Components
    // translate through app/i18n/use-translation.ts (one `t` per server render, issue 11).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/action-answer.ts", "app/i18n/use-translation.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-i18next",
              importNames: ["useTranslation"],
              message: "Import useTranslation from ~/i18n/use-translation.",
            },
            {
              name: "react-router",
              importNames: ["useLoaderData", "useActionData"],
              message: "Take loaderData and actionData from Route.ComponentProps; shared dialogs use useActionAnswer.",
            },
          ],
        },
      ],
    },
  },
);
