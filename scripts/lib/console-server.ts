import path from "node:path";
import { pathToFileURL } from "node:url";
import { serverBundle } from "./server-bundles";

/**
 * How the console and the service are started. Production (`npm start`) runs the compiled processes of
 * `npm run build` (dist/, scripts/lib/server-bundles.ts) with no TypeScript loader; development (`npm run dev`)
 * runs the TypeScript sources through tsx: the console with Next.js in development mode (hot reload), the service
 * under Node's watch mode, which restarts it when a file it imports changes.
 */
export type RunMode = "production" | "development";

/** tsx, and the hook that lets the console's server import `server-only` modules (its file says why). */
function typeScriptLoader(root: string, serverOnly: boolean): string[] {
  const hook = pathToFileURL(path.join(root, "scripts", "lib", "server-only-condition.mjs")).href;
  return ["--import", "tsx", ...(serverOnly ? ["--import", hook] : [])];
}

/**
 * How far V8 lets the console's heap grow past what it held after its last full collection before the next one: 30%,
 * not V8's own factor of up to 4×. Screening customers by the hundred thousand (a bulk import, the customer sweep)
 * makes garbage fast, and at V8's factor a console with 150 MB live grew to 700–800 MB before collecting
 * (docs/decisions/0097-the-console-collects-its-garbage-sooner.md). A growth factor, not a cap: a console that needs
 * more (a large list upload) still gets it.
 */
export const CONSOLE_HEAP_GROWTH = "--heap-growing-percent=30";

/**
 * The Node arguments that start the console (server.ts: the payment API proxy beside Next.js) from the repository
 * at `root`, which must be the child's working directory. The one place that says how a console is started.
 */
export function consoleServerArguments(
  root: string,
  port: number,
  hostname: string,
  mode: RunMode = "production",
): string[] {
  // Without --enable-source-maps, unlike the service: with it Node keeps the source map of every module it loads,
  // Next.js's own included, about 80 MB of the console's heap at rest, which put it over its memory target
  // (docs/decisions/0066-the-console-runs-without-source-maps.md). NODE_OPTIONS=--enable-source-maps brings them back.
  const program =
    mode === "production"
      ? [CONSOLE_HEAP_GROWTH, serverBundle(root, "console")]
      : [...typeScriptLoader(root, true), path.join(root, "server.ts"), "--dev"];
  return [...program, "--port", String(port), "--hostname", hostname];
}

/**
 * The Node arguments that start the local payment service (service/server.ts; configured by its SERVICE_*
 * environment) from the repository at `root`.
 */
export function serviceServerArguments(root: string, mode: RunMode = "production"): string[] {
  if (mode === "production") return ["--enable-source-maps", serverBundle(root, "service")];
  // --watch-preserve-output: the launcher's log keeps what the service printed before a restart.
  return [
    "--watch",
    "--watch-preserve-output",
    ...typeScriptLoader(root, false),
    path.join(root, "service", "server.ts"),
  ];
}
