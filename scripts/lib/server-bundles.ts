import path from "node:path";
import type { Plugin } from "esbuild";

/** Where `npm run build` writes the compiled console and service processes (git-ignored). */
const DIST_DIR = "dist";

/** The processes' entry points, by the name of their bundle in dist/. */
export const SERVER_ENTRIES = { console: "server.ts", service: path.join("service", "server.ts") } as const;

export type ServerName = keyof typeof SERVER_ENTRIES;

export const serverBundle = (root: string, name: ServerName) => path.join(root, DIST_DIR, `${name}.js`);

/**
 * `import "server-only"` marks modules Next.js must keep out of the browser; outside Next.js's bundler the package
 * throws. In the console's own process it is the empty module that Next.js's server bundle resolves it to
 * (scripts/lib/server-only-condition.mjs does the same for the TypeScript run in development).
 */
const serverOnlyIsEmpty: Plugin = {
  name: "server-only-is-empty",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

/**
 * Compiles server.ts and service/server.ts, with everything of the repository they import, into one ES module each
 * in dist/ (or `outdir`, which must be inside the repository: they find it from there; with source maps; the launcher runs them with --enable-source-maps). Packages stay in node_modules.
 */
export async function bundleServers(root: string, outdir = path.join(root, DIST_DIR)): Promise<void> {
  // Loaded only when building: esbuild is a development dependency.
  const { build } = await import("esbuild");
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, entry]) => [name, path.join(root, entry)]),
    ),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    sourcemap: true,
    plugins: [serverOnlyIsEmpty],
    logLevel: "warning",
  });
}
