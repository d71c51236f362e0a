export function transactionHref(id: string): string {
  return `/transactions/${encodeURIComponent(id)}`;
}

export function customerHref(id: string): string {
  return `/customers/${encodeURIComponent(id)}`;
}

/** The transactions list narrowed to one account's payments, in and out (GET /transactions?accountIdentifier=). */
export function accountPaymentsHref(accountId: string): string {
  return `/transactions?${new URLSearchParams({ accountIdentifier: accountId }).toString()}`;
}

/** A quote opens in the Quotes page's sheet. */
export function quoteHref(id: string): string {
  return `/quotes?${new URLSearchParams({ quote: id }).toString()}`;
}

/** How an id that leads to its record's page looks: monospace, in the link colour, wrapping rather than overflowing. */
export const idLinkClasses =
  "min-w-0 break-all font-mono text-xs text-brand-700 underline-offset-2 hover:underline dark:text-brand-400";

/** How a name that leads to its record's page looks: in the link colour, wrapping between its words. */
export const nameLinkClasses =
  "min-w-0 wrap-break-word text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-400";
