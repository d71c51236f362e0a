import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { pidListeningOn } from "./support/processes";

/**
 * The suite's own `npm start`: the console and the service that answer it are the compiled bundles of
 * `npm run build` (dist/), run by plain Node (the service with source maps; the console without, decision 0066), with
 * no TypeScript loader in their arguments or their NODE_OPTIONS.
 */

const PORTS = {
  console: Number(process.env.E2E_CONSOLE_PORT ?? 3100),
  service: Number(process.env.E2E_SERVICE_PORT ?? 4110),
};

/** A process's command line and NODE_OPTIONS, from /proc (Linux). */
function processOf(port: number): { argv: string[]; nodeOptions: string } {
  const pid = pidListeningOn(port);
  if (pid === undefined) throw new Error(`nothing listens on ${port}`);
  const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  const nodeOptions = environ.find((entry) => entry.startsWith("NODE_OPTIONS="))?.slice(13) ?? "";
  return { argv, nodeOptions };
}

for (const [name, port] of Object.entries(PORTS)) {
  test(`the ${name} runs compiled JavaScript, not TypeScript through a loader`, () => {
    const { argv, nodeOptions } = processOf(port);
    expect(argv.slice(1)).toEqual(expect.arrayContaining([path.resolve("dist", `${name}.js`)]));
    expect(argv.includes("--enable-source-maps")).toBe(name === "service");
    expect(argv.join(" ")).not.toMatch(/tsx|\.ts\b/);
    expect(nodeOptions).not.toMatch(/tsx/);
  });
}
