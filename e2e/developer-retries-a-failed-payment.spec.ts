import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { balanceOf, createIndividualCustomer, fundedUsdAccount } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("a developer retries a failed UMA payment, giving the recipient's required fields again", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Reintento Pérez");
  const account = await fundedUsdAccount(customer.id, 50_000);
  // The sandbox's compliance-failing receiver fails the payment at once and returns the funds.
  const address = "$fail.compliance.usd@sandbox.uma.money";
  const lookup = (await (
    await serviceApi(
      `/receiver/uma/${encodeURIComponent(address)}?customerId=${encodeURIComponent(customer.id)}`,
    )
  ).json()) as { lookupId: string };
  const created = await serviceApi("/quotes", {
    method: "POST",
    json: {
      source: { accountId: account },
      destination: { umaAddress: address, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_500,
      lookupId: lookup.lookupId,
      senderCustomerInfo: { FULL_NAME: "Reintento Pérez" },
      immediatelyExecute: true,
    },
  });
  expect(created.status).toBe(201);
  const failed = (await created.json()) as { quoteId: string; transactionId: string; status: string };
  expect(failed.status).toBe("FAILED");

  await signInPage(page, "developer");
  await page.goto(`/transactions/${encodeURIComponent(failed.transactionId)}`);
  await expect(page.getByText("Failed", { exact: true }).first()).toBeVisible();
  await expect(async () => {
    await page.getByRole("button", { name: "Retry payment" }).click();
    await expect(page.getByRole("alertdialog", { name: "Retry this payment?" })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  const dialog = page.getByRole("alertdialog", { name: "Retry this payment?" });
  await expect(dialog).toContainText(address);
  const name = dialog.getByLabel(/^Full .*name \(required\)$/);
  await expect(name).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Retry payment" })).toBeDisabled();
  await name.fill("Reintento Pérez");
  await dialog.getByRole("button", { name: "Retry payment" }).click();

  await expect(page).not.toHaveURL(new RegExp(encodeURIComponent(failed.transactionId)));
  await expect(page.getByText("Payment retried")).toBeVisible();
  const retriedId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  expect(retriedId).toMatch(/^Transaction:/);
  const retried = (await (await serviceApi(`/transactions/${encodeURIComponent(retriedId)}`)).json()) as {
    quoteId: string;
  };
  const quote = (await (await serviceApi(`/quotes/${encodeURIComponent(retried.quoteId)}`)).json()) as {
    originalQuoteId?: string;
  };
  expect(quote.originalQuoteId).toBe(failed.quoteId);
  // The new payment's page names the one it retries, and leads back to it.
  await expect(page.getByRole("link", { name: failed.transactionId, exact: true })).toBeVisible();
  // The failed payment is retried once: a second retry, which would debit the sender again, is refused.
  const again = await page.request.post(`/api/payments/quotes/${encodeURIComponent(failed.quoteId)}/retry`, {
    headers: { origin: new URL(page.url()).origin },
    data: { lookupId: lookup.lookupId, senderCustomerInfo: { FULL_NAME: "Reintento Pérez" } },
  });
  expect(again.status()).toBe(400);
  expect(((await again.json()) as { message: string }).message).toContain("was retried already");
});

test("retrying a just-in-time payment funds it just in time again: new instructions to pay in, no account debited", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Zoë Ångström-Berg");
  // Her USD account holds money meant for something else: the retry of a payment she funded by paying in must not
  // take it (it only ever passed through that account).
  await fundedUsdAccount(customer.id, 50_000);
  const address = "$success.usd@sandbox.uma.money";
  const lookup = (await (
    await serviceApi(
      `/receiver/uma/${encodeURIComponent(address)}?customerId=${encodeURIComponent(customer.id)}`,
    )
  ).json()) as { lookupId: string };
  const created = await serviceApi("/quotes", {
    method: "POST",
    json: {
      source: { customerId: customer.id, currency: "USD" },
      destination: { umaAddress: address, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 20_000,
      lookupId: lookup.lookupId,
      senderCustomerInfo: { FULL_NAME: "Zoë Ångström-Berg" },
      immediatelyExecute: true,
    },
  });
  expect(created.status).toBe(201);
  const quote = (await created.json()) as {
    quoteId: string;
    transactionId: string;
    totalReceivingAmount: number;
    paymentInstructions: { reference: string }[];
  };
  // $150.00 arrives where the quote needs $200.00: the payment fails and the money goes back.
  const sent = await serviceApi("/sandbox/send", {
    method: "POST",
    json: { quoteId: quote.quoteId, currencyCode: "USD", currencyAmount: 15_000 },
  });
  expect(((await sent.json()) as { status: string }).status).toBe("FAILED");

  await signInPage(page, "developer");
  await page.goto(`/transactions/${encodeURIComponent(quote.transactionId)}`);
  await expect(page.getByText("Failed", { exact: true }).first()).toBeVisible();
  // Its page says nothing was sent, the quote's amounts as what it was to send, and the API's words as given.
  const needed = `$${(20_000 / 100).toFixed(2)}`;
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `${needed}outgoing payment, nothing sent`,
  );
  const failure = page.getByRole("region", { name: "The funds received did not match the quote" });
  await expect(failure).toContainText("Nothing was sent");
  await expect(failure).toContainText(
    `The payment API adds: Received $150.00 but the quote needs ${needed}; the funds were returned.`,
  );
  const amounts = page.getByRole("region", { name: "Amounts" });
  await expect(amounts.getByRole("term").first()).toContainText("Was to send");
  await expect(amounts.getByRole("definition").first()).toHaveText(needed);
  await expect(amounts).not.toContainText("We sent");
  await shot(page, "failed-just-in-time-payment");
  await expect(async () => {
    await page.getByRole("button", { name: "Retry payment" }).click();
    await expect(page.getByRole("alertdialog", { name: "Retry this payment?" })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  const dialog = page.getByRole("alertdialog", { name: "Retry this payment?" });
  // The original quote's amount, never $0.00 nor what arrived; funded as it was, by her paying in, no account debited.
  const amount = (quote.totalReceivingAmount / 100).toFixed(2);
  await expect(dialog).toContainText(`A new payment to ${address} delivers $${amount}, as this one was to`);
  await expect(dialog).toContainText("funded just in time: no account is debited");
  await expect(dialog).toContainText(`Zoë Ångström-Berg pays in about ${needed}`);
  await expect(dialog).not.toContainText("debited from");
  await expect(dialog).not.toContainText("$0.00");
  await expect(dialog).not.toContainText("$150.00");
  await dialog.getByLabel(/^Full .*name \(required\)$/).fill("Zoë Ångström-Berg");
  await shot(page, "retry-payment-dialog-just-in-time", { fullPage: false });
  const before = await balanceOf(customer.id, "USD");
  await dialog.getByRole("button", { name: "Retry payment" }).click();

  // Made, the retry waits for its money and says what to pay in, where, under a reference of its own.
  const funding = page.getByRole("dialog", { name: "Payment retried: waiting for the money" });
  await expect(funding).toBeVisible();
  const made = (
    (await (
      await serviceApi(`/quotes?customerId=${encodeURIComponent(customer.id)}&status=PROCESSING`)
    ).json()) as {
      data: {
        originalQuoteId?: string;
        totalSendingAmount: number;
        paymentInstructions: { reference: string }[];
      }[];
    }
  ).data.find((each) => each.originalQuoteId === quote.quoteId);
  if (!made) throw new Error("the retry's quote was not found");
  // Its rate is quoted again: what to pay in is the new quote's amount.
  const payIn = `$${(made.totalSendingAmount / 100).toFixed(2)}`;
  await expect(funding).toContainText(
    `Nothing was taken from any account. The new payment goes out when Zoë Ångström-Berg pays in ${payIn}`,
  );
  const instructions = funding.getByLabel("Payment instructions");
  await expect(instructions).toContainText(made.paymentInstructions[0]?.reference ?? "none");
  await expect(instructions).not.toContainText(quote.paymentInstructions[0]?.reference ?? "none");
  await expect(funding).toContainText(`Waiting for ${payIn} to arrive`);
  await shot(page, "retry-just-in-time-payment-instructions", { fullPage: false });
  expect(await balanceOf(customer.id, "USD")).toBe(before);

  await funding.getByRole("button", { name: "Open the new payment" }).click();
  await expect(page).not.toHaveURL(new RegExp(encodeURIComponent(quote.transactionId)));
  const retriedId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  const retried = (await (await serviceApi(`/transactions/${encodeURIComponent(retriedId)}`)).json()) as {
    status: string;
    originalTransactionId: string;
  };
  expect(retried).toMatchObject({ status: "PENDING", originalTransactionId: quote.transactionId });
  expect(await balanceOf(customer.id, "USD")).toBe(before);
});
