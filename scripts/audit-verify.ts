// npm run audit:verify [-- --csv audit-log.csv [--complete] | --evidence evidence.json] — checks the audit log's hash chain,
// and with the audit key its rows' macs and the signed checkpoints kept outside the database (lib/server/audit/anchor.ts)
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  AnchorChecker,
  type AuditKey,
  auditCheckpointFile,
  auditKeyOf,
  readCheckpoints,
  writeAuditCheckpoint,
} from "../lib/server/audit/anchor";
import type { ChainChecker, ChainRow } from "../lib/server/audit/chain";
import { checkCopiedRows, verifyAuditCsv } from "../lib/server/audit/csv-verify";
import { verifyAuditChain } from "../lib/server/audit/verify";
import { createConsoleDatabase } from "../lib/server/db/client";
import { consoleDatabaseUrl } from "./lib/console-database-url";

function report(checker: ChainChecker, what: string): number {
  const { withheld } = checker;
  if (checker.problems.length === 0 && withheld.length === 0) {
    console.log(`audit log verified: ${checker.rows} rows of ${what}, every hash and link intact`);
    return 0;
  }
  if (withheld.length > 0) {
    // Not broken: the copy was made for a role that sees senders' names masked (decision 0074).
    console.log(
      `${withheld.length} of ${checker.rows} rows of ${what} not verifiable by this role: their contents were withheld from the role that took the copy, so their hash cannot be recomputed; their links to their neighbours are checked`,
    );
    for (const row of withheld) console.log(`  row ${row.id}: ${row.fields.join(", ")} withheld`);
  }
  if (checker.problems.length === 0) {
    console.log(
      `audit log verified as far as this copy allows: ${checker.rows - withheld.length} rows of ${what} with every hash intact, every link intact`,
    );
    return 0;
  }
  console.error(
    `audit log NOT intact: ${checker.problems.length} problem(s) in ${checker.rows} rows of ${what}`,
  );
  for (const problem of checker.problems) console.error(`  ${problem.message}`);
  return 1;
}

/**
 * The key the console keys its rows with: AUDIT_HMAC_KEY or AUTH_SECRET as the console has them, else the launcher's
 * secrets file, read only for the embedded database (no DATABASE_URL) or when DATA_DIR names the data directory.
 */
function auditKeyFor(source: NodeJS.ProcessEnv): AuditKey | null {
  const key = auditKeyOf(source);
  if (key || (source.DATABASE_URL && !source.DATA_DIR)) return key;
  const secrets = path.resolve(source.DATA_DIR ?? ".data", "secrets", "secrets.json");
  if (!existsSync(secrets)) return null;
  const { authSecret } = JSON.parse(readFileSync(secrets, "utf8")) as { authSecret?: string };
  return auditKeyOf({ AUTH_SECRET: authSecret });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { csv: { type: "string" }, complete: { type: "boolean" }, evidence: { type: "string" } },
  });
  if (values.evidence) {
    const evidence = JSON.parse(readFileSync(values.evidence, "utf8")) as { auditRows?: ChainRow[] };
    if (!Array.isArray(evidence.auditRows)) {
      console.error(`${values.evidence} holds no auditRows: is it a payment's evidence file?`);
      return 2;
    }
    return report(checkCopiedRows(evidence.auditRows), values.evidence);
  }
  if (values.csv) {
    const checker = verifyAuditCsv(readFileSync(values.csv, "utf8"), { complete: values.complete === true });
    return report(checker, values.csv);
  }
  let url: string;
  try {
    url = consoleDatabaseUrl();
  } catch (error) {
    console.error(error instanceof Error ? error.message : "The console's database is not configured.");
    return 2;
  }
  const db = createConsoleDatabase(url, { max: 1 });
  try {
    const key = auditKeyFor(process.env);
    if (!key) {
      console.log(
        "without the audit key (AUDIT_HMAC_KEY or AUTH_SECRET, or DATA_DIR's secrets): the chain only, not the macs nor the checkpoints",
      );
      return report(await verifyAuditChain(db), "the console's database");
    }
    const file = auditCheckpointFile(process.env);
    const { checkpoints, unreadable } = readCheckpoints(file);
    const anchor = new AnchorChecker(key, checkpoints, unreadable, file);
    const checker = await verifyAuditChain(db, anchor);
    const code = report(checker, "the console's database");
    console.log(
      `keyed: ${anchor.keyed} rows' macs checked, ${anchor.notKeyed} older rows not keyed; ${anchor.checkpointsChecked} checkpoint(s) of ${file} checked`,
    );
    // An intact log is anchored again; a broken one never is, so its state cannot become the reference.
    if (code === 0) await writeAuditCheckpoint(db, key, file);
    return code;
  } catch (error) {
    const code = (error as { code?: string }).code;
    console.error(
      code === "ECONNREFUSED"
        ? "The console's database is not running: start it (npm start) or set DATABASE_URL."
        : `Could not read the audit log: ${error instanceof Error ? error.name : "error"}${code ? ` (${code})` : ""}`,
    );
    return 2;
  } finally {
    await db.pool.end();
  }
}

main().then((code) => process.exit(code));
