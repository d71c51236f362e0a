import { csvCell, csvLine } from "../csv/cells";

/** One audit entry as the export writes it (the database row, or the same fields as JSON). */
export interface AuditCsvRow {
  id: number;
  occurredAt: Date | string;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetId: string | null;
  outcome: string;
  upstreamStatus: number | null;
  requestId: string;
  summary: Record<string, unknown>;
}

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
    csvCell(row.occurredAt instanceof Date ? row.occurredAt.toISOString() : row.occurredAt, { text: false }),
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

/** `audit-log-2025-03-10.csv`, dated by the export's own day in UTC. */
export function auditCsvFilename(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}
