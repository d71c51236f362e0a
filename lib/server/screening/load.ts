import "server-only";
import { createReadStream, existsSync } from "node:fs";
import { join } from "node:path";
import type { ListLoad } from "../../universal/screening/types";
import { readEuFsf } from "./lists/eu-fsf";
import { readOfacAdvanced } from "./lists/ofac-advanced";
import { readOfacSdnCsv } from "./lists/ofac-csv";
import { readUnConsolidated } from "./lists/un";

/** Reads whichever known list files a folder holds (as in data/screening/lists), each as a stream. */
export async function loadListsFromDir(dir: string): Promise<ListLoad[]> {
  const file = (name: string) => join(dir, name);
  const loads: ListLoad[] = [];
  if (existsSync(file("UN_consolidated.xml")))
    loads.push(
      await readUnConsolidated(createReadStream(file("UN_consolidated.xml")), "UN_consolidated.xml"),
    );
  if (existsSync(file("sdn.csv"))) {
    const optional = (name: string) => (existsSync(file(name)) ? createReadStream(file(name)) : undefined);
    loads.push(
      await readOfacSdnCsv(
        {
          sdn: createReadStream(file("sdn.csv")),
          alt: optional("alt.csv"),
          add: optional("add.csv"),
          comments: optional("sdn_comments.csv"),
        },
        "sdn.csv",
      ),
    );
  }
  if (existsSync(file("ofac_consolidated_advanced.xml")))
    loads.push(
      await readOfacAdvanced(
        createReadStream(file("ofac_consolidated_advanced.xml")),
        "ofac_consolidated_advanced.xml",
      ),
    );
  if (existsSync(file("eu_fsf.xml")))
    loads.push(await readEuFsf(createReadStream(file("eu_fsf.xml")), "eu_fsf.xml"));
  return loads;
}
