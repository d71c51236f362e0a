import { RECEIVER_FIELD_PRESENTATION } from "@/lib/universal/approvals/receiver-info";
import type { Transaction, UserInfoFieldName } from "@/shared/contract";

/** Reading a transaction's loosely typed fields for display. */
export function textField(transaction: Transaction, key: string): string | undefined {
  const value = transaction[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function endpointOf(endpoint: Record<string, unknown> | undefined): string | undefined {
  if (!endpoint) return undefined;
  for (const key of ["accountId", "umaAddress"]) {
    const value = endpoint[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

export function fieldLabel(name: string): string {
  return RECEIVER_FIELD_PRESENTATION[name as UserInfoFieldName]?.label ?? name;
}
