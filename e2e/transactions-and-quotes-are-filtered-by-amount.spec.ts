import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import {
  createIndividualCustomer,
  fundedUsdAccount,
  payPlatformUsd,
  receiveSandboxPayment,
} from "./support/fixtures";
import { reopenAddress } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test.describe.configure({ mode: "serial" });

test("transactions and quotes are narrowed to an amount range kept in the URL, and the export honours it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const customer = await createIndividualCustomer("Amalia Rango");
  const source = await fundedUsdAccount(customer.id, 1_000_000);
  // Sent: 5.00, 50.00 and 500.00 USD; received: 42.00 USD.
  const quotes: Record<string, string> = {};
  for (const [cents, label] of [
    [500, "five"],
    [5_000, "fifty"],
    [50_000, "five hundred"],
  ] as const) {
    quotes[label] = (await payPlatformUsd(source, cents, `Range check ${label}`)).quoteId;
  }
  const incoming = await receiveSandboxPayment(customer.id, 4_200);

  await signInPage(page, "viewer");
  await page.goto(`/transactions?customerId=${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  const filters = page.getByRole("search", { name: "Filter transactions" });
  const amount = filters.getByRole("group", { name: "Amount" });
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Showing 4 transactions");

  // The bounds say what currency they are in.
  await expect(amount).toContainText(
    "The Amount column (what arrived, or what was sent); choose its currency first.",
  );
  await expect(async () => {
    await amount.getByRole("combobox", { name: "Amount currency" }).selectOption("USD");
    await expect(page).toHaveURL(/amountCurrency=USD/, { timeout: 2_000 });
  }).toPass();
  await expect(amount).toContainText("The Amount column (what arrived, or what was sent), in USD.");
  await amount.getByRole("textbox", { name: "Amount at least" }).fill("10");
  await amount.getByRole("textbox", { name: "Amount at most" }).fill("100");
  await amount.getByRole("textbox", { name: "Amount at most" }).press("Enter");
  await expect(page).toHaveURL(
    /minAmount=10&maxAmount=100|maxAmount=100.*minAmount=10|minAmount=10.*maxAmount=100/,
  );
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").filter({ hasText: "Range check fifty" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: incoming.id })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Range check five hundred" })).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: /Range check five$/ })).toHaveCount(0);
  await expect(table.getByRole("row")).toHaveCount(3);

  // The view survives a reload.
  await reopenAddress(page, /maxAmount=100/);
  await expect(amount.getByRole("combobox", { name: "Amount currency" })).toHaveValue("USD");
  await expect(amount.getByRole("textbox", { name: "Amount at least" })).toHaveValue("10");
  await expect(table.getByRole("row")).toHaveCount(3);
  for (const width of [1440, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${width}-transactions-amount-range`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The export holds the same two.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const csv = (await readFile(await (await downloading).path(), "utf8")).replace(/^\uFEFF/, "");
  const rows = csv.trimEnd().split("\r\n").slice(1);
  expect(rows).toHaveLength(2);
  expect(rows.some((row) => row.includes("Range check fifty"))).toBe(true);
  expect(rows.some((row) => row.startsWith(incoming.id))).toBe(true);

  // Bounds the wrong way round: said beside the filter and in the list, never a silent empty list.
  // The console knows the answer would be a 400: it does not ask, and offers what helps (not Retry).
  const refusedAsks: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 400 && new URL(response.url()).pathname.startsWith("/api/transactions")) {
      refusedAsks.push(response.url());
    }
  });
  await amount.getByRole("textbox", { name: "Amount at most" }).fill("1");
  await amount.getByRole("textbox", { name: "Amount at most" }).press("Enter");
  await expect(amount).toContainText("The upper bound is below the lower one; nothing can match.");
  await expect(
    page.getByText(
      "Check the filters. Amount at most: The upper bound is below the lower one; nothing can match. The list shows what the filters before matched.",
    ),
  ).toBeVisible();
  await shot(page, "1440-transactions-amount-range-refused");
  // Opened at that address (a shared link), there is nothing before to show: the list says what to change.
  await page.reload();
  const refusedFilters = page.getByRole("alert").filter({ hasText: "These filters cannot be used" });
  await expect(refusedFilters.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(page.getByText("Transactions could not be loaded")).toHaveCount(0);
  await expect(refusedFilters).toContainText("Amount at most: The upper bound is below the lower one");
  expect(refusedAsks).toEqual([]);
  await refusedFilters.getByRole("button", { name: "Clear filters" }).click();
  await expect(refusedFilters).toHaveCount(0);
  await expect(page).not.toHaveURL(/maxAmount/);

  // The console's route pages through the API's list: one match a page, each once.
  const found: string[] = [];
  let cursor: string | undefined;
  for (let round = 0; round < 5; round++) {
    const query = new URLSearchParams({
      customerId: customer.id,
      amountCurrency: "USD",
      minAmount: "10",
      maxAmount: "100",
      limit: "1",
      ...(cursor ? { cursor } : {}),
    });
    const response = await page.request.get(`/api/transactions/by-amount?${query}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { id: string }[]; hasMore: boolean; nextCursor?: string };
    found.push(...body.data.map((transaction) => transaction.id));
    if (!body.hasMore) break;
    cursor = body.nextCursor;
  }
  expect(found).toHaveLength(2);
  expect(new Set(found).size).toBe(2);
  expect(found).toContain(incoming.id);
  for (const bad of ["minAmount=5", "amountCurrency=USD&minAmount=ten", "amountCurrency=USD&cursor=nope"]) {
    const refused = await page.request.get(`/api/transactions/by-amount?${bad}`);
    expect(refused.status(), bad).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "INVALID_INPUT" });
  }

  // Quotes: by what they send.
  await page.goto(`/quotes?customerId=${encodeURIComponent(customer.id)}&amountCurrency=USD&minAmount=40`);
  const quoteTable = page.getByRole("table", { name: "Quotes" });
  const sends = page.getByRole("search", { name: "Filter quotes" }).getByRole("group", { name: "Sends" });
  // The sender the address holds by id reads by name.
  await expect(
    page
      .getByRole("search", { name: "Filter quotes" })
      .getByRole("group", { name: "Sending customer", exact: true }),
  ).toContainText("Amalia Rango");
  await expect(sends).toContainText("What the quote sends, in USD.");
  await expect(quoteTable.getByRole("row").filter({ hasText: quotes.fifty ?? "" })).toBeVisible();
  await expect(quoteTable.getByRole("row").filter({ hasText: quotes["five hundred"] ?? "" })).toBeVisible();
  await expect(quoteTable.getByRole("row").filter({ hasText: quotes.five ?? "" })).toHaveCount(0);
  await expect(quoteTable.getByRole("row")).toHaveCount(3);
  for (const width of [1440, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${width}-quotes-amount-range`);
  }
});
