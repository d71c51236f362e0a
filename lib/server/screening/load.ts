import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { join } from "node:path";
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

/** Reads whichever known list files a folder holds (as in data/screening/lists), each as a stream. */
export async function loadListsFromDir(dir: string): Promise<ListLoad[]> {
  const file = (name: string) => join(dir, name);
  const loads: ListLoad[] = [];
  if (existsSync(file("UN_consolidated.xml")))
    loads.push(
      await attempt("un", file("UN_consolidated.xml"), () =>
        readUnConsolidated(createReadStream(file("UN_consolidated.xml")), "UN_consolidated.xml"),
      ),
    );
  if (existsSync(file("sdn.csv"))) {
    const optional = (name: string) => (existsSync(file(name)) ? createReadStream(file(name)) : undefined);
    loads.push(
      await attempt("ofac-sdn", file("sdn.csv"), () =>
        readOfacSdnCsv(
          {
            sdn: createReadStream(file("sdn.csv")),
            alt: optional("alt.csv"),
            add: optional("add.csv"),
            comments: optional("sdn_comments.csv"),
          },
          "sdn.csv",
        ),
      ),
    );
  }
  if (existsSync(file("ofac_consolidated_advanced.xml")))
    loads.push(
      await attempt("ofac-advanced", file("ofac_consolidated_advanced.xml"), () =>
        readOfacAdvanced(
          createReadStream(file("ofac_consolidated_advanced.xml")),
          "ofac_consolidated_advanced.xml",
        ),
      ),
    );
  if (existsSync(file("eu_fsf.xml")))
    loads.push(
      await attempt("eu-fsf", file("eu_fsf.xml"), () =>
        readEuFsf(createReadStream(file("eu_fsf.xml")), "eu_fsf.xml"),
      ),
    );
  return loads;
}
