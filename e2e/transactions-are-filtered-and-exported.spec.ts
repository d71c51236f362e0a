import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { REASON_WITHHELD } from "../lib/universal/privacy/reason-withheld";
import {
  createIndividualCustomer,
  firstAccountAt,
  fundedUsdAccount,
  payPlatformUsd,
  receiveSandboxPayment,
  transactionStatus,
} from "./support/fixtures";
import { reopenAddress } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

test.describe.configure({ mode: "serial" });

const HEADER =
  "id,created_at,status,type,customer_id,platform_customer_id,customer_name,source,destination,counterparty_name,sent_amount,sent_currency,received_amount,received_currency,exchange_rate,fees,reference,description,failure_reason,failure_detail,rejection_reason,settled_at,quote_id";

/** A downloaded CSV's rows as a spreadsheet reads them, each by its header's column names. */
function csvRows(csv: string): Record<string, string>[] {
  const [header = "", ...lines] = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  const cells = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, header.split(",").length)
      .map(([, cell = ""]) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));
  const columns = header.split(",");
  return lines.map((line) => Object.fromEntries(cells(line).map((cell, index) => [columns[index], cell])));
}

/** Clicks the transactions page's Export CSV link and reads the file it downloads. */
async function exportCsv(page: Page): Promise<string> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const download = await downloading;
  return readFile(await download.path(), "utf8");
}

test("transactions are filtered in the URL, paged, and the whole filtered set is exported as CSV", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Marta Gómez");
  const source = await fundedUsdAccount(customer.id, 1_000_000);
  const platformUsd = await firstAccountAt("/platform/internal-accounts?currency=USD");
  // More outgoing payments than one page holds, and an incoming one for the direction filter to leave out.
  const count = 23;
  for (let index = 0; index < count; index++) {
    await payPlatformUsd(source, 1_000 + index, `Export check ${index}`);
  }
  const incoming = await receiveSandboxPayment(customer.id, 4_200);

  await signInPage(page, "viewer");
  await page.getByRole("link", { name: "Transactions", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  const filters = page.getByRole("search", { name: "Filter transactions" });
  // The customer is found by name, as a person knows them (case and accents aside), and kept by id.
  const customerFilter = filters.getByRole("combobox", { name: "Customer", exact: true });
  await customerFilter.fill("marta gomez");
  await filters
    .getByRole("listbox", { name: "Customer: matching customers" })
    .getByRole("option")
    .filter({ hasText: customer.platformCustomerId })
    .click();
  await expect.poll(() => new URL(page.url()).searchParams.get("customerId")).toBe(customer.id);
  const chosen = filters.getByRole("group", { name: "Customer", exact: true });
  await expect(chosen).toContainText("Marta Gómez");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText(`Showing 20 of ${count + 1} transactions`);

  await filters.getByRole("combobox", { name: "Direction" }).selectOption({ label: "Outgoing" });
  await expect(page).toHaveURL(/type=OUTGOING/);
  await expect(pagination).toContainText(`Showing 20 of ${count} transactions`);
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").filter({ hasText: incoming.id })).toHaveCount(0);

  // The view survives a reload: the filters are in the address.
  await reopenAddress(page, /type=OUTGOING/);
  await expect(chosen).toContainText("Marta Gómez");
  await expect(filters.getByRole("combobox", { name: "Direction" })).toHaveValue("OUTGOING");
  await expect(pagination).toContainText(`Showing 20 of ${count} transactions`);
  await shot(page, "transactions-filtered");

  await pagination.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(pagination).toContainText(`Showing ${count - 20} of ${count} transactions`);
  await expect(pagination).toContainText("Page 2");

  // The export holds every matching transaction, not only the page on screen.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(HEADER);
  const rows = lines.slice(1);
  expect(rows).toHaveLength(count);
  // Each side is named beside its id as the list names it: the customer, and the platform's account it paid.
  for (const row of rows) {
    expect(row).toContain(
      `,OUTGOING,${customer.id},${customer.platformCustomerId},Marta Gómez,${source},${platformUsd},Platform USD account,`,
    );
  }
  const descriptions = rows
    .map((row) => /Export check (\d+)/.exec(row)?.[1])
    .sort((a, b) => Number(a) - Number(b));
  expect(descriptions).toEqual(Array.from({ length: count }, (_, index) => String(index)));
  expect(csv).not.toContain(incoming.id);
  expect(rows.some((row) => row.includes(",10.00,USD,"))).toBe(true);

  // A row opens the transaction.
  await table.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/transactions\/Transaction/);
  await expect(page.getByRole("region", { name: "Amounts" })).toContainText("Fees");
  await expect(page.getByRole("region", { name: "Reconciliation" })).toContainText(/TXN-/);
  await shot(page, "transaction-detail");
});

