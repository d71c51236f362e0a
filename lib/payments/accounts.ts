import { queryOptions } from "@tanstack/react-query";
import {
  type CreateCustomerExternalAccountBody,
  type CreatePlatformExternalAccountBody,
  type CreateTransferInBody,
  type CreateTransferOutBody,
  customerInternalAccountListSchema,
  externalAccountListSchema,
  externalAccountSchema,
  internalAccountSchema,
  platformInternalAccountListSchema,
  transactionSchema,
} from "../contract";
import { paymentsFetch, toQuery } from "./client";
import { queryKeys } from "./keys";

// Every account query lives under queryKeys.accounts, so a balance-changing event refreshes all of them.

export const platformInternalAccountsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.accounts, "internal", "platform"],
    queryFn: ({ signal }) =>
      paymentsFetch("/platform/internal-accounts", platformInternalAccountListSchema, { signal }),
  });

export type CustomerInternalAccountParams = {
  customerId?: string | undefined;
  currency?: string | undefined;
  cursor?: string | undefined;
  limit?: number;
};

export const customerInternalAccountsQuery = (params: CustomerInternalAccountParams) =>
  queryOptions({
    queryKey: [...queryKeys.accounts, "internal", "customers", params],
    queryFn: ({ signal }) =>
      paymentsFetch(`/customers/internal-accounts${toQuery(params)}`, customerInternalAccountListSchema, {
        signal,
      }),
    placeholderData: (previous) => previous,
  });

/** The bank accounts an internal account can move money with: same owner, same currency. */
export const externalAccountsForQuery = (owner: { customerId?: string | undefined; currency?: string }) =>
  queryOptions({
    queryKey: [...queryKeys.accounts, "external", owner.customerId ?? "platform", owner.currency ?? "any"],
    queryFn: ({ signal }) =>
      owner.customerId
        ? paymentsFetch(
            `/customers/external-accounts${toQuery({ customerId: owner.customerId, currency: owner.currency, limit: 100 })}`,
            externalAccountListSchema,
            { signal },
          )
        : paymentsFetch(
            `/platform/external-accounts${toQuery({ currency: owner.currency, limit: 100 })}`,
            externalAccountListSchema,
            { signal },
          ),
  });

export function createCustomerExternalAccount(body: CreateCustomerExternalAccountBody) {
  return paymentsFetch("/customers/external-accounts", externalAccountSchema, { method: "POST", body });
}

export function createPlatformExternalAccount(body: CreatePlatformExternalAccountBody) {
  return paymentsFetch("/platform/external-accounts", externalAccountSchema, { method: "POST", body });
}

export function transferIn(body: CreateTransferInBody) {
  return paymentsFetch("/transfer-in", transactionSchema, { method: "POST", body });
}

export function transferOut(body: CreateTransferOutBody) {
  return paymentsFetch("/transfer-out", transactionSchema, { method: "POST", body });
}

export function fundSandboxAccount(accountId: string, amount: number) {
  return paymentsFetch(
    `/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`,
    internalAccountSchema,
    { method: "POST", body: { amount } },
  );
}
