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
