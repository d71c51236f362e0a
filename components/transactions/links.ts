export function transactionHref(id: string): string {
  return `/transactions/${encodeURIComponent(id)}`;
}

export function customerHref(id: string): string {
  return `/customers/${encodeURIComponent(id)}`;
}
