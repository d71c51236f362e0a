import { queryOptions } from "@tanstack/react-query";
import type {
  CreateCustomerExternalAccountBody,
  CreatePlatformExternalAccountBody,
  CreateTransferInBody,
  CreateTransferOutBody,
  CustomerInternalAccountList,
  ExternalAccount,
  ExternalAccountList,
  InternalAccount,
  PlatformExternalAccountList,
  PlatformInternalAccountList,
  Transaction,
} from "../../../shared/contract";
import { withAccountDefaults, withAccountListDefaults } from "../../universal/api/defaults";
import { pageKeys, queryKeys } from "../../universal/api/keys";
import { paymentsFetch, toQuery } from "./client";

// Every account query lives under queryKeys.accounts, so a balance-changing event refreshes all of them.

export const platformInternalAccountsQuery = () =>
  queryOptions({
    queryKey: pageKeys.platformInternalAccounts(),
    queryFn: ({ signal }) =>
      paymentsFetch<PlatformInternalAccountList>("/platform/internal-accounts", { signal }).then(
        withAccountListDefaults,
      ),
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
      paymentsFetch<CustomerInternalAccountList>(`/customers/internal-accounts${toQuery(params)}`, {
        signal,
      }).then(withAccountListDefaults),
    placeholderData: (previous) => previous,
  });

/** The bank accounts an internal account can move money with: same owner, same currency. */
export const externalAccountsForQuery = (owner: { customerId?: string | undefined; currency?: string }) =>
  queryOptions({
    queryKey: [...queryKeys.accounts, "external", owner.customerId ?? "platform", owner.currency ?? "any"],
    queryFn: ({ signal }) =>
      owner.customerId
        ? paymentsFetch<ExternalAccountList>(
            `/customers/external-accounts${toQuery({ customerId: owner.customerId, currency: owner.currency, limit: 100 })}`,
            { signal },
          )
        : paymentsFetch<PlatformExternalAccountList>(
            `/platform/external-accounts${toQuery({ currency: owner.currency })}`,
            { signal },
          ).then(({ accounts }): ExternalAccountList => ({ data: accounts, hasMore: false })),
  });

export function createCustomerExternalAccount(body: CreateCustomerExternalAccountBody) {
  return paymentsFetch<ExternalAccount>("/customers/external-accounts", { method: "POST", body });
}

export function createPlatformExternalAccount(body: CreatePlatformExternalAccountBody) {
  return paymentsFetch<ExternalAccount>("/platform/external-accounts", { method: "POST", body });
}

export function transferIn(body: CreateTransferInBody) {
  return paymentsFetch<Transaction>("/transfer-in", { method: "POST", body });
}

export function transferOut(body: CreateTransferOutBody) {
  return paymentsFetch<Transaction>("/transfer-out", { method: "POST", body });
}

export function fundSandboxAccount(accountId: string, amount: number) {
  return paymentsFetch<InternalAccount>(`/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, {
    method: "POST",
    body: { amount },
  }).then(withAccountDefaults);
}
