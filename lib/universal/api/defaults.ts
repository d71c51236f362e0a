import type {
  BulkCustomerImportJob,
  InternalAccount,
  PlatformConfig,
  SupportedCurrency,
} from "../../../shared/contract";

/*
 * The browser reads the API's answers as typed JSON, without the contract's zod schemas (see consoleFetch). The
 * few fields the contract fills in when an answer leaves them out (`.default([])` in shared/contract) are filled in
 * here the same way, so the pages see exactly the shapes they saw when the schemas parsed the answers.
 */

function list<T>(value: readonly T[] | undefined | null): T[] {
  return Array.isArray(value) ? [...value] : [];
}

export function withConfigDefaults(config: PlatformConfig): PlatformConfig {
  return {
    ...config,
    supportedCurrencies: list<SupportedCurrency>(config.supportedCurrencies).map((currency) => ({
      ...currency,
      requiredCounterpartyFields: list(currency.requiredCounterpartyFields),
      providerRequiredCustomerFields: list(currency.providerRequiredCustomerFields),
    })),
  };
}

export function withAccountDefaults(account: InternalAccount): InternalAccount {
  return { ...account, fundingPaymentInstructions: list(account.fundingPaymentInstructions) };
}

export function withAccountListDefaults<L extends { data: InternalAccount[] }>(page: L): L {
  return { ...page, data: list(page.data).map(withAccountDefaults) };
}

export function withJobDefaults(job: BulkCustomerImportJob): BulkCustomerImportJob {
  return { ...job, errors: list(job.errors) };
}
