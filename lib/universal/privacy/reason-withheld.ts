import type { PersonalDataCategory } from "./fields";

/**
 * What stands instead of free text people wrote about a sender (a payment's rejection reason, a screening match's
 * dismissal or confirmation reason, a person's rejection on the timeline) for a role that sees the sender's name
 * masked: such text can say anything about them, the name first (decision 0074, "Free text about a sender").
 */
export const REASON_WITHHELD =
  "Reason withheld: it is about the sender, whose details your role sees masked.";

/** Whether a role that sees `visible` reads what people wrote about a sender: only one that sees who they are. */
export const readsReasonsAboutSenders = (visible: readonly PersonalDataCategory[]): boolean =>
  visible.includes("name");

/** A reason as a page says it: "Reason: …", or the sentence that says it was withheld. */
export const reasonSentence = (reason: string): string =>
  reason === REASON_WITHHELD ? REASON_WITHHELD : `Reason: ${reason}`;

/** The audit log's actions whose `reason` is what a person wrote about a payment's sender. */
const SENDER_REASON_ACTIONS = new Set(["payment.reject", "screening.confirm", "screening.dismiss"]);

/**
 * An audit row as the log's view shows it to a role that does not read what people wrote about senders: a
 * rejection's, dismissal's or confirmation's `reason` withheld from its summary. The chain keeps the text as hashed;
 * the export and the evidence file give such a role the row this way too (`auditRowForReader`).
 */
export function withheldAuditReason<Row extends { action: string; summary: Record<string, unknown> }>(
  row: Row,
): Row {
  if (!SENDER_REASON_ACTIONS.has(row.action) || typeof row.summary.reason !== "string") return row;
  // A policy's rejection gives its rule's reason code, written about no sender.
  if (row.summary.by === "policy") return row;
  return { ...row, summary: { ...row.summary, reason: REASON_WITHHELD } };
}

/**
 * An audit row as a copy of the log (the CSV export, the evidence file's audit rows) gives it to a reader: exactly as
 * the log's view shows it to their role (`withheldAuditReason`), with the summary's fields it withheld named, so the
 * copy can mark the row plainly: its hashes are kept, but its own hash cannot be recomputed from what the copy holds
 * (decision 0074, amendment). A role that reads reasons about senders gets the row whole.
 */
export function auditRowForReader<Row extends { action: string; summary: Record<string, unknown> }>(
  row: Row,
  reader: { readsSenderReasons: boolean },
): { row: Row; withheld: string[] } {
  if (reader.readsSenderReasons) return { row, withheld: [] };
  const shown = withheldAuditReason(row);
  const withheld = Object.keys(row.summary).filter((key) => shown.summary[key] !== row.summary[key]);
  return { row: shown, withheld };
}