test("a customer's payments open narrowed to them by name, and the filter lifts back to the search", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Nadia Okafor");
  await receiveSandboxPayment(customer.id, 7_300);

  await signInPage(page, "viewer");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await page
    .getByRole("region", { name: "Recent transactions" })
    .getByRole("link", { name: "View all" })
    .click();
  const filters = page.getByRole("search", { name: "Filter transactions" });
  // The list says whose payments these are by name, not by the id in its address.
  await expect(filters.getByRole("group", { name: "Customer", exact: true })).toContainText("Nadia Okafor");
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 1 transaction");
  await shot(page, "transactions-narrowed-to-a-customer");

  await filters.getByRole("button", { name: "Clear the Customer filter (Nadia Okafor)" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.has("customerId")).toBe(false);
  const search = filters.getByRole("combobox", { name: "Customer", exact: true });
  await expect(search).toBeFocused();
  // A name that matches nobody says so under the field.
  await search.fill("nobody by this name");
  await expect(
    filters.getByRole("status").filter({ hasText: 'No customer matches "nobody by this name"' }),
  ).toBeVisible();
  await search.fill("nadia okafor");
  await expect(filters.getByRole("option").filter({ hasText: customer.platformCustomerId })).toBeVisible();
  await shot(page, "transactions-customer-filter-open");
});

