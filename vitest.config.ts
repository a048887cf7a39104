import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.join(root, "src")}/` },
      // The real package throws when imported outside a React Server Component bundle.
      { find: /^server-only$/, replacement: path.join(root, "test", "stubs", "server-only.ts") },
    ],
  },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/setup-database.ts"],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
