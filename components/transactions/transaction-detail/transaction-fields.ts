import { RECEIVER_FIELD_PRESENTATION } from "@/lib/universal/approvals/receiver-info";
import type { Transaction, TransactionStatus, UserInfoFieldName } from "@/shared/contract";

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

/** Final statuses a payment reaches without its money ever arriving: it will not settle. */
const NEVER_SETTLES: ReadonlySet<TransactionStatus> = new Set(["REJECTED", "FAILED", "EXPIRED"]);

/** What the Settled row says of a payment with no settlement time: "Never" once it ended unsettled, else "Not yet". */
export function unsettledText(status: TransactionStatus): "Never" | "Not yet" {
  return NEVER_SETTLES.has(status) ? "Never" : "Not yet";
}
