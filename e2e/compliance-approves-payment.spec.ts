import { expect, type Page, test } from "@playwright/test";
import { openQueueFor, searchQueue } from "./support/approval-queue";
import {
  balanceOf,
  createIndividualCustomer,
  receiveSandboxPayment,
  transactionStatus,
  waitingCount,
} from "./support/fixtures";
import { openFromMainNavigation } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

test.describe.configure({ mode: "serial" });

/** The sidebar's Approvals link says how many payments wait, as the service counts them, without a reload. */
async function expectWaitingInNavigation(page: Page) {
  const navigation = page.getByRole("navigation", { name: "Main" });
  const shown = async () => {
    const count = await waitingCount();
    const name = count === 0 ? "Approvals" : `Approvals ${count} waiting`;
    return (await navigation.getByRole("link", { name, exact: true }).count()) === 1;
  };
  await expect.poll(shown, { timeout: 20_000 }).toBe(true);
}

test("a compliance officer approves a payment that arrives while the queue is open, with the requested information", async ({
  page,
}) => {
  const customer = await createIndividualCustomer();
  await signInPage(page, "compliance");
  await openFromMainNavigation(page, "Approvals");
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  // Narrowed to the customer, as in a long queue: the payment to come waits last in deadline order.
  await searchQueue(page, customer.id);
  await expectWaitingInNavigation(page);
  const before = await waitingCount();

  // Triggered through the API while the page is open: it must appear without a reload.
  const payment = await receiveSandboxPayment(customer.id, 12_345);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole("heading", { level: 2 })).toContainText("$123.45");
  await expect(card.getByRole("timer")).toBeVisible();
  // Our customer by name, as every list names them, with the platform's own id for them beside it.
  await expect(card).toContainText(
    `Recipient (our customer)${customer.fullName}${customer.platformCustomerId}`,
  );
  expect(await waitingCount()).toBe(before + 1);
  await expectWaitingInNavigation(page);
  await shot(page, "approvals-queue");

  // On a phone the sidebar is folded away; the button that opens it says what waits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole("button", {
      name: /^Open navigation \(Approvals \d+ waiting(, Screening [\d,]+ open alerts?)?\)$/,
    }),
  ).toBeVisible();
  await shot(page, "approvals-queue-phone", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The customer record that fills the form answers late: until it does, Approve waits for it (busy, not
  // pressable), so a press then neither sends empty fields nor is lost when the prefill lands.
  let answerCustomer = () => {};
  const customerAnswered = new Promise<void>((resolve) => {
    answerCustomer = resolve;
  });
  const customerRecord = `**/api/payments/customers/${encodeURIComponent(customer.id)}`;
  await page.route(customerRecord, async (route) => {
    await customerAnswered;
    await route.continue();
  });
  await card.getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve payment" });
  const filling = dialog.getByRole("button", { name: "Filling in…" });
  await expect(filling).toHaveAttribute("aria-busy", "true");
  await expect(filling).toBeDisabled();
  answerCustomer();
  await expect(dialog.getByLabel("Full legal name")).toHaveValue(customer.fullName);
  await page.unroute(customerRecord);
  await shot(page, "approve-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Approve payment" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeHidden();
  // Named as a person reads it, as its card named it, not by its id.
  await expect(page.getByText(/^\$123\.45 from .+ was approved by you\.$/)).toBeVisible();
  await expectWaitingInNavigation(page);

  await expect.poll(() => transactionStatus(payment.id), { timeout: 15_000 }).toBe("COMPLETED");
  expect(await balanceOf(customer.id, "USD")).toBe(12_345);
});

test("a compliance officer rejects a payment with a reason, and it is not credited", async ({ page }) => {
  const customer = await createIndividualCustomer("Bruno Díaz");
  const payment = await receiveSandboxPayment(customer.id, 5_000);
  await signInPage(page, "compliance");
  await openQueueFor(page, payment.id);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await card.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject this payment?" });
  const confirm = dialog.getByRole("button", { name: "Reject payment" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill("Sender name does not match the sanctions screening result");
  await confirm.click();
  await expect(card).toBeHidden();
  await expect.poll(() => transactionStatus(payment.id), { timeout: 15_000 }).toBe("REJECTED");
  expect(await balanceOf(customer.id, "USD")).toBe(0);

  // Who reads the payment later learns who rejected it and why, without the audit log; a viewer, who sees the
  // sender's name masked, learns who, and that the reason (which is about the sender) is withheld.
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  const decision = page
    .getByRole("region", { name: "Status timeline" })
    .getByRole("listitem")
    .filter({ hasText: "Rejected by Carla Compliance" });
  await expect(decision).toContainText("Reason: Sender name does not match the sanctions screening result");
  await shot(page, "transaction-rejected-by");
  await switchUser(page, "viewer");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await expect(decision).toContainText("Reason withheld: it is about the sender");
  await expect(decision).not.toContainText("Sender name does not match");
});

test("a viewer sees the queue but cannot decide", async ({ page }) => {
  const customer = await createIndividualCustomer("Carmen Ruiz");
  const payment = await receiveSandboxPayment(customer.id, 700);
  await signInPage(page, "viewer");
  await openQueueFor(page, payment.id);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await expect(card).toBeVisible();
  await expect(
    card.getByText(/Only compliance officers and admins approve or reject payments/),
  ).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click({ force: true });
  await expect(page.getByRole("dialog", { name: "Approve payment" })).toHaveCount(0);
  await shot(page, "approvals-viewer");
  // The header's switches say what they guard, not what approving takes.
  await expect(page.getByRole("button", { name: "Emergency hold", exact: true })).toHaveAttribute(
    "aria-description",
    "Only compliance officers and admins turn the emergency hold on or off.",
  );
  await expect(page.getByRole("button", { name: "Two-person rule" })).toHaveAttribute(
    "aria-description",
    "Only compliance officers and admins change the two-person rule.",
  );

  // The server refuses it whatever the page shows.
  const response = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/approve`,
    {
      data: {},
      headers: { origin: new URL(page.url()).origin },
    },
  );
  expect(response.status()).toBe(403);
  expect(await transactionStatus(payment.id)).toBe("PENDING");
});
