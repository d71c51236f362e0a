import "server-only";
import { csvCell, csvLine } from "../../universal/csv/cells";
import type { AuditRow } from "./entries";

/** An audit entry as the export reads it: every field the chain hashes, and the hashes. */
export type AuditCsvRow = Omit<AuditRow, "summary" | "mac">;

/** The columns, in the order an auditor's copy keeps them; `npm run audit:verify -- --csv` reads them by name. */
const AUDIT_CSV_COLUMNS = [
  "id",
  "occurred_at",
  "actor_id",
  "actor_email",
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
] as const;

export const AUDIT_CSV_HEADER = csvLine([...AUDIT_CSV_COLUMNS]);

/**
 * An audit entry as one CSV line: times in ISO 8601 UTC, the details as the JSON text the log keeps (and hashed),
 * every text cell defused against spreadsheet formulas (a reason typed by a person is in there); the hashes let an
 * auditor check the copy (`npm run audit:verify -- --csv <file>`).
 */
export function auditCsvLine(row: AuditCsvRow): string {
  const number = (value: number | null) => csvCell(value, { text: false });
  return csvLine([
    number(row.id),
    csvCell(row.occurredAt.toISOString(), { text: false }),
    csvCell(row.actorId),
    csvCell(row.actorEmail),
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
  ]);
}
