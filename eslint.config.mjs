import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // The server's output is structured JSON (src/lib/log.ts, pino): a stray console line would break it.
    files: ["src/**/*.{ts,tsx,js,jsx,mjs}"],
    ignores: ["src/lib/log.ts"],
    rules: { "no-console": "error" },
  },
  {
    // src/components/ui/link.tsx says why every link goes through it.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "next/link", message: "Import Link from \"@/components/ui/link\" (no prefetching)." }] }],
    },
  },
  {
    // src/lib/time.ts owns the association's time zone (its value is in src/lib/site.ts) and the date formats.
    files: ["{src,scripts,e2e}/**/*.{ts,tsx}"],
    ignores: ["src/lib/time.ts", "src/lib/site.ts", "**/*.test.{ts,tsx}", "**/*.spec.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: "Format dates with the formatters of src/lib/time.ts (add one there if none prints what you need).",
        },
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
          message: "Format dates with the formatters of src/lib/time.ts (add one there if none prints what you need).",
        },
        ...["Literal[value=/America.Chicago/]", "TemplateElement[value.raw=/America.Chicago/]", "JSXText[value=/America.Chicago/]"].map((selector) => ({
          selector,
          message: "Use ASSOCIATION_TIME_ZONE from src/lib/time.ts (its value is site.timeZone; an event's own zone is events.time_zone).",
        })),
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    "data/**",
    "drizzle/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
