import { type ListUmaProvidersQuery, SANDBOX_UMA_DOMAIN } from "../../shared/contract";
import { invalidCursor } from "./pagination";
import { currencyObject } from "./payment-accounts";

/**
 * The sandbox's UMA providers: the institutions a platform on this service can pay, and whether each is on the
 * platform's allow-list. Fixed data, as the sandbox's senders are; the sandbox's own domain is the one that
 * answers lookups (api-notes §4).
 */
const PROVIDERS = [
  {
    name: "Sandbox UMA",
    supportedRegions: ["US", "MX", "DE", "FR", "ES"],
    domain: SANDBOX_UMA_DOMAIN,
    currencies: ["USD", "EUR", "MXN"],
    lei: "5493001KJTIIGC8Y1R12",
    allowListStatus: true,
  },
  {
    name: "Banco Ejemplo",
    supportedRegions: ["MX"],
    domain: "uma.bancoejemplo.mx",
    currencies: ["MXN", "USD"],
    lei: "529900T8BM49AURSDO55",
    allowListStatus: true,
  },
  {
    name: "Beispiel Bank",
    supportedRegions: ["DE", "AT"],
    domain: "pay.beispielbank.de",
    currencies: ["EUR"],
    lei: "391200FJBNU0YW987L26",
    allowListStatus: true,
  },
  {
    name: "Exemplo Pagamentos",
    supportedRegions: ["BR"],
    domain: "uma.exemplo.com.br",
    currencies: ["BRL", "USD"],
    allowListStatus: true,
  },
  {
    name: "Example Wallet",
    supportedRegions: ["US", "GB"],
    domain: "wallet.example.com",
    currencies: ["USD", "GBP"],
    allowListStatus: true,
  },
  {
    name: "Udaharan Payments",
    supportedRegions: ["IN"],
    domain: "uma.udaharan.in",
    currencies: ["INR"],
    allowListStatus: true,
  },
  {
    name: "Blocked Exchange",
    supportedRegions: ["US", "MX"],
    domain: "blocked-exchange.example",
    currencies: ["USD", "MXN"],
    allowListStatus: false,
  },
  {
    name: "Unvetted Remit",
    supportedRegions: ["GB", "DE"],
    domain: "unvetted-remit.example",
    currencies: ["GBP", "EUR"],
    allowListStatus: false,
  },
] as const;

function present(provider: (typeof PROVIDERS)[number]) {
  return {
    name: provider.name,
    supportedRegions: [...provider.supportedRegions],
    domain: provider.domain,
    supportedCurrencies: provider.currencies.map((code) => currencyObject(code)),
    ...("lei" in provider ? { lei: provider.lei } : {}),
    allowListStatus: provider.allowListStatus,
  };
}

const CURSOR_KIND = "UmaProvider";

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify([CURSOR_KIND, offset]), "utf8").toString("base64url");
}

function decodeCursor(value: string | undefined): number {
  if (value === undefined) return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed[0] === CURSOR_KIND &&
      Number.isSafeInteger(parsed[1]) &&
      parsed[1] > 0
    ) {
      return parsed[1] as number;
    }
  } catch {
    // Falls through to the error below.
  }
  throw invalidCursor();
}

/** GET /uma-providers: filtered by country, currency and allow-list status, sorted by name, paged. */
export function listUmaProviders(query: ListUmaProvidersQuery) {
  const offset = decodeCursor(query.cursor);
  const matching = PROVIDERS.filter(
    (provider) =>
      (query.hasBlockedProviders || provider.allowListStatus) &&
      (query.countryCode === undefined ||
        (provider.supportedRegions as readonly string[]).includes(query.countryCode)) &&
      (query.currencyCode === undefined ||
        (provider.currencies as readonly string[]).includes(query.currencyCode)),
  ).sort((a, b) => (query.sortOrder === "asc" ? 1 : -1) * a.name.localeCompare(b.name, "en"));
  const page = matching.slice(offset, offset + query.limit);
  const hasMore = offset + query.limit < matching.length;
  return {
    data: page.map(present),
    hasMore,
    ...(hasMore ? { nextCursor: encodeCursor(offset + query.limit) } : {}),
    totalCount: matching.length,
  };
}
