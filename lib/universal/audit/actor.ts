/**
 * Who made an entry that has no person behind it, as the audit log and a payment's evidence say it: the approval
 * policies, with the version that decided ("Approval policy v3"), or "anonymous" (a request refused before anyone
 * was known). `summary` is the entry's summary, as an object or as the JSON text an evidence file copies.
 */
export function actorWithoutPerson(summary: unknown): string {
  const fields = summaryFields(summary);
  if (fields.by !== "policy") return "anonymous";
  return typeof fields.policyVersion === "number"
    ? `Approval policy v${fields.policyVersion}`
    : "Approval policy";
}

function summaryFields(summary: unknown): Record<string, unknown> {
  let value = summary;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
