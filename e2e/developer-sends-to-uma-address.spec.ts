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

test("a developer sends money to a UMA address with the sender data it requires, and follows it to Completed", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Lucía Fernández");
  const accountId = await fundedAccount(customer.id, "USD", 100_000);
  await signInPage(page, "developer");
  await page.getByRole("link", { name: "Send money", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Send money", level: 1 })).toBeVisible();

  const from = page.getByRole("region", { name: "From" });
  await from.getByRole("radio", { name: "Customer account" }).check();
  await pickCustomer(from, "Customer", customer.id, customer.fullName);
  await from.getByRole("radio", { name: new RegExp(accountId) }).check();
  await expect(from.getByText("$1,000.00")).toBeVisible();

  const to = page.getByRole("region", { name: "To" });
  await to.getByRole("radio", { name: "UMA address" }).check();
  await to.getByRole("textbox", { name: /UMA address/ }).fill("$success.usd@sandbox.uma.money");
  await to.getByRole("button", { name: "Look up" }).click();
  const receiver = to.getByRole("region", { name: "Receiver" });
  await expect(receiver.getByRole("radio", { name: /USD/ })).toBeChecked();
  await expect(receiver.getByText("Full legal name (required)")).toBeVisible();
  // The rate says in what: so many of the sending account's dollars per unit received.
  await expect(receiver.getByText(/^Estimated rate 1 USD per USD;/)).toBeVisible();

  // Over the platform's bounds for dollars: said under the field in dollars, and no quote is asked for.
  const amount = page.getByRole("region", { name: "Amount" }).getByRole("textbox", { name: /Amount in USD/ });
  const quoteRequests: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/quotes"))
      quoteRequests.push(request.url());
  });
  await amount.fill("99999999999");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(/Error: Your platform sends \$1\.00 to \$10,000,000\.00$/);
  await expect(amount).toBeFocused();
  expect(quoteRequests).toEqual([]);
  await amount.fill("25");
  await page.getByRole("region", { name: "Amount" }).getByLabel("Memo").fill("Invoice 1042 ✓");

  // The sender information form is generated from what the receiver requires, prefilled from the customer.
  const sender = page.getByRole("region", { name: "Sender information" });
  await expect(sender.getByRole("textbox", { name: /Full legal name/ })).toHaveValue(customer.fullName);
  await expect(sender.getByLabel(/Date of birth/)).toHaveValue("1990-04-02");
  await shot(page, "send-money-form");

  await page.getByRole("button", { name: "Get quote" }).click();
  const quote = page.getByRole("region", { name: /^Quote/ });
  await expect(quote.getByRole("timer")).toContainText("Rate locked for");
  await expect(quote.getByText("You send")).toBeVisible();
  await expect(quote).toContainText("$25.00");
  await expect(quote).toContainText("1 USD = 1 USD");
  // When the rate runs out, as a time, beside the countdown.
  await expect(quote.getByText(/^Until \d{1,2}:\d{2}/)).toBeVisible();
  await expect(page).toHaveURL(/[?&]quote=Quote/);
  // From the customer's account by name, to the address typed.
  await expect(quote.getByRole("group", { name: "From" })).toContainText("Lucía Fernández's USD account");
  await expect(quote.getByRole("group", { name: "To" })).toContainText("$success.usd@sandbox.uma.money");
  // The memo that goes with the payment, to check before executing.
  await expect(quote.getByRole("definition").filter({ hasText: "Invoice 1042 ✓" })).toBeVisible();
  await shot(page, "send-money-quote");
  // Reloaded, the quote is still there to execute, with a way out: no form holds what was typed any more.
  await page.reload();
  await expect(quote.getByRole("button", { name: "Start a new payment" })).toBeVisible();
  await expect(quote.getByRole("button", { name: "Change details" })).toHaveCount(0);
  // The memo is still said: read from the payment the quote created, which carries it.
  await expect(quote.getByRole("definition").filter({ hasText: "Invoice 1042 ✓" })).toBeVisible();

  await quote.getByRole("button", { name: "Execute payment" }).click();
  const progress = page.getByRole("region", { name: "Payment" });
  await expect(progress.getByText("The payment arrived.")).toBeVisible({ timeout: 20_000 });
  await expect(progress.getByText("Completed")).toBeVisible();
  await shot(page, "send-money-completed");

  const quoteId = new URL(page.url()).searchParams.get("quote") ?? "";
  const stored = (await (await serviceApi(`/quotes/${encodeURIComponent(quoteId)}`)).json()) as {
    transactionId: string;
    totalSendingAmount: number;
  };
  expect(await transactionStatus(stored.transactionId)).toBe("COMPLETED");
  expect(stored.totalSendingAmount).toBe(2_500);

  await progress.getByRole("link", { name: "View transaction" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("$25.00");
  const timeline = page.getByRole("region", { name: "Status timeline" });
  await expect(timeline.getByRole("listitem")).toHaveText([/^Created/, /^Processing/, /^Completed/]);
  await expect(page.getByRole("region", { name: "Details", exact: true })).toContainText(
    "$success.usd@sandbox.uma.money",
  );
  await shot(page, "transaction-outgoing");
});

test("a viewer sees the send-money page disabled with the reason, and the server refuses a quote", async ({
  page,
}) => {
  await signInPage(page, "viewer");
  await page.goto("/quotes/new");
  await expect(page.getByText("Only admins move money (developers only in the sandbox).")).toBeVisible();
  await expect(page.getByRole("button", { name: "Get quote" })).toBeDisabled();
  await expect(
    page.getByRole("region", { name: "From" }).getByRole("radio", { name: "Customer account" }),
  ).toBeDisabled();
  await shot(page, "send-money-viewer");

  const response = await page.request.post("/api/payments/quotes", {
    data: {
      source: { accountId: "InternalAccount:any" },
      destination: { accountId: "InternalAccount:other", currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 100,
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(403);
});
