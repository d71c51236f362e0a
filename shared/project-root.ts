import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's root: the nearest folder at or above `moduleUrl`'s with a package.json. Files the programs read
 * at run time (migrations, Next.js's build) are found from here, not from the module's own folder, which differs
 * between the source (`service/db/migrate.ts`) and the compiled bundle (`dist/service.js`).
 */
export function projectRoot(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json at or above ${start}`);
  }
}
