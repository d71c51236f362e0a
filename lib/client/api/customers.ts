import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api-error";
import type {
  BulkCustomerImportJob,
  BulkCustomerUpload,
  CreateCustomerBody,
  Customer,
  CustomerKycLink,
  CustomerList,
  CustomerType,
  PlatformConfig,
  TransactionList,
  UpdateCustomerBody,
  UserInfoFieldName,
} from "../../../shared/contract";
import { accountTypeCurrency } from "../../../shared/contract/bank-account-currency";
import {
  type CurrencyRequirement,
  requiredFieldsByCurrency,
} from "../../../shared/contract/customer-requirements";
import { customerPathsByUserInfoField } from "../../../shared/contract/user-info-fields";
import { mergeNewestFirst } from "../../universal/api/customer-transactions";
import { withJobDefaults } from "../../universal/api/defaults";
import { queryKeys } from "../../universal/api/keys";
import { idsInUse } from "../../universal/bulk-import/ids-in-use";
import { customerInternalAccountsQuery } from "./accounts";
import { paymentsFetch, signInAgain, toQuery } from "./client";

// ---------------------------------------------------------------------------------------------------------
// Platform rules the customer pages enforce

/**
 * The fields a customer form must require: those of the currency of the bank account being added (spec rule 1:
 * a currency's required fields apply to a customer who is to transact in it), none without a bank account.
 */
export function formRequirements(
  currencies: readonly CurrencyRequirement[],
  bankAccount: { accountType: string; iban?: string },
): Map<UserInfoFieldName, string[]> {
  if (bankAccount.accountType === "") return new Map();
  const currency = accountTypeCurrency(bankAccount.accountType, bankAccount.iban);
  return requiredFieldsByCurrency(currencies.filter((entry) => entry.currencyCode === currency));
}

/**
 * The customer fields (dotted paths of the create body) a customer of this type must have on this platform,
 * each with the currencies that demand it.
 */
export function requiredCustomerPaths(
  requirements: ReadonlyMap<UserInfoFieldName, readonly string[]>,
  customerType: CustomerType,
): Map<string, { field: UserInfoFieldName; currencies: string[] }> {
  const paths = new Map<string, { field: UserInfoFieldName; currencies: string[] }>();
  for (const [field, currencies] of requirements) {
    const path = customerPathsByUserInfoField[field][customerType];
    if (path === null) continue;
    const existing = paths.get(path);
    paths.set(path, {
      field: existing?.field ?? field,
      currencies: [...new Set([...(existing?.currencies ?? []), ...currencies])],
    });
  }
  return paths;
}

/** False only when the platform says it is unregulated; an older API that omits the flag is taken as regulated. */
export function isRegulated(config: Pick<PlatformConfig, "isRegulatedFinancialInstitution">): boolean {
  return config.isRegulatedFinancialInstitution !== false;
}

// ---------------------------------------------------------------------------------------------------------
// Customers

/** One customer, under the one key every page that shows a customer shares (queryKeys.customer). */
export const customerDetailQuery = (customerId: string) =>
  queryOptions({
    queryKey: queryKeys.customer(customerId),
    queryFn: ({ signal }) =>
      paymentsFetch<Customer>(`/customers/${encodeURIComponent(customerId)}`, { signal }),
  });

export function createCustomer(body: CreateCustomerBody) {
  return paymentsFetch<Customer>("/customers", { method: "POST", body });
}

export function updateCustomer(customerId: string, body: UpdateCustomerBody) {
  return paymentsFetch<Customer>(`/customers/${encodeURIComponent(customerId)}`, {
    method: "PATCH",
    body,
  });
}

export function deleteCustomer(customerId: string) {
  return paymentsFetch<Customer>(`/customers/${encodeURIComponent(customerId)}`, { method: "DELETE" });
}

/**
 * Which of these platform customer ids customers already have (a live customer with the id), asked of the payment
 * API one id at a time, a few at a time (idsInUse): the bulk import warns that importing them again makes second
 * customers, for every row of the file.
 */
