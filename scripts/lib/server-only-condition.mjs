// Lets the console's server (server.ts) import server-side modules as plain Node modules. They start with
// `import "server-only"`, a marker that Next.js's bundler resolves with the "react-server" condition to an empty
// module and that throws anywhere else; this hook resolves that one package the same way. Used where TypeScript runs
// through tsx: `npm run dev`'s console, the launcher and the scripts. The compiled console (dist/console.js) needs
// no hook: its bundle maps the package to the empty module (scripts/lib/server-bundles.ts).
//   node --import tsx --import ./scripts/lib/server-only-condition.mjs server.ts --dev
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}

// Imported with --import, this module registers itself as the hook; loaded as the hook (in the loader's own
// thread), it does nothing more.
if (isMainThread) register(import.meta.url);
