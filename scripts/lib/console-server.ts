import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The Node arguments that start the console (server.ts: the payment API proxy beside Next.js's production
 * server) from the repository at `root`, which must be the child's working directory.
 */
export function consoleServerArguments(root: string, port: number, hostname: string): string[] {
  return [
    "--import",
    "tsx",
    "--import",
    pathToFileURL(path.join(root, "scripts", "lib", "server-only-condition.mjs")).href,
    path.join(root, "server.ts"),
    "--port",
    String(port),
    "--hostname",
    hostname,
  ];
}
