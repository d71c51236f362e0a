// npm run build — the production build: Next.js's (`next build`) and the console's and the service's processes
// compiled to JavaScript in dist/ (scripts/lib/build.ts). `npm start` runs the same when a part is missing or stale.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "./lib/build";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
build(root, undefined, (message) => process.stdout.write(`[build] ${message}\n`)).catch((error: unknown) => {
  process.stderr.write(`[build] failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
