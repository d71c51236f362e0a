import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { balanceOf, createIndividualCustomer, fundedUsdAccount, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { lookUpCustomerBankAccount } from "./support/send-money";
import { signInPage } from "./support/session";
import { countToasts } from "./support/toasts";

/** A US bank account of the customer, which the sandbox's bank pays at once (its number does not end in 002–009). */
async function customerBankAccount(customerId: string): Promise<string> {
  const response = await serviceApi("/customers/external-accounts", {
    method: "POST",
    json: {
      customerId,
      currency: "USD",
      accountInfo: {
        accountType: "US_ACCOUNT",
        accountNumber: `4${String(Date.now()).slice(-8)}1`,
        routingNumber: "021000021",
        accountCategory: "CHECKING",
        bankName: "Evergreen Bank",
      },
    },
  });
  if (response.status !== 201) throw new Error(`bank account not created: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

test("a developer pays a customer's bank account: picks it, looks it up, quotes and executes", async ({
  page,
}) => {
  // A whole journey through two pages of forms, on a machine that may be busy.
  test.setTimeout(120_000);
  const payer = await createIndividualCustomer("Inés Carvajal");
  const payee = await createIndividualCustomer("Tomás Riera");
  const source = await fundedUsdAccount(payer.id, 50_000);
  const bank = await customerBankAccount(payee.id);

  await signInPage(page, "developer");
  await page.goto("/quotes/new");
  await expect(page.getByRole("heading", { name: "Send money", level: 1 })).toBeVisible();

  await lookUpCustomerBankAccount(page, { payer, source, payee, bank });

  await page
    .getByRole("region", { name: "Amount" })
    .getByRole("textbox", { name: /Amount in USD/ })
    .fill("40");
  await shot(page, "send-money-to-bank-account");
  // Each step is told in the page, where the next one is taken, and the keyboard follows it there; never in a
  // toast, which stood over the Execute button (bottom right) for seconds and took the click meant for it.
  const toastsSeen = await countToasts(page);
  await page.getByRole("button", { name: "Get quote" }).click();

  const quote = page.getByRole("region", { name: /^Quote/ });
  await expect(quote.getByRole("heading", { name: /^Quote/ })).toBeFocused();
  await expect(quote).toContainText("$40.00");
  await expect(quote).toContainText(bank);
  // The person confirms whose money goes where by name: the source account by its owner and currency, the bank
  // account by its holder and bank; each id beside it, small, to copy.
  const from = quote.getByRole("group", { name: "From" });
  const to = quote.getByRole("group", { name: "To" });
  await expect(from.getByText("Inés Carvajal's USD account", { exact: true })).toBeVisible();
  await expect(from.getByRole("button", { name: "Copy source account id" })).toBeVisible();
  await expect(from).toContainText(source);
  await expect(to.getByText(/^Tomás Riera · Evergreen Bank ••\d{4}$/)).toBeVisible();
  await expect(to.getByRole("button", { name: "Copy destination account id" })).toBeVisible();
  await shot(page, "send-money-review-names");
  await quote.getByRole("button", { name: "Execute payment" }).click();
  const progress = page.getByRole("region", { name: "Payment" });
  await expect(progress.getByRole("heading", { name: "Payment" })).toBeFocused();
  await expect(progress.getByText("The payment arrived.")).toBeVisible({ timeout: 20_000 });
  expect(await toastsSeen()).toBe(0);

  const quoteId = new URL(page.url()).searchParams.get("quote") ?? "";
  const stored = (await (await serviceApi(`/quotes/${encodeURIComponent(quoteId)}`)).json()) as {
    transactionId: string;
    totalSendingAmount: number;
    lookupId?: string;
    destination: { accountId?: string };
  };
  expect(stored.destination.accountId).toBe(bank);
  expect(stored.lookupId).toMatch(/^Lookup:/);
  expect(await transactionStatus(stored.transactionId)).toBe("COMPLETED");
  expect(await balanceOf(payer.id, "USD")).toBe(50_000 - stored.totalSendingAmount);
});
