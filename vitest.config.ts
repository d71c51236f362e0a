import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // The marker resolves as Next.js's server bundle resolves it: tests run server modules as the server does.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next*/**", ".data*/**", "e2e/**"],
    globalSetup: ["./vitest.global-setup.ts"],
    bail: 1,
    // Worker threads, four of them on a 2-core machine: most test files wait on PostgreSQL or on sockets, so two
    // workers left the cores half idle (forks, 2: 6 min; threads, 2: 5 min 14 s; threads, 4: 4 min 5 s).
    pool: "threads",
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
