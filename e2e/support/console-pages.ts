/** Every page of the console an admin opens, with one customer's and one payment's own pages, for specs that visit each. */
export function consolePages(customerId: string, paymentId: string): string[] {
  const customerPath = `/customers/${encodeURIComponent(customerId)}`;
  return [
    "/",
    "/approvals",
    "/customers",
    "/customers/new",
    customerPath,
    `${customerPath}/edit`,
    "/customers/import",
    "/accounts",
    "/quotes",
    "/quotes/new",
    "/transactions",
    `/transactions/${encodeURIComponent(paymentId)}`,
    "/config",
    "/webhooks",
    "/sandbox",
    "/invitations",
    "/providers",
    "/team",
    "/policies",
    "/screening",
    "/no-such-page",
  ];
}
