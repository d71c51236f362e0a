import { expect, type Page, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import {
  createIndividualCustomer,
  firstAccountAt,
  fundedUsdAccount,
  payPlatformUsd,
  receiveSandboxPayment,
} from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** How many transactions the service lists for these filters: what the console's list must say it shows. */
async function countOf(filters: Record<string, string>): Promise<number> {
  const response = await serviceApi(`/transactions?${new URLSearchParams({ ...filters, limit: "1" })}`);
  const body = (await response.json()) as { totalCount?: number };
  if (body.totalCount === undefined) throw new Error("the service gave no totalCount");
  return body.totalCount;
}

const summary = (count: number) =>
  new RegExp(
    `^Showing ${count} transactions?$|^Showing \\d+ of ${count.toLocaleString("en-US")} transactions$`,
  );

/** The list's filter, read back by name: a group labelled as the filter, saying the account's name. */
const chosen = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });

test("an account's payments open from its page, read back by the account's name, and each way by a pasted id", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Ilse Brandt");
  const account = await fundedUsdAccount(customer.id, 50_000);
  await payPlatformUsd(account, 12_000, "Account payments, out");
  await receiveSandboxPayment(customer.id, 3_300);
  const platformUsd = await firstAccountAt("/platform/internal-accounts?currency=USD");
  const both = await countOf({ accountIdentifier: account });
  // In and out: the payment made from it and the one received into it (and the sandbox's funding, if it is one).
  expect(both).toBeGreaterThanOrEqual(2);

  await signInPage(page, "admin");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await page.getByRole("link", { name: "Payments of Ilse Brandt's USD account" }).click();
  await expect(page).toHaveURL(/\/transactions\?accountIdentifier=InternalAccount%3A/);
  await expect(chosen(page, "Account")).toContainText("Ilse Brandt's USD account");
  await expect(page.getByText(summary(both))).toBeVisible();
  const rows = page.getByRole("table", { name: "Transactions" }).locator("tbody tr");
  await expect(rows.filter({ hasText: "Outgoing" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Incoming" }).first()).toBeVisible();
  // The export is of the same set.
  const exportHref = await page.getByRole("link", { name: /Export CSV/ }).getAttribute("href");
  expect(new URL(exportHref ?? "", page.url()).searchParams.get("accountIdentifier")).toBe(account);
  await shot(page, "transactions-of-an-account");

  // Lifted, the field is back, focused, and the list is every payment again.
  await page.getByRole("button", { name: "Clear the Account filter (Ilse Brandt's USD account)" }).click();
  await expect(page.getByRole("searchbox", { name: "Account", exact: true })).toBeFocused();
  await expect(page).not.toHaveURL(/accountIdentifier/);
  await expect(page.getByText(summary(await countOf({})))).toBeVisible();

  // An id pasted into a one-way filter reads back by name once the list takes it; the focus moves to its clear button.
  await page.getByRole("searchbox", { name: "Sender account" }).fill(platformUsd);
  await page.keyboard.press("Enter");
  await expect(chosen(page, "Sender account")).toContainText("Platform USD account");
  await expect(
    page.getByRole("button", { name: "Clear the Sender account filter (Platform USD account)" }),
  ).toBeFocused();
  await expect(
    page.getByText(summary(await countOf({ senderAccountIdentifier: platformUsd }))),
  ).toBeVisible();

  // A UMA address stays as typed.
  await page.goto("/transactions?receiverAccountIdentifier=%24nobody%40nowhere.example");
  await expect(page.getByRole("searchbox", { name: "Receiver account" })).toHaveValue(
    "$nobody@nowhere.example",
  );

  // The platform's own accounts open their payments from the accounts page.
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Payments of the platform's USD account" }).click();
  await expect(chosen(page, "Account")).toContainText("Platform USD account");
  await expect(page.getByText(summary(await countOf({ accountIdentifier: platformUsd })))).toBeVisible();

  // And the customers' accounts from their table, where the link is its icon, named.
  await page.goto(`/accounts?tab=customers&customerId=${encodeURIComponent(customer.id)}`);
  await page.getByRole("link", { name: "Payments of Ilse Brandt's USD account" }).click();
  await expect(chosen(page, "Account")).toContainText("Ilse Brandt's USD account");
  await expect(page.getByText(summary(both))).toBeVisible();

  // The quotes list reads its account filters back by name too.
  await page.goto(`/quotes?sendingAccountId=${encodeURIComponent(account)}`);
  await expect(chosen(page, "Sending account")).toContainText("Ilse Brandt's USD account");
  await expect(page.getByText(/^Showing 1 quote$/)).toBeVisible();
});
