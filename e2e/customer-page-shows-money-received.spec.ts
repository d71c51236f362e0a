import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import {
  createIndividualCustomer,
  firstAccountAt,
  fundedUsdAccount,
  payUsd,
  receiveSandboxPayment,
} from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("a payment from another customer into a customer's account is on the recipient's page as money received", async ({
  page,
}) => {
  const payer = await createIndividualCustomer("Pablo Pagador");
  const payee = await createIndividualCustomer("Rita Recibe");
  const from = await fundedUsdAccount(payer.id, 5_000);
  const into = await firstAccountAt(
    `/customers/internal-accounts?customerId=${encodeURIComponent(payee.id)}&currency=USD`,
  );
  const paid = await payUsd(from, into, 1_234, "Rent share");

  await signInPage(page, "viewer");
  await page.goto(`/customers/${encodeURIComponent(payee.id)}`);
  const recent = page.getByRole("table", { name: "Recent transactions" });
  const row = recent.getByRole("row").filter({ hasText: paid.transactionId });
  // The card asks for the customer's accounts, then for the payments of each: give a busy machine time.
  await expect(row).toBeVisible({ timeout: 20_000 });
  // Whom from, by name as every list names customers, and a way to them.
  await expect(row).toContainText("Received from Pablo Pagador · Rent share");
  await expect(row.getByRole("link", { name: "Pablo Pagador", exact: true })).toHaveAttribute(
    "href",
    `/customers/${encodeURIComponent(payer.id)}`,
  );
  // What arrived, after the payment's fees: the service's own figure.
  const stored = (await (
    await serviceApi(`/transactions/${encodeURIComponent(paid.transactionId)}`)
  ).json()) as {
    receivedAmount: { amount: number };
  };
  await expect(row).toContainText(`+$${(stored.receivedAmount.amount / 100).toFixed(2)}`);
  await expect(page.getByText("No transactions yet")).toHaveCount(0);
  await shot(page, "customer-money-received");

  // The payment's own page names the customer and both accounts beside their ids.
  await page.goto(`/transactions/${encodeURIComponent(paid.transactionId)}`);
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByRole("link", { name: "Pablo Pagador", exact: true })).toBeVisible();
  await expect(details.getByRole("link", { name: "Pablo Pagador's USD account" })).toBeVisible();
  await expect(details.getByRole("link", { name: "Rita Recibe's USD account" })).toBeVisible();
  await expect(details.getByText(from)).toBeVisible();
  // A transfer between accounts has no other institution: its Counterparty card says so, not that one said nothing.
  await expect(page.getByRole("region", { name: "Counterparty" })).toContainText(
    "A transfer between accounts: no other institution takes part, so none shares anything.",
  );
  await shot(page, "transaction-names-both-parties");

  // The payer's page has the same payment as money sent.
  await page.goto(`/customers/${encodeURIComponent(payer.id)}`);
  const sent = page.getByRole("table", { name: "Recent transactions" }).getByRole("row").filter({
    hasText: paid.transactionId,
  });
  // Where it went, named as the payment's page names it.
  await expect(sent).toContainText("Sent to Rita Recibe's USD account · Rent share", { timeout: 20_000 });
  await expect(sent).toContainText("-$12.34");
});

test("a payment to a customer that was rejected, or still waits, is not shown as money credited on their page", async ({
  page,
}) => {
  const payee = await createIndividualCustomer("Nora Nocredit");
  const rejected = await receiveSandboxPayment(payee.id, 2_100);
  const waiting = await receiveSandboxPayment(payee.id, 2_200);
  const refused = await serviceApi(`/transactions/${encodeURIComponent(rejected.id)}/reject`, {
    method: "POST",
    json: { reason: "Not expected by the customer" },
  });
  expect(refused.status).toBe(200);

  await signInPage(page, "viewer");
  await page.goto(`/customers/${encodeURIComponent(payee.id)}`);
  const recent = page.getByRole("table", { name: "Recent transactions" });
  const rejectedRow = recent.getByRole("row").filter({ hasText: rejected.id });
  await expect(rejectedRow).toBeVisible({ timeout: 20_000 });
  // Struck through, no plus sign, and said to a screen reader.
  await expect(rejectedRow.getByRole("cell").last()).not.toContainText("+");
  await expect(rejectedRow).toContainText("$21.00 (not moved)");
  const waitingRow = recent.getByRole("row").filter({ hasText: waiting.id });
  await expect(waitingRow).toContainText("$22.00");
  await expect(waitingRow).not.toContainText("+$22.00");
  await shot(page, "customer-money-not-credited");
});
