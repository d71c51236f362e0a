// npm run audit:verify [-- --csv audit-log.csv [--complete] | --evidence evidence.json] — checks the audit log's hash chain
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ChainChecker, ChainRow } from "../lib/audit/chain";
import { checkCopiedRows, verifyAuditCsv } from "../lib/audit/csv-verify";
import { verifyAuditChain } from "../lib/audit/verify";
import { createConsoleDatabase } from "../lib/db/client";
import { consoleDatabaseUrl } from "./lib/console-database-url";

function report(checker: ChainChecker, what: string): number {
  if (checker.problems.length === 0) {
    console.log(`audit log verified: ${checker.rows} rows of ${what}, every hash and link intact`);
    return 0;
  }
  console.error(
    `audit log NOT intact: ${checker.problems.length} problem(s) in ${checker.rows} rows of ${what}`,
  );
  for (const problem of checker.problems) console.error(`  ${problem.message}`);
  return 1;
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
    return report(await verifyAuditChain(db), "the console's database");
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
