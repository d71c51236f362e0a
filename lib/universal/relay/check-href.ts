/**
 * Where a person checks whether an action whose outcome is unknown (the payment API did not answer in time)
 * happened: the record it acted on when the path names one, else the page where such records are listed.
 */
const PAGES: [prefix: string, page: string][] = [
  ["config.", "/config"],
  ["webhooks.", "/webhooks"],
  ["customer.", "/customers"],
  ["platform.", "/accounts"],
  ["quote.", "/transactions"],
  ["payment.", "/transactions"],
  ["transfer.", "/accounts"],
  ["invitation.", "/invitations"],
  ["sandbox.", "/transactions"],
];

export function checkHref(action: string, targetId: string | undefined): string {
  if (targetId?.startsWith("Transaction:")) return `/transactions/${encodeURIComponent(targetId)}`;
  if (targetId?.startsWith("Customer:")) return `/customers/${encodeURIComponent(targetId)}`;
  if (targetId?.startsWith("Quote:")) return `/quotes?${new URLSearchParams({ quote: targetId }).toString()}`;
  return PAGES.find(([prefix]) => action.startsWith(prefix))?.[1] ?? "/";
}
