export function transactionHref(id: string): string {
  return `/transactions/${encodeURIComponent(id)}`;
}

export function customerHref(id: string): string {
  return `/customers/${encodeURIComponent(id)}`;
}

/** A quote opens in the Quotes page's sheet. */
export function quoteHref(id: string): string {
  return `/quotes?${new URLSearchParams({ quote: id }).toString()}`;
}
