import { csvCell, csvLine } from "../csv/cells";
import type { AuditRow } from "./entries";

/** An audit entry as the export reads it: the database row (who the actor's id was is left to their email). */
export type AuditCsvRow = Omit<AuditRow, "actorId">;

export const AUDIT_CSV_COLUMNS = [
  "id",
  "occurred_at",
  "actor_email",
  "actor_role",
  "action",
  "target_id",
  "outcome",
  "upstream_status",
  "request_id",
  "details",
] as const;

export const AUDIT_CSV_HEADER = csvLine([...AUDIT_CSV_COLUMNS]);

/**
 * An audit entry as one CSV line: times in ISO 8601 UTC, the details as the JSON the log keeps (a reason typed by a
 * person is in there, so every text cell is defused against spreadsheet formulas).
 */
export function auditCsvLine(row: AuditCsvRow): string {
  const number = (value: number | null) => csvCell(value, { text: false });
  return csvLine([
    number(row.id),
    csvCell(row.occurredAt.toISOString(), { text: false }),
    csvCell(row.actorEmail),
    csvCell(row.actorRole),
    csvCell(row.action),
    csvCell(row.targetId),
    csvCell(row.outcome),
    number(row.upstreamStatus),
    csvCell(row.requestId),
    csvCell(Object.keys(row.summary).length > 0 ? JSON.stringify(row.summary) : ""),
  ]);
}
