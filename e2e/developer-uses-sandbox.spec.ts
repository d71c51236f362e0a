import { expect, test } from "@playwright/test";
import { pickCustomer } from "./support/customer-picker";
import { serviceApi } from "./support/environment";
import { balanceOf, createIndividualCustomer } from "./support/fixtures";
import { openFromMainNavigation } from "./support/navigation";
import { shot } from "./support/screens";
import { chooseOption } from "./support/select";
import { signInPage } from "./support/session";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function usdAccount(path: string): Promise<string> {
  const body = (await (await serviceApi(path)).json()) as { data: { id: string }[] };
  const id = body.data[0]?.id;
  if (!id) throw new Error(`no USD account at ${path}`);
  return id;
}

/**
 * A pending quote of $15.00 from the platform's USD account to a customer's, for the sandbox to complete: its id and
 * what it delivers after fees, as the console writes it ("$14.85").
 */
async function quoteToComplete(customerId: string): Promise<{ quoteId: string; receives: string }> {
  const response = await serviceApi("/quotes", {
    method: "POST",
    json: {
      source: { accountId: await usdAccount("/platform/internal-accounts?currency=USD") },
      destination: {
        accountId: await usdAccount(
          `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USD`,
        ),
        currency: "USD",
      },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_500,
    },
  });
  if (response.status !== 201)
    throw new Error(`quote not created: ${response.status} ${await response.text()}`);
  const quote = (await response.json()) as { quoteId: string; totalReceivingAmount: number };
  return { quoteId: quote.quoteId, receives: `$${(quote.totalReceivingAmount / 100).toFixed(2)}` };
}

/** A pending quote's id. */
async function pendingQuote(customerId: string): Promise<string> {
  return (await quoteToComplete(customerId)).quoteId;
}

