import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next*/**", ".data*/**", "e2e/**"],
    globalSetup: ["./vitest.global-setup.ts"],
    bail: 1,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
