import "server-only";
import { actorWithoutPerson } from "../../universal/audit/actor";
import { csvCell, csvLine } from "../../universal/csv/cells";
import { auditRowForReader } from "../../universal/privacy/reason-withheld";
import type { AuditRow } from "./entries";

/**
 * An audit entry as the export writes it: every field the chain hashes, and the hashes; `withheld` names the details'
 * fields withheld from the reader's role (then `summaryText` is the details as that role reads them, not as hashed);
 * `actorName` is the name the team knows the actor by now (lib/server/team/names-by-email.ts), which no hash covers.
 */
export type AuditCsvRow = Omit<AuditRow, "summary" | "mac"> & {
  withheld?: readonly string[];
  actorName?: string | null;
};

/** The columns, in the order an auditor's copy keeps them; `npm run audit:verify -- --csv` reads them by name. */
const AUDIT_CSV_COLUMNS = [
  "id",
  "occurred_at",
  "actor_id",
  "actor_email",
  "actor_name",
  "actor_role",
  "action",
  "target_id",
  "outcome",
  "upstream_status",
  "request_id",
  "client_request_id",
  "details",
  "prev_hash",
  "hash",
  "withheld",
] as const;

export const AUDIT_CSV_HEADER = csvLine([...AUDIT_CSV_COLUMNS]);

/**
 * An audit entry as one CSV line: times in ISO 8601 UTC, the details as the JSON text the log keeps (and hashed),
 * every text cell defused against spreadsheet formulas (a reason typed by a person is in there); the hashes let an
 * auditor check the copy (`npm run audit:verify -- --csv <file>`). Who acted is named as the log's view names them:
 * a member by their name (empty for one since removed: the email stays), an entry no person made by the approval
 * policy's version that decided, or "anonymous".
 */
export function auditCsvLine(row: AuditCsvRow): string {
  const number = (value: number | null) => csvCell(value, { text: false });
  return csvLine([
    number(row.id),
    csvCell(row.occurredAt.toISOString(), { text: false }),
    csvCell(row.actorId),
    csvCell(row.actorEmail),
    csvCell(row.actorEmail ? (row.actorName ?? "") : actorWithoutPerson(row.summaryText)),
    csvCell(row.actorRole),
    csvCell(row.action),
    csvCell(row.targetId),
    csvCell(row.outcome),
    number(row.upstreamStatus),
    csvCell(row.requestId),
    csvCell(row.clientRequestId),
    csvCell(row.summaryText),
    csvCell(row.prevHash, { text: false }),
    csvCell(row.hash, { text: false }),
    csvCell((row.withheld ?? []).join(" "), { text: false }),
  ]);
}

/**
 * An entry as the export gives it to a reader: for a role that sees senders' names masked, exactly what the audit
 * log's view withholds from that role (lib/universal/privacy/reason-withheld.ts) is withheld here too, its details
 * then written as that role reads them, and the fields withheld named in `withheld` (as `details.<field>`), so a
 * verifier keeps the row's hashes and links but knows it cannot recompute this row's hash (decision 0074).
 */
export function auditCsvRowFor(row: AuditRow, reader: { readsSenderReasons: boolean }): AuditCsvRow {
  const { row: shown, withheld } = auditRowForReader(row, reader);
  if (withheld.length === 0) return row;
  return {
    ...shown,
    summaryText: JSON.stringify(shown.summary),
    withheld: withheld.map((field) => `details.${field}`),
  };
}
