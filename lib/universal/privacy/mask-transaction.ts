import { maskCounterparty, type PersonalDataCategory } from "./fields";
import { isPaymentScreening, maskPaymentScreening } from "./mask-screening";
import { REASON_WITHHELD, readsReasonsAboutSenders } from "./reason-withheld";

/** Set beside a masked counterpartyInformation: which of its fields the console masked (not a field of the API). */
export const MASKED_FIELDS_KEY = "maskedCounterpartyFields";

/**
 * Whether an object is a payment from a sender (the API's incoming transaction, in an answer or a webhook), whose
 * rejection reason is free text about that sender: whoever wrote it (a person here, a policy, or someone with the
 * API's credential directly), the API's record does not say.
 */
const isIncomingPayment = (value: Record<string, unknown>): boolean =>
  value.type === "INCOMING" || isRecord(value.counterpartyInformation);

/** A person's decision on a payment as the console reads it from its audit log (TransactionDecisionRecord). */
const isPersonsRejection = (value: Record<string, unknown>): boolean =>
  value.decision === "rejected" && isRecord(value.by) && typeof value.reason === "string";

const MAX_DEPTH = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Any JSON the console passes on (a transaction, a page of them, a webhook's payload, a delivery log) with every
 * `counterpartyInformation` in it masked where the role may not see it, and the masked fields' names beside it. For
 * a role that sees the sender's name masked, what people wrote about a sender is withheld too (REASON_WITHHELD): an
 * incoming payment's rejection reason, a person's rejection on its timeline, a screening's decision reasons.
 * Returns the same object when nothing needed masking.
 */
export function maskPersonalData<T>(json: T, visible: readonly PersonalDataCategory[], depth = 0): T {
  if (depth > MAX_DEPTH || typeof json !== "object" || json === null) return json;
  if (Array.isArray(json)) {
    let changed = false;
    const out = json.map((item) => {
      const masked = maskPersonalData(item, visible, depth + 1);
      if (masked !== item) changed = true;
      return masked;
    });
    return (changed ? out : json) as T;
  }
  // A payment sender's screening holds the sender's data in its own shape (issue 48).
  if (isPaymentScreening(json)) return maskPaymentScreening(json, visible) as T;
  let out: Record<string, unknown> | undefined;
  const record = json as Record<string, unknown>;
  if (!readsReasonsAboutSenders(visible)) {
    if (typeof record.rejectionReason === "string" && isIncomingPayment(record)) {
      out = { ...record, rejectionReason: REASON_WITHHELD };
    } else if (isPersonsRejection(record)) {
      out = { ...record, reason: REASON_WITHHELD };
    }
  }
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    let next: unknown = value;
    if (key === "counterpartyInformation" && isRecord(value)) {
      const { information, masked } = maskCounterparty(value, visible);
      if (masked.length > 0) {
        out ??= { ...(json as Record<string, unknown>) };
        out[key] = information;
        out[MASKED_FIELDS_KEY] = masked;
      }
      continue;
    }
    next = maskPersonalData(value, visible, depth + 1);
    if (next !== value) {
      out ??= { ...(json as Record<string, unknown>) };
      out[key] = next;
    }
  }
  return (out ?? json) as T;
}

/** Which fields of a counterpartyInformation the console masked (from the key beside it), for the browser. */
export function maskedFieldsOf(holder: Record<string, unknown> | undefined): string[] {
  const value = holder?.[MASKED_FIELDS_KEY];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