test("a developer funds an account and simulates an incoming UMA payment that waits in the approval queue", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Sandra Prueba");
  await signInPage(page, "developer");
  await openFromMainNavigation(page, "Sandbox");
  await expect(page.getByRole("heading", { name: "Sandbox", level: 1 })).toBeVisible();

  // Fund the customer's USD account with an amount typed in dollars.
  const fund = page.getByRole("region", { name: "Fund an internal account", exact: true });
  await fund.getByRole("radio", { name: "A customer" }).check();
  await pickCustomer(fund, "Customer", customer.platformCustomerId, "Sandra Prueba");
  await chooseOption(fund.getByRole("combobox", { name: /^Account/ }), /^USD · balance/);
  await fund.getByLabel("Amount").fill("250.75");
  await expect(fund.getByText("$250.75")).toBeVisible();
  await fund.getByRole("button", { name: "Fund account" }).click();
  await expect(fund.getByRole("region", { name: "Response: Fund an internal account" })).toContainText(
    "HTTP 200",
  );
  await expect(fund.getByRole("region", { name: "Request: Fund an internal account" })).toContainText(
    '"amount": 25075',
  );
  await expect.poll(() => balanceOf(customer.id, "USD")).toBe(25_075);

  // An incoming payment from a sandbox sender to that customer.
  const receive = page.getByRole("region", { name: "Simulate an incoming UMA payment", exact: true });
  await chooseOption(receive.getByLabel("Sender"), /^\$success\.usd@sandbox\.uma\.money/);
  await pickCustomer(receive, "Receiving customer", "sandra prue", "Sandra Prueba");
  // Outside the platform's bounds for the currency: said under the field, and not sent (the log keeps one action).
  await receive.getByLabel("Amount").fill("0.5");
  await receive.getByRole("button", { name: "Simulate payment" }).click();
  await expect(receive.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expect(receive.getByLabel("Amount")).toHaveAccessibleDescription(
    /Your platform accepts \$1\.00 to \$/,
  );
  await expect(page.getByRole("list", { name: "Actions taken" }).getByRole("listitem")).toHaveCount(1);
  await receive.getByLabel("Amount").fill("42.10");
  await receive.getByRole("button", { name: "Simulate payment" }).click();
  const simulated = receive.getByRole("region", { name: "Simulated payment" });
  await expect(simulated).toContainText("Pending");
  await expect(simulated).toContainText("$42.10");
  const transactionId = ((await simulated.getByText(/^Transaction:/).textContent()) ?? "").trim();
  expect(transactionId).not.toBe("");
  await expect(
    receive.getByRole("region", { name: "Request: Simulate an incoming UMA payment" }),
  ).toContainText('"receivingCurrencyAmount": 4210');

  const log = page.getByRole("list", { name: "Actions taken" });
  await expect(log.getByRole("listitem")).toHaveCount(2);
  await expect(log.getByRole("listitem").first()).toContainText("Simulate an incoming UMA payment");
  await shot(page, "sandbox-console");

  // The result links to the payment in the approval queue.
  await simulated.getByRole("link", { name: "Open it in the approval queue" }).click();
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  // Narrowed to it: in a queue longer than a page, the payment just made is not on the first.
  await expect(page.getByRole("searchbox", { name: "Search the queue" })).toHaveValue(transactionId);
  const card = page.getByRole("article").filter({ hasText: transactionId });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole("heading", { level: 2 })).toContainText("$42.10");

  // The log survives the round trip.
  const { quoteId, receives } = await quoteToComplete(customer.id);
  await page.goBack();
  await expect(log.getByRole("listitem")).toHaveCount(2);

  // A pending quote is completed as if its funds had arrived. It is offered by its amounts, who sends it and whom it
  // pays, by name as the quotes list names them; the chosen quote and the result name them again.
  const send = page.getByRole("region", { name: "Simulate a send for a quote", exact: true });
  await chooseOption(
    send.getByLabel(/^Quote/),
    new RegExp(
      `\\$15\\.00 → ${escapeRegExp(receives)} · from Platform to Sandra Prueba's USD account · ${escapeRegExp(quoteId)}`,
    ),
  );
  const chosen = send.getByRole("region", { name: "Chosen quote" });
  await expect(chosen.getByRole("definition").first()).toContainText("Platform");
  await expect(chosen.getByRole("definition").first()).toContainText("Sends $15.00");
  await expect(chosen.getByRole("definition").nth(1)).toContainText("Sandra Prueba's USD account");
  await expect(chosen.getByRole("definition").nth(1)).toContainText(`Receives ${receives}`);
  await expect(send.getByRole("textbox", { name: /Amount received/ })).toHaveAttribute(
    "placeholder",
    "15.00",
  );
  await shot(page, "sandbox-send-chosen");
  await send.getByRole("button", { name: "Simulate send" }).click();
  await expect(send.getByRole("region", { name: "Response: Simulate a send for a quote" })).toContainText(
    "HTTP 200",
  );
  // The toast says whose payment it was, by name, not the transaction's id.
  await expect(page.getByText(/^\$15\.00 from Platform to Sandra Prueba's USD account: /)).toBeVisible();
  const simulatedSend = send.getByRole("region", { name: "Simulated send" });
  await expect(simulatedSend.getByRole("definition").first()).toContainText("Platform");
  await expect(simulatedSend.getByRole("definition").first()).toContainText("Sends $15.00");
  await expect(simulatedSend.getByRole("definition").nth(1)).toContainText("Sandra Prueba's USD account");
  await expect(simulatedSend.getByRole("definition").nth(1)).toContainText(`Receives ${receives}`);
  await expect(simulatedSend.getByRole("link", { name: "Open the payment" })).toBeVisible();
  await expect(chosen).toHaveCount(0);
  await shot(page, "sandbox-send-result");
  await expect(send.getByRole("region", { name: "Request: Simulate a send for a quote" })).toContainText(
    `"quoteId": "${quoteId}"`,
  );
  await expect(log.getByRole("listitem")).toHaveCount(3);

  // The clock moves forward after a confirmation.
  const clock = page.getByRole("region", { name: "Move the clock", exact: true });
  await expect(clock).toContainText("Service time");
  await clock.getByRole("button", { name: "+1 minute" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Move the clock forward 1 minute?" });
  await confirm.getByRole("button", { name: "Move the clock" }).click();
  await expect(confirm).toBeHidden();
  await expect(clock).toContainText("ahead of real time");
  await expect(clock.getByRole("region", { name: "Request: Move the clock forward" })).toContainText(
    '"seconds": 60',
  );
  await expect(log.getByRole("listitem")).toHaveCount(4);
  await expect(log.getByRole("listitem").first()).toContainText("Move the clock forward");
  await shot(page, "sandbox-after-clock");
});

test("a quote made elsewhere a moment after leaving the sandbox is listed on coming back", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Rápido Vuelta");
  await signInPage(page, "developer");
  await page.goto("/sandbox");
  const send = page.getByRole("region", { name: "Simulate a send for a quote", exact: true });
  await expect(send).toBeVisible();

  // Back sooner than the lists' 2 s freshness (lib/client/api/sandbox.ts): the page must ask again, not show its cache.
  await openFromMainNavigation(page, "Approvals");
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  const quoteId = await pendingQuote(customer.id);
  await page.goBack();
  await expect(
    send
      .getByLabel(/^Quote/)
      .locator("option")
      .filter({ hasText: quoteId }),
  ).toHaveCount(1);
});

test("a viewer is told why the sandbox console is not for them", async ({ page }) => {
  await signInPage(page, "viewer");
  await page.goto("/sandbox");
  await expect(page.getByRole("heading", { name: "You cannot use the sandbox console" })).toBeVisible();
  await expect(page.getByText("Only developers and admins use the sandbox console.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Fund account" })).toHaveCount(0);
  await shot(page, "sandbox-viewer");
});

test("the sandbox's simulated payment follows the platform's decision, and opens as a payment", async ({
  page,
}) => {
  // A customer of today: the demo's policy approves only customers of a week or more, so the payment waits.
  const customer = await createIndividualCustomer("Rolf Folgt");
  await signInPage(page, "developer");
  await page.goto("/sandbox");
  const receive = page.getByRole("region", { name: "Simulate an incoming UMA payment", exact: true });
  await chooseOption(receive.getByLabel("Sender"), /^\$success\.usd@sandbox\.uma\.money/);
  await pickCustomer(receive, "Receiving customer", "rolf fol", "Rolf Folgt");
  await receive.getByLabel("Amount").fill("7.25");
  await receive.getByRole("button", { name: "Simulate payment" }).click();
  const simulated = receive.getByRole("region", { name: "Simulated payment" });
  await expect(simulated).toContainText("It waits for your platform's decision.");
  await expect(simulated.getByRole("link", { name: "Open it in the approval queue" })).toBeVisible();
  const transactionId = ((await simulated.getByText(/^Transaction:/).textContent()) ?? "").trim();

  // The platform decides it after the answer the card was drawn from: the card says so, without a reload.
  const approved = await serviceApi(`/transactions/${encodeURIComponent(transactionId)}/approve`, {
    method: "POST",
    json: { receiverCustomerInfo: { FULL_NAME: "Rolf Folgt" } },
  });
  expect(approved.status, await approved.text()).toBe(200);
  await expect(simulated).toContainText("Completed");
  await expect(simulated).toContainText("Your platform approved it");
  await expect(simulated.getByRole("link", { name: "Open it in the approval queue" })).toHaveCount(0);
  await shot(page, "sandbox-simulated-payment-decided");

  await simulated.getByRole("link", { name: "Open the payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(transactionId)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(customer.id).toBeTruthy();
});

test("a simulated payment the sender's institution stops says why in words, not only its code", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Frida Fallida");
  await signInPage(page, "developer");
  await page.goto("/sandbox");
  const receive = page.getByRole("region", { name: "Simulate an incoming UMA payment", exact: true });
  await chooseOption(receive.getByLabel("Sender"), /^\$fail\.compliance\.usd@sandbox\.uma\.money/);
  await pickCustomer(receive, "Receiving customer", "frida fal", "Frida Fallida");
  await receive.getByLabel("Amount").fill("6.10");
  await receive.getByRole("button", { name: "Simulate payment" }).click();
  const simulated = receive.getByRole("region", { name: "Simulated payment" });
  await expect(simulated).toContainText(
    "It failed: The sender's institution stopped the payment (PAY_REQUEST_FAILED). Its checks of the sender (compliance) failed",
  );
  await expect(page.getByText("The simulated payment failed at once")).toBeVisible();
  await expect(page.getByText("Incoming payment simulated")).toHaveCount(0);
  await shot(page, "sandbox-simulated-payment-failed");
  expect(customer.id).toBeTruthy();
});
