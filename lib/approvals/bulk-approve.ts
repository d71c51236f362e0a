import type { Customer } from "../../shared/contract";
import {
  approvalFormFields,
  prefillReceiverInfo,
  RECEIVER_FIELD_PRESENTATION,
  toReceiverCustomerInfo,
} from "./receiver-info";
import { receiverInfoFormSchema } from "./receiver-info-schema";

type Requested = readonly { name: string; mandatory: boolean }[];

/** Whether approving needs the recipient's customer record (the sender's side asked about them). */
export function needsCustomerRecord(requested: Requested): boolean {
  return approvalFormFields(requested).length > 0;
}

/**
 * What approving with several others at once sends about the recipient: every requested field the customer record
 * holds, checked as the approval form checks it. Where a mandatory one is missing or a value is not valid, the payment
 * is not approved in bulk: `missing` names the fields, and the officer approves it on its own, filling them in.
 */
export function bulkReceiverInfo(
  requested: Requested,
  customer: Customer | undefined,
): { info: Record<string, string> } | { missing: string[] } {
  const fields = approvalFormFields(requested);
  const values = prefillReceiverInfo(fields, customer);
  const checked = receiverInfoFormSchema(fields).safeParse(values);
  if (checked.success)
    return { info: toReceiverCustomerInfo(checked.data as Record<string, string | undefined>) };
  const invalid = new Set(checked.error.issues.map((issue) => String(issue.path[0])));
  const missing = fields
    .filter((field) => invalid.has(field.name))
    .map((field) => RECEIVER_FIELD_PRESENTATION[field.name].label);
  return { missing };
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
