import type { TokenPermission } from "@/shared/contract";

/** What each permission lets a token do (api-notes §8), in the words the page uses. */
export const TOKEN_PERMISSION_TEXT: Record<TokenPermission, { label: string; hint: string }> = {
  VIEW: { label: "View", hint: "Read configuration, customers, accounts, quotes and transactions." },
  TRANSACT: { label: "Transact", hint: "Send payments, decide incoming ones, move money." },
  MANAGE: { label: "Manage", hint: "Change the configuration, customers and API tokens." },
};
