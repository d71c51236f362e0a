import type { requiredCustomerPaths } from "@/lib/client/api/customers";

export type RequiredPaths = ReturnType<typeof requiredCustomerPaths>;

/**
 * A field's `required`, `error` and `description` props. Provider-required fields are marked, and their hint names
 * the currencies that demand them; while the field shows its error, which names the same currencies, the hint steps
 * aside.
 */
export function requirementProps(
  required: RequiredPaths,
  path: string,
  error: { message?: string | undefined } | undefined,
  hint?: string,
) {
  const entry = required.get(path);
  const because = entry && !error?.message ? `Required for ${entry.currencies.join(", ")}.` : undefined;
  return {
    required: Boolean(entry),
    error,
    description: [because, hint].filter(Boolean).join(" ") || undefined,
  };
}
