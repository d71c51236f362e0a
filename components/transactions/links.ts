export function transactionHref(id: string): string {
  return `/transactions/${encodeURIComponent(id)}`;
}
