import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { signInPage } from "./support/session";

test("the queue shows the deadline the payment API states, and none where the API holds a payment indefinitely", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Paciente Espera");
  const timed = await receiveSandboxPayment(customer.id, 3_100);
  // $pending.long keeps the payment pending with no deadline: only a decision ends it (api-notes §4).
  const response = await serviceApi("/sandbox/uma/receive", {
    method: "POST",
    json: {
      senderUmaAddress: "$pending.long.usd@sandbox.uma.money",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 3_200,
      customerId: customer.id,
    },
  });
  expect(response.status).toBe(200);
  const open = (await response.json()) as { id: string; approvalDeadline?: string };
  expect(open.approvalDeadline).toBeUndefined();

  await signInPage(page, "compliance");
  await page.goto(`/approvals?q=${encodeURIComponent(customer.id)}`);
  const timedCard = page.getByRole("article").filter({ hasText: timed.id });
  await expect(timedCard).toContainText("Decide within");
  await expect(timedCard).toContainText("Deadline set by the payment API");

  const openCard = page.getByRole("article").filter({ hasText: open.id });
  await expect(openCard).toContainText("No deadline: the payment API holds it until someone decides.");
  await expect(openCard).not.toContainText("Decide within");
  await expect(openCard).not.toContainText("Approval window closed");
  await expect(openCard.getByRole("button", { name: /Approve/ })).toBeVisible();
});