test("the export names each payment's customer and counterparty as the list does, masked as the list masks them", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // What the sandbox's USD senders share (service/domain/incoming-payments.ts): a viewer sees it masked.
  const senderName = "Alex Sandbox Rivera";
  const customer = await createIndividualCustomer("Lucía Ferrer");
  const incoming = await receiveSandboxPayment(customer.id, 6_100);
  const listPath = `/transactions?customerId=${encodeURIComponent(customer.id)}`;

  await signInPage(page, "viewer");
  await page.goto(listPath);
  const row = page
    .getByRole("table", { name: "Transactions" })
    .getByRole("row")
    .filter({ hasText: "$61.00" });
  await expect(row).toContainText("Lucía Ferrer");
  await expect(row).toContainText("A••• S••• R•••");
  const viewers = await exportCsv(page);
  expect(viewers.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(HEADER);
  expect(csvRows(viewers)).toEqual([
    expect.objectContaining({
      id: incoming.id,
      type: "INCOMING",
      customer_id: customer.id,
      customer_name: "Lucía Ferrer",
      source: "$success.usd@sandbox.uma.money",
      counterparty_name: "A••• S••• R•••",
    }),
  ]);
  expect(viewers).not.toContain(senderName);

  // An admin sees the sender's name, in the list and in the file.
  await switchUser(page, "admin");
  await page.goto(listPath);
  await expect(row).toContainText(senderName);
  const admins = csvRows(await exportCsv(page));
  expect(admins).toEqual([
    expect.objectContaining({
      id: incoming.id,
      customer_name: "Lucía Ferrer",
      counterparty_name: senderName,
    }),
  ]);

  // A payment rejected here carries its reason into the file; a viewer's file withholds it, as the page does.
  const rejected = await receiveSandboxPayment(customer.id, 6_200);
  const refusal = "Sender could not explain the source of funds";
  const answer = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(rejected.id)}/reject`,
    { data: { reason: refusal }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(answer.status()).toBe(200);
  expect(await transactionStatus(rejected.id)).toBe("REJECTED");
  expect(csvRows(await exportCsv(page))).toContainEqual(
    expect.objectContaining({ id: rejected.id, status: "REJECTED", rejection_reason: refusal }),
  );
  await switchUser(page, "viewer");
  await page.goto(listPath);
  expect(csvRows(await exportCsv(page))).toContainEqual(
    expect.objectContaining({ id: rejected.id, rejection_reason: REASON_WITHHELD }),
  );
});

test("a pending incoming payment is approved from its transaction page", async ({ page }) => {
  const customer = await createIndividualCustomer("Inés Navarro");
  const payment = await receiveSandboxPayment(customer.id, 7_500);

  await signInPage(page, "viewer");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  const decision = page.getByRole("region", { name: "Waiting for a decision" });
  await expect(decision).toContainText("Only compliance officers and admins approve or reject payments.");
  await expect(page.getByRole("region", { name: "Counterparty" })).toContainText("Full legal name");
  await shot(page, "transaction-pending-viewer");
  await page.getByRole("button", { name: /Vic Viewer/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();

  await signInPage(page, "compliance");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await page
    .getByRole("region", { name: "Waiting for a decision" })
    .getByRole("button", { name: "Approve" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Approve payment" });
  await expect(dialog.getByLabel("Full legal name")).toHaveValue(customer.fullName);
  await dialog.getByRole("button", { name: "Approve payment" }).click();
  await expect(dialog).toBeHidden();
  // On the payment's own page the decision is told in a toast (the queue tells it in its notices instead).
  await expect(page.getByText("Payment approved", { exact: true })).toBeVisible();
  await shot(page, "transaction-approved-toast", { fullPage: false });
  await expect(page.getByRole("region", { name: "Waiting for a decision" })).toBeHidden({ timeout: 20_000 });
  // The timeline says who decided, between the payment being held and its completion.
  const steps = page.getByRole("region", { name: "Status timeline" }).getByRole("listitem");
  await expect(steps.filter({ hasText: "Completed" })).toBeVisible({ timeout: 20_000 });
  await expect(steps).toHaveText([
    /^Created/,
    /^Pending/,
    // The sender screened against the watchlists before the policies ran (the lists in use named after it).
    /^Screened clear.*Against UN Security Council consolidated list 2026-02-27/,
    // How the console's approval policies answered the webhook: the demo's (v1) approves small payments to customers
    // of a week or more only, and this customer is new, so no rule matches and a person decides.
    /^Held: no rule matched \(v1\)/,
    /^Approved by Carla Compliance/,
    /^Completed/,
  ]);
  expect(await transactionStatus(payment.id)).toBe("COMPLETED");
  await shot(page, "transaction-approved");
});

test("filters in a link that are not valid are said, not silently dropped, and can be taken out of the address", async ({
  page,
}) => {
  await signInPage(page, "developer");
  await page.goto("/transactions?status=BOGUS&startDate=2026-13-45&type=INCOMING");
  const notice = page.getByRole("status").filter({ hasText: "The address gives" });
  await expect(notice).toHaveText(
    "The address gives Status “BOGUS” and Created from “2026-13-45”, which are not valid filters here: the list is not narrowed by them.Remove from the address",
  );
  await shot(page, "transactions-ignored-filters", { fullPage: false });
  await notice.getByRole("button", { name: "Remove from the address" }).click();
  await expect(notice).toHaveCount(0);
  // The valid one stays.
  await expect(page).toHaveURL(/[?&]type=INCOMING/);
  expect(new URL(page.url()).searchParams.get("status")).toBeNull();
  expect(new URL(page.url()).searchParams.get("startDate")).toBeNull();
});
