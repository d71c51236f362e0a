import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { Role } from "../../universal/auth/permissions";
import { maskedFieldReason, maskedRuleFields } from "../../universal/policies/field-permission";
import type { PolicyDocument } from "../../universal/policies/rules";
import { visibleCategories } from "../privacy/visibility";

/**
 * Refuses (403) a document with a clause over a sender field the person's role sees masked: saving, proposing or
 * backtesting it would let them learn what the mask hides. Policies already in force still run, as the console.
 */
export async function assertRuleFieldsVisible(
  role: Role,
  document: Pick<PolicyDocument, "rules">,
): Promise<void> {
  const masked = maskedRuleFields(document, await visibleCategories(role));
  const [first] = masked;
  if (first === undefined) return;
  throw new ApiError(403, "FIELD_MASKED_FOR_ROLE", maskedFieldReason(first), { fields: masked });
}