export function platformIdsInUseQuery(ids: readonly string[]) {
  return queryOptions({
    // The ids as one element of the key: a file may give thousands. Not under the customers' key, nor read again on
    // the window's focus: a customer event elsewhere would otherwise ask about every id of the file again. Read
    // afresh each time a file is chosen.
    queryKey: ["bulk-import", "platform-ids-in-use", ids],
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: ({ signal }) =>
      idsInUse(ids, async (id) => {
        const answer = await paymentsFetch<CustomerList>(
          `/customers${toQuery({ platformCustomerId: id, limit: 1 })}`,
          { signal },
        );
        return answer.data.length > 0;
      }),
    enabled: ids.length > 0,
  });
}

export function generateKycLink(platformCustomerId: string, redirectUri?: string) {
  return paymentsFetch<CustomerKycLink>(`/customers/kyc-link${toQuery({ platformCustomerId, redirectUri })}`);
}

/**
 * The payments that involve a customer: those the API files under it (`customerId`), and those into or out of any
 * of its accounts filed under someone else (another of the platform's customers paying it), newest first. With
 * the customer's account ids, so each row can say which side the customer was on.
 */
export const customerTransactionsQuery = (customerId: string, limit = 10) =>
  queryOptions({
    queryKey: [...queryKeys.transactions, "customer", customerId, limit],
    queryFn: async ({ signal, client }) => {
      // The page's balances load the same list: shared, not fetched twice.
      const accounts = await client.ensureQueryData(
        customerInternalAccountsQuery({ customerId, limit: 100 }),
      );
      const lists = await Promise.all([
        paymentsFetch<TransactionList>(`/transactions${toQuery({ customerId, limit })}`, { signal }),
        ...accounts.data.map((account) =>
          paymentsFetch<TransactionList>(
            `/transactions${toQuery({ accountIdentifier: account.id, limit })}`,
            {
              signal,
            },
          ),
        ),
      ]);
      return {
        data: mergeNewestFirst(
          lists.map((list) => list.data),
          limit,
        ),
        accountIds: accounts.data.map((account) => account.id),
      };
    },
  });

// ---------------------------------------------------------------------------------------------------------
// Bulk import

export const bulkJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...queryKeys.bulkJobs, jobId],
    queryFn: ({ signal }) =>
      paymentsFetch<BulkCustomerImportJob>(`/customers/bulk/jobs/${encodeURIComponent(jobId)}`, {
        signal,
      }).then(withJobDefaults),
    // Polled while it runs; the BULK_UPLOAD live event also refreshes it the moment it ends.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "COMPLETED" || status === "FAILED" ? false : 1_000;
    },
  });

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as {
      code?: unknown;
      message?: unknown;
      details?: Record<string, unknown>;
    };
    if (typeof body.code === "string" && typeof body.message === "string") {
      return new ApiError(xhr.status, body.code, body.message, body.details);
    }
  } catch {
    // Not the API's error shape; described below by its status.
  }
  return new ApiError(xhr.status, "UNEXPECTED_ERROR", `The upload failed (HTTP ${xhr.status}).`);
}

/**
 * Uploads the CSV as multipart/form-data (field `file`). XMLHttpRequest rather than fetch: only it reports upload
 * progress. The browser adds the Origin header the console's CSRF check needs.
 */
export function uploadBulkCustomerCsv(
  file: File,
  { onProgress, signal }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<BulkCustomerUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/payments/customers/bulk/csv");
    xhr.responseType = "text";
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) signInAgain();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromXhr(xhr));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      // Typed, not parsed (see consoleFetch); the page reads the job id from it.
      if (
        typeof body === "object" &&
        body !== null &&
        typeof (body as { jobId?: unknown }).jobId === "string"
      )
        resolve(body as BulkCustomerUpload);
      else reject(new ApiError(502, "UNEXPECTED_RESPONSE", "The answer was not in the expected shape."));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, "NETWORK_ERROR", "The console could not be reached. Check your connection."));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
