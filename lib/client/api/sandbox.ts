import { queryOptions } from "@tanstack/react-query";
import type { CustomerInternalAccountList, CustomerList, Quote, QuoteList } from "../../../shared/contract";
import { actionKeyFor } from "../../universal/api/action-keys";
import { withAccountListDefaults } from "../../universal/api/defaults";
import { queryKeys } from "../../universal/api/keys";
import { paymentsFetch, signInAgain, toQuery } from "./client";

/** One request the sandbox console made and what came back, exactly as sent and received. */
export type SandboxExchange = {
  id: string;
  /** What the person did: "Fund an internal account". */
  action: string;
  /** When, as an ISO timestamp of the browser's clock. */
  at: string;
  request: { method: "GET" | "POST"; path: string; body?: unknown };
  /** status 0: no answer arrived. */
  response: { status: number; body: unknown };
  ok: boolean;
};

let sequence = 0;

/**
 * Calls the payment API through the console's proxy and keeps the request and the answer as they were, for the
 * sandbox console to show. It never throws for an HTTP error: an error answer is as much a result as a success.
 */
export async function runSandboxExchange(
  action: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<SandboxExchange> {
  sequence += 1;
  const base = {
    id: `${Date.now().toString(36)}-${sequence}`,
    action,
    at: new Date().toISOString(),
    request: { method, path, ...(body !== undefined ? { body } : {}) },
  };
  let response: Response;
  const text = body !== undefined ? JSON.stringify(body) : undefined;
  const key = actionKeyFor(method, `/api/payments${path}`, text);
  try {
    response = await fetch(`/api/payments${path}`, {
      method,
      headers: { ...key.headers, ...(text !== undefined ? { "content-type": "application/json" } : {}) },
      body: text,
      credentials: "same-origin",
    });
  } catch {
    return {
      ...base,
      response: { status: 0, body: { message: "The console could not be reached. Check your connection." } },
      ok: false,
    };
  }
  if (response.status === 401 && typeof window !== "undefined") signInAgain();
  const answer = await response.text();
  let parsed: unknown = answer;
  try {
    parsed = answer ? JSON.parse(answer) : null;
  } catch {
    parsed = answer;
  }
  const error = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  const details =
    error.details && typeof error.details === "object" ? (error.details as Record<string, unknown>) : {};
  key.done(response.status, typeof error.code === "string" ? error.code : undefined, details.outcome);
  return { ...base, response: { status: response.status, body: parsed }, ok: response.ok };
}

// ---------------------------------------------------------------------------------------------------------
// What the forms choose from

/**
 * Customers and quotes are often created in another tab just before they are picked here, so their lists stay
 * fresh for 2 s only, and a page that shows these pickers prefetches them as it mounts with `pickerListNow`, which
 * asks anew however fresh the cache is. The 2 s keep the pickers, mounting just after, from asking a second time.
 */
const SANDBOX_PICKER_FRESH_MS = 2_000;

/** A picker list's options for the prefetch of a page that shows it, as the page mounts: asked anew. */
export const pickerListNow = <Options extends { staleTime?: unknown }>(options: Options) => ({
  ...options,
  staleTime: 0,
});

export const sandboxCustomersQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.customers, "sandbox-picker"],
    queryFn: ({ signal }) => paymentsFetch<CustomerList>(`/customers${toQuery({ limit: 100 })}`, { signal }),
    staleTime: SANDBOX_PICKER_FRESH_MS,
  });

export const customerAccountsQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...queryKeys.accounts, "customer", customerId],
    queryFn: ({ signal }) =>
      paymentsFetch<CustomerInternalAccountList>(
        `/customers/internal-accounts${toQuery({ customerId, limit: 100 })}`,
        { signal },
      ).then(withAccountListDefaults),
  });

/**
 * The quotes whose money the sandbox can make arrive: pending ones, and executed just-in-time ones still waiting
 * for their funds (PROCESSING with payment instructions; api-notes §8).
 */
export const pendingQuotesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.quotes, "sandbox-pending"],
    queryFn: async ({ signal }): Promise<QuoteList> => {
      const [pending, processing] = await Promise.all([
        paymentsFetch<QuoteList>(`/quotes${toQuery({ status: "PENDING", limit: 50 })}`, { signal }),
        paymentsFetch<QuoteList>(`/quotes${toQuery({ status: "PROCESSING", limit: 50 })}`, { signal }),
      ]);
      const waitingForFunds = processing.data.filter((quote) => isWaitingForFunds(quote));
      return { ...pending, data: [...waitingForFunds, ...pending.data] };
    },
    staleTime: SANDBOX_PICKER_FRESH_MS,
  });

/** An executed quote funded just in time whose money has not arrived yet. */
export function isWaitingForFunds(quote: Quote): boolean {
  return quote.status === "PROCESSING" && (quote.paymentInstructions?.length ?? 0) > 0;
}

export type ServiceClock = { now: string; offsetSeconds: number; [key: string]: unknown };

export const serviceClockQuery = () =>
  queryOptions({
    queryKey: queryKeys.sandboxClock,
    queryFn: ({ signal }) => paymentsFetch<ServiceClock>("/_local/clock", { signal }),
    refetchInterval: 30_000,
  });
