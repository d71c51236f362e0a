import "server-only";
import { parse } from "csv-parse/sync";
import { withoutFormulaGuard } from "../../universal/csv/cells";
import { ChainChecker, type ChainRow } from "./chain";

/**
 * A cell the export may have defused: an apostrophe before what a spreadsheet reads as a formula, or before such text
 * behind apostrophes of the person's own (withFormulaGuard).
 */
const isDefused = (cell: string) => withoutFormulaGuard(cell) !== cell;

/**
 * Checks an exported copy of the audit log (lib/server/audit/csv.ts): every row's hash against its cells, and the link
 * between rows whose ids follow each other. A filtered export has gaps in its ids; those are not reported, only a
 * broken link between neighbours is. Cells the export defused (a leading apostrophe before = + - @ or a compatibility
 * form of one) are read back
 * both ways, since the apostrophe may have been the person's own. A `complete` copy (an export without filters) is
 * checked as the database is: from the chain's first row, every link, so a removed row is named. A row the `withheld`
 * column marks (its details withheld from the exporting person's role) is linked but its hash not recomputed: the
 * checker lists it as not verifiable by that role.
 */
export function verifyAuditCsv(text: string, { complete = false } = {}): ChainChecker {
  const records: Record<string, string>[] = parse(text.replace(/^\uFEFF/, ""), {
    columns: true,
    skip_empty_lines: true,
  });
  return checkCopiedRows(records.map(toChainRow).map(undefuse), { complete });
}

/**
 * Checks a copy of audit rows (an export, an evidence file): every row's hash against its fields, and each link
 * between neighbouring ids. With `complete`, the copy must be the whole chain from its start.
 */
export function checkCopiedRows(copied: readonly ChainRow[], { complete = false } = {}): ChainChecker {
  const rows = [...copied].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const checker = new ChainChecker(complete);
  let previous: ChainRow | null = null;
  for (const row of rows) {
    // Rows that are not neighbours start a new segment: their link cannot be checked from this copy.
    if (!complete && previous && BigInt(previous.id) + 1n !== BigInt(row.id)) checker.restart();
    checker.check(row);
    previous = row;
  }
  return checker;
}

function toChainRow(record: Record<string, string>): ChainRow {
  const cell = (name: string) => record[name] ?? "";
  return {
    id: cell("id"),
    occurredAt: cell("occurred_at"),
    actorId: cell("actor_id"),
    actorEmail: cell("actor_email"),
    actorRole: cell("actor_role"),
    action: cell("action"),
    targetId: cell("target_id"),
    outcome: cell("outcome"),
    upstreamStatus: cell("upstream_status"),
    requestId: cell("request_id"),
    clientRequestId: cell("client_request_id"),
    summary: cell("details"),
    prevHash: cell("prev_hash"),
    hash: cell("hash"),
    withheld: cell("withheld").split(" ").filter(Boolean),
  };
}

const TEXT_FIELDS = [
  "actorEmail",
  "actorRole",
  "action",
  "targetId",
  "outcome",
  "requestId",
  "clientRequestId",
  "summary",
] as const;

/** The row as it was before defusing: of every reading of the defused cells, the one whose hash matches. */
function undefuse(row: ChainRow): ChainRow {
  if (row.withheld && row.withheld.length > 0) return row;
  const defused = TEXT_FIELDS.filter((field) => isDefused(row[field] ?? ""));
  // At most 2^8 readings, and only for rows whose cells start with an apostrophe and a formula character.
  for (let mask = 1; mask < 1 << defused.length; mask++) {
    const candidate = { ...row };
    defused.forEach((field, index) => {
      if (mask & (1 << index)) candidate[field] = withoutFormulaGuard(row[field] ?? "");
    });
    if (ChainChecker.hashMatches(candidate)) return candidate;
  }
  return row;
}
