import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const EXCLUDE = ["node_modules/**", ".next*/**", ".data*/**", "e2e/**"];

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // The marker resolves as Next.js's server bundle resolves it: tests run server modules as the server does.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    globalSetup: ["./vitest.global-setup.ts"],
    bail: 1,
    // Worker threads, four of them on a 2-core machine: most test files wait on PostgreSQL or on sockets, so two
    // workers left the cores half idle (forks, 2: 6 min; threads, 2: 5 min 14 s; threads, 4: 4 min 5 s).
    pool: "threads",
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 120_000,
    projects: [
      {
        // The service's tests start their own service (service/test-support) and share no module state, so a
        // worker runs them one after another in one module graph: importing it afresh for each file was two thirds
        // of their CPU (docs/decisions/0062: the unit stage 4 min 37 s → 3 min 25 s). The console's and the launcher's tests
        // keep a fresh graph per file: their modules hold the process's settings, database and lists once read.
        extends: true,
        test: { name: "service", include: ["service/**/*.test.ts"], exclude: EXCLUDE, isolate: false },
      },
      {
        // Pure code (rules, formats, the contract, components' helpers): nothing in it holds state between files.
        extends: true,
        test: {
          name: "pure",
          include: ["lib/universal/**/*.test.ts", "shared/**/*.test.ts", "components/**/*.test.ts"],
          exclude: EXCLUDE,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "console",
          include: ["**/*.test.ts"],
          exclude: [...EXCLUDE, "service/**", "lib/universal/**", "shared/**", "components/**"],
        },
      },
    ],
  },
});
