import { approvalFormFields } from "./receiver-info";

export type Requested = readonly { name: string; mandatory: boolean }[];

/** Whether approving needs the recipient's customer record (the sender's side asked about them). */
export function needsCustomerRecord(requested: Requested): boolean {
  return approvalFormFields(requested).length > 0;
}

export interface BulkOutcome {
  id: string;
  approved: boolean;
  /** Why not, when not approved. */
  reason?: string;
}

/** "Approved 2 of 3." and the ones that were not, each with why. */
export function bulkSummary(outcomes: readonly BulkOutcome[]): string {
  const approved = outcomes.filter((outcome) => outcome.approved).length;
  const head = `Approved ${approved} of ${outcomes.length} payment${outcomes.length === 1 ? "" : "s"}.`;
  const refused = outcomes.filter((outcome) => !outcome.approved);
  if (refused.length === 0) return head;
  return `${head} Not approved: ${refused.map((outcome) => `${outcome.id} (${outcome.reason})`).join("; ")}.`;
}
