import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ListLoad, ListSource } from "../../universal/screening/types";
import { readEuFsf } from "./lists/eu-fsf";
import { readOfacAdvanced } from "./lists/ofac-advanced";
import { readOfacSdnCsv } from "./lists/ofac-csv";
import { readUnConsolidated } from "./lists/un";

/** The sha256 of a file's bytes, read as a stream. */
async function fileHash(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * A list whose reader gave up (a truncated or malformed file): recorded as a load with no entries and the reason as
 * its parse error, so it is kept as a failed version and replaces nothing.
 */
async function attempt(listId: ListSource, file: string, read: () => Promise<ListLoad>): Promise<ListLoad> {
  try {
    return await read();
  } catch (error) {
    return {
      version: {
        listId,
        source: file.split(/[\\/]/).pop() ?? file,
        issuedOn: null,
        contentHash: await fileHash(file).catch(() => "unreadable"),
        counts: { entries: 0, names: 0, byKind: { person: 0, entity: 0, vessel: 0, aircraft: 0 } },
        parseErrors: [
          { at: "file", message: error instanceof Error ? error.message.slice(0, 300) : "unreadable" },
        ],
      },
      entries: [],
    };
  }
}

/** The lists published as one file each, by list: the file's name in a lists folder, and its reader. */
export const SINGLE_FILE_LISTS = {
  un: { file: "UN_consolidated.xml", read: readUnConsolidated },
  "ofac-advanced": { file: "ofac_consolidated_advanced.xml", read: readOfacAdvanced },
  "eu-fsf": { file: "eu_fsf.xml", read: readEuFsf },
} as const;
export type SingleFileList = keyof typeof SINGLE_FILE_LISTS;

/** Reads one list file as `listId`, as a stream; a reader that gives up is a load with its reason as a parse error. */
export function readListFile(listId: SingleFileList, path: string, source: string): Promise<ListLoad> {
  const { read } = SINGLE_FILE_LISTS[listId];
  return attempt(listId, path, () => read(createReadStream(path), source));
}

/**
 * Reads whichever known list files the folders hold (as in data/screening/lists), each as a stream: for each list,
 * the first folder that has it (uploaded lists before the shipped ones). OFAC's SDN CSV is a set of files read
 * from one folder together.
 */
export async function loadListsFromDirs(dirs: readonly string[]): Promise<ListLoad[]> {
  const firstWith = (name: string) => dirs.map((dir) => join(dir, name)).find((file) => existsSync(file));
  const loads: ListLoad[] = [];
  const un = firstWith(SINGLE_FILE_LISTS.un.file);
  if (un) loads.push(await readListFile("un", un, SINGLE_FILE_LISTS.un.file));
  const sdn = firstWith("sdn.csv");
  if (sdn) {
    const dir = dirname(sdn);
    const optional = (name: string) =>
      existsSync(join(dir, name)) ? createReadStream(join(dir, name)) : undefined;
    loads.push(
      await attempt("ofac-sdn", sdn, () =>
        readOfacSdnCsv(
          {
            sdn: createReadStream(sdn),
            alt: optional("alt.csv"),
            add: optional("add.csv"),
            comments: optional("sdn_comments.csv"),
          },
          "sdn.csv",
        ),
      ),
    );
  }
  for (const listId of ["ofac-advanced", "eu-fsf"] as const) {
    const file = firstWith(SINGLE_FILE_LISTS[listId].file);
    if (file) loads.push(await readListFile(listId, file, SINGLE_FILE_LISTS[listId].file));
  }
  return loads;
}

/** Reads the known list files of one folder (loadListsFromDirs). */
export const loadListsFromDir = (dir: string): Promise<ListLoad[]> => loadListsFromDirs([dir]);
