import { expect, test } from "@playwright/test";
import { pickCustomer } from "./support/customer-picker";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

async function fundedAccount(customerId: string, currency: string, amount: number): Promise<string> {
  const list = await serviceApi(
    `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=${currency}`,
  );
  const account = ((await list.json()) as { data: { id: string }[] }).data[0];
  if (!account) throw new Error(`no ${currency} account for ${customerId}`);
  const funded = await serviceApi(`/sandbox/internal-accounts/${encodeURIComponent(account.id)}/fund`, {
    method: "POST",
    json: { amount },
  });
  if (!funded.ok) throw new Error(`funding failed: ${funded.status} ${await funded.text()}`);
  return account.id;
}

test("a quote left to expire cannot be executed, and a new quote on the same terms can", async ({ page }) => {
  const customer = await createIndividualCustomer("Tomás Herrera");
  const accountId = await fundedAccount(customer.id, "USD", 50_000);
  await signInPage(page, "admin");
  await page.goto("/quotes/new");

  const from = page.getByRole("region", { name: "From" });
  await from.getByRole("radio", { name: "Customer account" }).check();
  await pickCustomer(from, "Customer", customer.platformCustomerId, customer.fullName, { by: "keyboard" });
  await from.getByRole("radio", { name: new RegExp(accountId) }).check();

  const to = page.getByRole("region", { name: "To" });
  await to.getByRole("radio", { name: /^USD/ }).check();

  const amount = page.getByRole("region", { name: "Amount" });
  await amount.getByRole("radio", { name: /What they receive/ }).check();
  await amount.getByRole("textbox", { name: /Amount in USD/ }).fill("10");
  await page.getByRole("button", { name: "Get quote" }).click();

  const quote = page.getByRole("region", { name: /^Quote/ });
  await expect(quote.getByRole("timer")).toContainText("Rate locked for");
  const expiredId = new URL(page.url()).searchParams.get("quote") ?? "";
  expect(expiredId).toMatch(/^Quote:/);

  // The service's clock moves past the quote's five minutes; the page learns it from the API, not its own clock.
  const moved = await serviceApi("/_local/clock/advance", { method: "POST", json: { seconds: 400 } });
  expect(moved.ok).toBe(true);
  await expect(quote.getByRole("button", { name: "Get a new quote" })).toBeVisible({ timeout: 20_000 });
  await expect(quote.getByRole("button", { name: "Execute payment" })).toHaveCount(0);
  await expect(quote.getByText("The rate lock ran out")).toBeVisible();
  await shot(page, "quote-expired");

  // The API agrees: the expired quote cannot be executed.
  const refused = await serviceApi(`/quotes/${encodeURIComponent(expiredId)}/execute`, { method: "POST" });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe("QUOTE_EXPIRED");

  await quote.getByRole("button", { name: "Get a new quote" }).click();
  await expect(page).not.toHaveURL(new RegExp(encodeURIComponent(expiredId)));
  const fresh = page.getByRole("region", { name: /^Quote/ });
  await expect(fresh.getByRole("heading", { name: /^Quote/ })).toBeFocused();
  // Counted from its arrival, the new quote shows its whole lifetime although the service's clock is ahead.
  await expect(fresh.getByRole("timer")).toContainText(/Rate locked for/);
  await expect(fresh.getByRole("timer")).toContainText(/[45]:\d\d/);
  await expect(fresh.getByText("Total received")).toBeVisible();
  await expect(fresh).toContainText("$10.00");
  await fresh.getByRole("button", { name: "Execute payment" }).click();
  await expect(page.getByRole("region", { name: "Payment" }).getByText("Completed")).toBeVisible({
    timeout: 20_000,
  });

  const freshId = new URL(page.url()).searchParams.get("quote") ?? "";
  expect(freshId).not.toBe(expiredId);
  const stored = (await (await serviceApi(`/quotes/${encodeURIComponent(freshId)}`)).json()) as {
    transactionId: string;
    totalReceivingAmount: number;
  };
  expect(stored.totalReceivingAmount).toBe(1_000);
  expect(await transactionStatus(stored.transactionId)).toBe("COMPLETED");

  // The payment is dated on the service's clock, which is ahead of the browser's: the console counts from the
  // platform's now, so a payment made a moment ago reads "just now", not "in 7 minutes".
  await page.goto(`/transactions/${encodeURIComponent(stored.transactionId)}`);
  await expect(page.getByRole("heading", { name: "Details", exact: true })).toBeVisible();
  await expect(page.getByRole("time").getByText("just now").first()).toBeVisible();
  await expect(page.getByRole("time").getByText(/^in \d+ (minute|hour|day)s?$/)).toHaveCount(0);

  // Both quotes are in the list, filtered by the sending customer and then by status, in the URL.
  await page.goto(`/quotes?customerId=${encodeURIComponent(customer.id)}`);
  const list = page.getByRole("table", { name: "Quotes" });
  await expect(list.getByRole("row")).toHaveCount(3);
  const filters = page.getByRole("search", { name: "Filter quotes" });
  await filters.getByRole("combobox", { name: "Status" }).selectOption({ label: "Expired" });
  await expect(page).toHaveURL(/status=EXPIRED/);
  await expect(list.getByRole("row")).toHaveCount(2);
  await list.getByRole("button", { name: `Open quote ${expiredId}` }).click();
  const sheet = page.getByRole("dialog", { name: "Quote" });
  await expect(sheet).toContainText("This quote expired without being executed");
  await expect(page).toHaveURL(/quote=Quote/);
  await shot(page, "quotes-expired-sheet");
});
