import "server-only";
import type { ChainRow } from "../../universal/audit/chain-row";
import type { PersonalDataCategory } from "../../universal/privacy/fields";
import { auditRowForReader, readsReasonsAboutSenders } from "../../universal/privacy/reason-withheld";

/**
 * An evidence file's audit row as the audit log's view shows it to the generating person's role
 * (lib/universal/privacy/reason-withheld.ts): what the view withholds from a role that sees senders' names masked is
 * withheld here too, and named in `withheld` (as `summary.<field>`); the row's prevHash and hash stay, so its place in
 * the chain still checks though its own hash cannot be recomputed from the file (decision 0074, amendment).
 */
export function auditRowAsRead(row: ChainRow, visible: readonly PersonalDataCategory[]): ChainRow {
  const reader = { readsSenderReasons: readsReasonsAboutSenders(visible) };
  if (reader.readsSenderReasons) return row;
  const parsed: unknown = JSON.parse(row.summary);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return row;
  const summary = parsed as Record<string, unknown>;
  const { row: shown, withheld } = auditRowForReader({ action: row.action, summary }, reader);
  if (withheld.length === 0) return row;
  return {
    ...row,
    summary: JSON.stringify(shown.summary),
    withheld: withheld.map((field) => `summary.${field}`),
  };
}
