import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * V8's explicit compile hint (Chrome 136 and later; to other engines it is a comment): a script whose first line is this
 * comment has every function compiled as it is loaded, on a background thread while it streams in, instead of each
 * function being compiled on the main thread the first time it is called. Next.js's chunks are lists of module
 * factories, each compiled on the main thread when the page first requires it: 160 ms of a throttled list page's
 * load before hydration could begin (docs/ARCHITECTURE.md, "What a page does while it hydrates").
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts the compile hint at the top of every JavaScript chunk of a Next.js build (`<distDir>/static/chunks`): the
 * chunks a page loads first are all run as it loads, and the others (a dialog, a form, zod) are fetched when they are
 * about to run. A chunk's source map, when the build made one, is moved down the one line the hint takes, so its
 * positions still point at the code. Idempotent: a chunk that starts with the hint is left as it is.
 */
export function addCompileHints(distDir: string): { hinted: number } {
  const chunks = path.join(distDir, "static", "chunks");
  if (!existsSync(chunks)) return { hinted: 0 };
  let hinted = 0;
  for (const file of javaScriptFiles(chunks)) {
    const code = readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + code);
    const map = sourceMapOf(file, code);
    if (map) writeFileSync(map, shiftedSourceMap(readFileSync(map, "utf8")));
    hinted++;
  }
  return { hinted };
}

function javaScriptFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...javaScriptFiles(full));
    else if (entry.name.endsWith(".js")) files.push(full);
  }
  return files;
}

/** The source map a chunk names in its last `sourceMappingURL` comment, when it is a file beside the chunk. */
function sourceMapOf(file: string, code: string): string | undefined {
  const name = /\/\/# sourceMappingURL=([^\s]+)\s*$/.exec(code)?.[1];
  if (!name || name.includes(":") || name.includes("/")) return undefined;
  const map = path.join(path.dirname(file), name);
  return existsSync(map) ? map : undefined;
}

interface SourceMap {
  mappings?: string;
  sections?: { offset: { line: number; column: number } }[];
}

/** A source map for the same code one line lower: a plain map gets an empty first line, an index map's sections move. */
function shiftedSourceMap(text: string): string {
  const map = JSON.parse(text) as SourceMap;
  if (map.sections) {
    for (const section of map.sections) section.offset.line += 1;
  } else if (typeof map.mappings === "string") {
    map.mappings = `;${map.mappings}`;
  }
  return JSON.stringify(map);
}
