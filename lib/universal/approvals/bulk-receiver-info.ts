import type { Customer } from "../../../shared/contract";
import type { Requested } from "./bulk-approve";
import {
  approvalFormFields,
  prefillReceiverInfo,
  RECEIVER_FIELD_PRESENTATION,
  toReceiverCustomerInfo,
} from "./receiver-info";
import { receiverInfoFormSchema } from "./receiver-info-schema";

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
