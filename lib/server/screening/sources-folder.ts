import "server-only";
import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { env } from "../env";

/**
 * The one folder a list source's file path may name (SCREENING_SOURCES_DIR; the launcher sets
 * `<DATA_DIR>/screening-sources` and makes it): a path source reads nothing else on the console's host. Unset, no
 * path source is accepted.
 */
export const sourcesDir = (): string | undefined => env().SCREENING_SOURCES_DIR;

/** Why a path is refused, in words that name the folder allowed and nothing of what lies outside it. */
export class OutsideSourcesFolder extends Error {}

const inside = (folder: string, path: string) => {
  const rest = relative(folder, path);
  return rest !== "" && !rest.startsWith(`..${sep}`) && rest !== ".." && !isAbsolute(rest);
};

/**
 * The real path (symbolic links and `..` resolved) of the file `location` names, when it lies inside `folder`
 * (itself resolved); else throws OutsideSourcesFolder. A path outside the folder is refused before anything is
 * looked up there, so the answer says nothing of what exists outside it.
 */
export async function pathInSourcesFolder(location: string, folder: string | undefined): Promise<string> {
  if (!folder)
    throw new OutsideSourcesFolder("This console reads list sources from no folder: give an http(s) URL.");
  const refused = new OutsideSourcesFolder(`Give the path of a file inside ${folder}.`);
  if (!isAbsolute(location)) throw refused;
  const base = await realpath(folder).catch(() => undefined);
  if (!base) throw new OutsideSourcesFolder(`The folder for list sources, ${folder}, does not exist.`);
  const named = resolve(location);
  if (!inside(resolve(folder), named) && !inside(base, named)) throw refused;
  const real = await realpath(named).catch(() => undefined);
  if (!real) throw new OutsideSourcesFolder(`There is no file at ${named} in ${folder}.`);
  if (!inside(base, real)) throw refused;
  return real;
}
