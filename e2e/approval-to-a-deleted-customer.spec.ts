import { expect, request as playwrightRequest, test } from "@playwright/test";
import { openQueueFor } from "./support/approval-queue";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage, signInRequest } from "./support/session";

// A customer deleted while a payment to them waits can receive nothing: the payment service fails an approval of it
// (409, the payment FAILED). The officer is told before pressing Approve, on the card, on the payment's page and in
// the queue's selection, and rejects it instead, so the sender learns why. The console's server refuses the approval
// too, whatever the page showed (lib/server/relay/steps/receiver-not-deleted.ts), so the payment stays waiting.

test("a payment whose customer was deleted while it waited offers only Reject, and says why", async ({
  page,
  baseURL,
}) => {
  const customer = await createIndividualCustomer("Dora Borrada");
  const payment = await receiveSandboxPayment(customer.id, 4_100);
  const deleted = await serviceApi(`/customers/${encodeURIComponent(customer.id)}`, { method: "DELETE" });
  expect(deleted.status, await deleted.text()).toBe(200);
  expect(await transactionStatus(payment.id)).toBe("PENDING");

  await signInPage(page, "compliance");
  await openQueueFor(page, payment.id);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await expect(card).toContainText("Dora Borrada");
  await expect(card.getByText("Deleted", { exact: true })).toBeVisible();
  const reason = "The customer was deleted while this payment waited: approving would fail it";
  await expect(card).toContainText(reason);
  await expect(card.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-disabled", "true");
  await expect(card.getByRole("checkbox", { name: `Select payment ${payment.id}` })).toBeDisabled();
  await card.getByRole("button", { name: "Reject" }).scrollIntoViewIfNeeded();
  await shot(page, "approval-card-deleted-customer", { fullPage: false });

  // The payment's own page says the same.
  await card.getByRole("link", { name: payment.id }).click();
  const decision = page.getByRole("region", { name: "Waiting for a decision" });
  await expect(decision).toContainText(reason);
  await expect(decision.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-disabled", "true");
  const details = page.getByRole("region", { name: "Details", exact: true });
  await expect(details.getByRole("link", { name: "Dora Borrada", exact: true })).toBeVisible();
  await expect(details.getByText("Deleted", { exact: true })).toBeVisible();
  await shot(page, "payment-page-deleted-customer", { fullPage: false });

  // The console's server refuses an approval sent around the page: the payment stays waiting for its rejection.
  const officer = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  try {
    await signInRequest(officer, "compliance");
    const refused = await officer.post(
      `/api/payments/transactions/${encodeURIComponent(payment.id)}/approve`,
      {
        data: { receiverCustomerInfo: { FULL_NAME: "Dora Borrada" } },
      },
    );
    expect(refused.status(), await refused.text()).toBe(409);
    expect(await refused.json()).toMatchObject({ status: 409, code: "CUSTOMER_DELETED" });
    expect(await transactionStatus(payment.id)).toBe("PENDING");
  } finally {
    await officer.dispose();
  }

  // Rejecting it is what is left, and works.
  await decision.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject this payment?" });
  await dialog.getByRole("textbox", { name: /^Reason/ }).fill("The customer's account was closed.");
  await dialog.getByRole("button", { name: "Reject payment" }).click();
  await expect.poll(() => transactionStatus(payment.id)).toBe("REJECTED");
});

test("an approval of a payment whose customer was deleted after the queue was opened says so, and marks them", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Vera Ida");
  const payment = await receiveSandboxPayment(customer.id, 4_200);
  await signInPage(page, "compliance");
  await openQueueFor(page, payment.id);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await expect(card).toContainText("Vera Ida");
  await expect(card.getByRole("button", { name: "Approve" })).not.toHaveAttribute("aria-disabled", "true");

  // Another admin deletes the customer while the officer reads the card.
  const deleted = await serviceApi(`/customers/${encodeURIComponent(customer.id)}`, { method: "DELETE" });
  expect(deleted.status, await deleted.text()).toBe(200);

  await card.getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve payment" });
  await dialog.getByRole("button", { name: "Approve payment" }).click();
  await expect(dialog).toContainText(
    "The customer was deleted while this payment waited: approving it would fail it, so nothing was sent.",
  );
  await expect(dialog).not.toContainText("Someone else already decided");
  expect(await transactionStatus(payment.id)).toBe("PENDING");
  await shot(page, "approve-dialog-customer-deleted-meanwhile", { fullPage: false });
  // Another press could not change it: only Close is left.
  await expect(dialog.getByRole("button", { name: "Approve payment" })).toBeDisabled();
  await dialog.locator("form").getByRole("button", { name: "Close" }).click();
  await expect(card.getByText("Deleted", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-disabled", "true");
});
