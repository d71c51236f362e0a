import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceProcess } from "../../service/security/support/service-process";
import { createTestDatabase } from "../../service/test-support/database";
import { CONSOLE_HEAP_GROWTH, consoleServerArguments, serviceServerArguments } from "./console-server";
import { freePort } from "./free-port";
import { bundleServers } from "./server-bundles";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
// Inside the repository, as dist/ is (the bundles find the root from where they are); removed afterwards.
const outdir = path.join(root, `.dist-test-${randomBytes(4).toString("hex")}`);
beforeAll(() => bundleServers(root, outdir), 60_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("the production processes", () => {
  it("are the compiled bundles, run with no TypeScript loader (the service with source maps)", () => {
    const consoleArgs = consoleServerArguments(root, 3000, "127.0.0.1");
    const serviceArgs = serviceServerArguments(root);
    // The console without them: they held about 80 MB of its heap (docs/decisions/0066).
    // With its heap collected sooner (docs/decisions/0097).
    expect(consoleArgs.slice(0, 2)).toEqual([CONSOLE_HEAP_GROWTH, path.join(root, "dist", "console.js")]);
    expect(consoleArgs).not.toContain("--enable-source-maps");
    expect(serviceArgs).toEqual(["--enable-source-maps", path.join(root, "dist", "service.js")]);
    for (const argument of [...consoleArgs, ...serviceArgs]) expect(argument).not.toMatch(/tsx|\.ts$/);
  });

  it("runs the TypeScript sources only in development", () => {
    const consoleArgs = consoleServerArguments(root, 3000, "127.0.0.1", "development");
    expect(consoleArgs).toContain("tsx");
    expect(consoleArgs).toContain("--dev");
    expect(serviceServerArguments(root, "development")).toEqual(expect.arrayContaining(["--watch", "tsx"]));
  });

  it("compiles both with the repository's code inside and the packages outside", () => {
    for (const name of ["console", "service"]) {
      const bundle = readFileSync(path.join(outdir, `${name}.js`), "utf8");
      // The "@/…" alias resolved, `server-only` compiled away, packages imported from node_modules.
      expect(bundle).not.toMatch(/from "(@\/|\.{1,2}\/|server-only)/);
      expect(bundle).toMatch(/from "(fastify|next)"/);
      expect(readFileSync(path.join(outdir, `${name}.js.map`), "utf8")).toContain('"sources"');
    }
  });

  it("starts the compiled service, which finds its migrations and answers", async () => {
    const service = new ServiceProcess(await createTestDatabase("compiled_service"), await freePort(), {
      program: ["--enable-source-maps", path.join(outdir, "service.js")],
    });
    try {
      await service.start();
      const health = await fetch(`${service.origin}/_local/health/ready`);
      expect(health.status).toBe(200);
    } finally {
      await service.stop();
    }
  }, 90_000);
});
