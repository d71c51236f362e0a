import { expect, test } from "@playwright/test";
import { pickCustomer } from "./support/customer-picker";
import { serviceApi } from "./support/environment";
import { balanceOf, createIndividualCustomer, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";
import { countToasts } from "./support/toasts";

test("a developer quotes a payment funded just in time, sees where to pay, and it completes when the money arrives", async ({
  page,
}) => {
  // A whole journey through two pages of forms, on a machine that may be busy.
  test.setTimeout(120_000);
  // The sender holds nothing: the money comes from outside, by the quote's instructions.
  const sender = await createIndividualCustomer("Rosa Quintero");

  await signInPage(page, "developer");
  await page.goto("/quotes/new");
  await expect(page.getByRole("heading", { name: "Send money", level: 1 })).toBeVisible();

  const from = page.getByRole("region", { name: "From" });
  await expect(async () => {
    await from.getByRole("radio", { name: "Customer account" }).check();
    await pickCustomer(from, "Customer", sender.id, sender.fullName);
  }).toPass();
  await from.getByRole("radio", { name: /^USD/ }).check();
  await from.getByRole("checkbox", { name: "Fund just in time" }).check();

  const to = page.getByRole("region", { name: "To" });
  await to.getByRole("radio", { name: /^USD/ }).check();
  await page
    .getByRole("region", { name: "Amount" })
    .getByRole("textbox", { name: /Amount in USD/ })
    .fill("30");
  // Over the empty balance, and no warning: the balance is not used.
  await expect(page.getByText(/More than the account.s balance/)).toHaveCount(0);
  await shot(page, "send-money-just-in-time-form");
  await page.getByRole("button", { name: "Get quote" }).click();

  const quote = page.getByRole("region", { name: /^Quote/ });
  await expect(quote).toContainText(sender.id);
  await expect(quote).toContainText("Funded just in time in USD");
  await expect(quote.getByText("Paid in by the sender, just in time")).toBeVisible();
  await expect(quote.getByRole("button", { name: "Simulate the money arriving" })).toHaveCount(0);
  const funding = quote.getByRole("region", { name: "Funded just in time" });
  const instructions = funding.getByRole("definition");
  await expect(funding.getByLabel("Payment instructions")).toContainText("Routing number");
  await expect(instructions.filter({ hasText: /^RTF-/ })).toHaveCount(1);
  await shot(page, "send-money-just-in-time-quote");

  await quote.getByRole("button", { name: "Execute payment" }).click();
  const progress = page.getByRole("region", { name: "Payment" });
  await expect(progress.getByText("The payment waits to be processed.")).toBeVisible();
  await expect(funding).toContainText("Waiting for $30.00 to arrive in this account");
  const quoteId = new URL(page.url()).searchParams.get("quote") ?? "";
  const waiting = (await (await serviceApi(`/quotes/${encodeURIComponent(quoteId)}`)).json()) as {
    transactionId: string;
    status: string;
    source: { sourceType: string; customerId?: string };
  };
  expect(waiting.status).toBe("PROCESSING");
  expect(waiting.source).toEqual({ sourceType: "REALTIME_FUNDING", customerId: sender.id, currency: "USD" });
  expect(await transactionStatus(waiting.transactionId)).toBe("PENDING");
  await shot(page, "send-money-just-in-time-waiting");

  // The sandbox can make its money arrive too: it lists the executed quote as waiting for funds.
  const reviewUrl = page.url();
  await page.goto("/sandbox");
  const send = page.getByRole("region", { name: "Simulate a send for a quote" });
  await expect(
    send
      .getByLabel(/^Quote/)
      .locator("option")
      .filter({ hasText: quoteId }),
  ).toContainText("executed, waiting for funds");
  // The payment waiting for its money is listed among the transactions already: outgoing and pending.
  await page.goto(`/transactions?customerId=${encodeURIComponent(sender.id)}`);
  const listed = page
    .getByRole("table", { name: "Transactions" })
    .getByRole("row")
    .filter({ hasText: "Outgoing" });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Pending");
  await page.goto(reviewUrl);

  // The money's arrival is told where the payment is followed, and the keyboard goes there (the button pressed
  // is gone); no toast.
  const toastsSeen = await countToasts(page);
  await funding.getByRole("button", { name: "Simulate the money arriving" }).click();
  await expect(progress.getByRole("heading", { name: "Payment" })).toBeFocused();
  await expect(progress.getByText("The payment arrived.")).toBeVisible({ timeout: 20_000 });
  expect(await toastsSeen()).toBe(0);
  expect(await transactionStatus(waiting.transactionId)).toBe("COMPLETED");
  // The money passed through: the sender's balance was never used.
  expect(await balanceOf(sender.id, "USD")).toBe(0);
  await shot(page, "send-money-just-in-time-completed");
});
