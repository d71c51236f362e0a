import { expect, type Page, test } from "@playwright/test";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// The list's own transactions through the proxy (not the console's amount-range route).
const LIST_REQUEST = /\/api\/payments\/transactions\?/;

/** A new customer with one payment received, and the viewer's transactions list filtered to them, showing it. */
async function oneCustomersTransactions(page: Page, name: string, amount: number) {
  const customer = await createIndividualCustomer(name);
  const first = await receiveSandboxPayment(customer.id, amount);
  await signInPage(page, "viewer");
  await page.goto(`/transactions?customerId=${encodeURIComponent(customer.id)}`);
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").filter({ hasText: first.id })).toBeVisible();
  return { customer, first, table };
}

test("a list whose refresh fails keeps its rows, says so, and recovers with Try again", async ({ page }) => {
  test.setTimeout(90_000);
  const { customer, first, table } = await oneCustomersTransactions(page, "Rosa Refresco", 2_100);

  // The console answers the next refresh with an error (restarting, say), and a new payment makes the list refresh.
  await page.route(LIST_REQUEST, (route) =>
    route.fulfill({
      status: 503,
      json: { status: 503, code: "UNAVAILABLE", message: "The console is restarting." },
    }),
  );
  const second = await receiveSandboxPayment(customer.id, 2_200);
  const notice = page.getByRole("status").filter({ hasText: "This list could not be refreshed" });
  // The notice comes once the refresh has failed four times (retries after 1, 2 and 4 s), counted again from each
  // event the payment brings; alone this takes about 10 s, but the webhooks come through the service's job queue,
  // busy late in a full run, where 20 s was once not enough (same with and without 599e7e8, alone, four runs each).
  await expect(notice).toBeVisible({ timeout: 40_000 });
  await expect(notice).toContainText("The console is restarting.");
  await expect(table.getByRole("row").filter({ hasText: first.id })).toBeVisible();
  await shot(page, "list-refresh-failed", { fullPage: false });

  // Events of the payment still arriving start new rounds of retries, which name the button "Trying again…"; once
  // the console answers again, such a round would end the notice before a click. So the button is awaited as
  // "Try again" (no round under way) while the console still fails, and pressed as soon as it answers.
  const tryAgain = notice.getByRole("button", { name: "Try again" });
  await expect(tryAgain).toBeEnabled();
  await page.unroute(LIST_REQUEST);
  await tryAgain.click();
  await expect(table.getByRole("row").filter({ hasText: second.id })).toBeVisible();
  await expect(page.getByText("This list could not be refreshed")).toHaveCount(0);
});

test("a refresh the API refuses is said with its reason, without a Try again that would be refused again", async ({
  page,
}) => {
  const { customer, first, table } = await oneCustomersTransactions(page, "Rosa Rechazo", 2_300);

  // The API now refuses the list's filters (a 400 names what it refuses); a new payment makes the list ask again.
  await page.route(LIST_REQUEST, (route) =>
    route.fulfill({
      status: 400,
      json: { status: 400, code: "INVALID_INPUT", message: "customerId is not a customer of this platform." },
    }),
  );
  await receiveSandboxPayment(customer.id, 2_400);
  const refusal = page
    .getByRole("alert")
    .filter({ hasText: "customerId is not a customer of this platform." });
  await expect(refusal).toBeVisible({ timeout: 20_000 });
  await expect(refusal).toContainText("The list shows what the filters before matched.");
  await expect(refusal.getByRole("button")).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: first.id })).toBeVisible();
});
