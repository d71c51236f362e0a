import { expect, test } from "@playwright/test";
import { openQueueFor } from "./support/approval-queue";
import { serviceApi } from "./support/environment";
import {
  createIndividualCustomer,
  firstAccountAt,
  fundedUsdAccount,
  payPlatformUsd,
  payUsd,
  receiveSandboxPayment,
  transactionStatus,
} from "./support/fixtures";
import { drawnPastTheEdge, wrapsInsideWords } from "./support/line-breaks";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

test("a rejected payment names its decider once, withholds its reason from a viewer, and the inbox says the delivery was accepted", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Rita Rechazo");
  const payment = await receiveSandboxPayment(customer.id, 2_500);
  await signInPage(page, "compliance");
  await openQueueFor(page, payment.id);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await card.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject this payment?" });
  await dialog.getByLabel(/Reason/).fill("Sender could not be identified");
  await dialog.getByRole("button", { name: "Reject payment" }).click();
  await expect(card).toBeHidden();
  await expect.poll(() => transactionStatus(payment.id), { timeout: 15_000 }).toBe("REJECTED");

  await switchUser(page, "viewer");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  const decision = page
    .getByRole("region", { name: "Status timeline" })
    .getByRole("listitem")
    .filter({ hasText: "Rejected by Carla Compliance" });
  // Said once, by name; the reason is about the sender, whom a viewer sees masked, so it is withheld.
  await expect(decision).not.toContainText("Decided in this console");
  await expect(decision).toContainText(
    "Reason withheld: it is about the sender, whose details your role sees masked.",
  );
  await expect(decision).not.toContainText("Sender could not be identified");

  // The inbox's rows of this payment: the console answered the deliveries, it did not accept the payment.
  await page.goto(`/webhooks?transactionId=${encodeURIComponent(payment.id)}`);
  const rows = page
    .getByRole("table", { name: "Received webhooks" })
    .getByRole("row")
    .filter({ hasText: payment.id });
  await expect(rows.filter({ hasText: "Rejected" }).first()).toBeVisible({ timeout: 15_000 });
  await expect(rows.getByText("Accepted", { exact: true })).toHaveCount(0);
  await expect(rows.getByText("Delivery accepted", { exact: true }).first()).toBeVisible();
  await shot(page, "inbox-delivery-accepted");

  // Each row's transaction id leads to the payment's page, as the transactions list's ids do, and copies as theirs do
  // (worked by the table: decision 0071).
  const row = rows.first();
  await expect(row.getByRole("button", { name: "Copy transaction ID" })).toHaveAttribute(
    "data-copy",
    payment.id,
  );
  const link = row.getByRole("link", { name: payment.id });
  await expect(link).toHaveAttribute("href", `/transactions/${encodeURIComponent(payment.id)}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(payment.id)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a test webhook's result says its time zone", async ({ page }) => {
  await signInPage(page, "admin");
  await page.goto("/webhooks?tab=test");
  await expect(async () => {
    await page.getByRole("button", { name: "Send test webhook" }).click();
    await expect(page.getByRole("region", { name: "Test webhook result" })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const result = page.getByRole("region", { name: "Test webhook result" });
  // When it was sent, with its zone: "14:03:07 UTC".
  await expect(result.getByRole("time")).toHaveText(/^\d{2}:\d{2}:\d{2} UTC$/);
});

test("a zero fee is written as money beside the others", async ({ page }) => {
  const customer = await createIndividualCustomer("Cero Comisión");
  const account = await fundedUsdAccount(customer.id, 10_000);
  const { quoteId } = await payPlatformUsd(account, 1_000);
  await signInPage(page, "viewer");
  await page.goto(`/quotes?quote=${encodeURIComponent(quoteId)}`);
  const sheet = page.getByRole("dialog", { name: "Quote" });
  await sheet.getByText("Rate details", { exact: true }).click();
  const values = sheet.getByRole("definition");
  await expect(sheet.getByText("Counterparty fixed fee")).toBeVisible();
  await expect(values.filter({ hasText: /^0$/ })).toHaveCount(0);
  await expect(values.filter({ hasText: /^\$0\.00$/ }).first()).toBeVisible();
  await shot(page, "quote-zero-fee", { fullPage: false });
});

test("the top bar's trail names the page: the area's name, and a record's own trail in its place", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Bruno Breadcrumb");
  await signInPage(page, "viewer");
  const trail = page.getByRole("banner").getByRole("navigation", { name: "Breadcrumb" });
  await page.goto("/customers");
  await expect(trail).toHaveCount(1);
  await expect(trail).toHaveText("Customers");

  // A customer's page puts its own trail (with the customer's name) where the shell's default one was.
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await expect(trail).toHaveCount(1);
  await expect(trail).toHaveText(/^Customers\s*Bruno Breadcrumb$/);
  await expect(trail.getByRole("link", { name: "Customers" })).toHaveAttribute("href", "/customers");
  await shot(page, "trail-on-a-customer");

  // Back to a list, by the trail: the shell's own trail again, alone.
  await trail.getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(trail).toHaveCount(1);
  await expect(trail).toHaveText("Customers");
  await shot(page, "trail-back-on-the-list");
});

test("a payment's evidence and a recipient's screening have trails of their own, back to the payment and the area", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Evi Dence");
  const payment = await receiveSandboxPayment(customer.id, 310);
  await signInPage(page, "compliance");
  const trail = page.getByRole("banner").getByRole("navigation", { name: "Breadcrumb" });
  // The most trails the top bar ever held at once, seen on every change of the page: the page's own trail once
  // stood beside the area's default one for a moment as the page hydrated.
  await page.addInitScript(() => {
    const seen = window as typeof window & { mostTrails?: number };
    seen.mostTrails = 0;
    new MutationObserver(() => {
      const trails = document.querySelectorAll('header nav[aria-label="Breadcrumb"]').length;
      seen.mostTrails = Math.max(seen.mostTrails ?? 0, trails);
    }).observe(document, { childList: true, subtree: true });
  });
  const mostTrails = () =>
    page.evaluate(() => (window as typeof window & { mostTrails?: number }).mostTrails);

  await page.goto(`/transactions/${encodeURIComponent(payment.id)}/evidence`);
  await expect(page.getByRole("heading", { level: 1, name: "Payment evidence" })).toBeVisible();
  await expect(trail).toHaveCount(1);
  await expect(trail).toHaveText(new RegExp(`^Transactions\\s*${payment.id}\\s*Evidence$`));
  // The page's own name is read whole; the payment's long id between gives way.
  const evidence = trail.getByText("Evidence", { exact: true });
  expect(await evidence.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await shot(page, "trail-on-evidence", { fullPage: false });
  await waitForHydration(page);
  expect(await mostTrails()).toBe(1);
  await trail.getByRole("link", { name: payment.id, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(payment.id)}$`));
  await expect(trail).toHaveText(new RegExp(`^Transactions\\s*${payment.id}$`));

  await page.goto(`/screening/recipients/${encodeURIComponent("ExternalAccount:trail-check")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Recipient screening" })).toBeVisible();
  await expect(trail).toHaveCount(1);
  await expect(trail).toHaveText(/^Screening\s*Recipient$/);
  await waitForHydration(page);
  expect(await mostTrails()).toBe(1);
  await expect(trail.getByRole("link", { name: "Screening" })).toHaveAttribute("href", "/screening");
});

test("a record that does not exist is said once, with the way back to its list instead of Retry", async ({
  page,
}) => {
  await signInPage(page, "viewer");
  const records = [
    ["transaction", "Transaction:00000000-0000-0000-0000-000000000000", "Transactions", /\/transactions$/],
    ["customer", "Customer:00000000-0000-0000-0000-000000000000", "Customers", /\/customers$/],
  ] as const;
  for (const [kind, id, list, listUrl] of records) {
    await page.goto(`/${kind}s/${encodeURIComponent(id)}`);
    const alert = page.getByRole("alert").filter({ hasText: id });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    // The id once, not "Transaction Transaction:…" (the id carries its kind already).
    await expect(alert).toContainText(`${id} was not found`);
    await expect(alert).not.toContainText(new RegExp(`${list.slice(0, -1)} ${list.slice(0, -1)}:`, "i"));
    // Asking again changes nothing: the way on is back to the list.
    const back = alert.getByRole("link", { name: `Back to ${list.toLowerCase()}` });
    await expect(back).toBeVisible();
    await expect(alert.getByRole("button", { name: "Retry" })).toHaveCount(0);
    await shot(page, `not-found-${kind}`);
    await back.click();
    await expect(page).toHaveURL(listUrl);
    await expect(page.getByRole("heading", { level: 1, name: list })).toBeVisible();
  }

  // A quote opened by its address: said in its side panel, which closes back onto the list.
  const quote = "Quote:00000000-0000-0000-0000-000000000000";
  await page.goto(`/quotes?quote=${encodeURIComponent(quote)}`);
  const sheet = page.getByRole("dialog", { name: "Quote" });
  const alert = sheet.getByRole("alert");
  await expect(alert).toContainText(`${quote} was not found`, { timeout: 20_000 });
  await shot(page, "not-found-quote", { fullPage: false });
  await expect(alert).not.toContainText("Quote Quote:");
  await expect(alert.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("a payment that ended without settling says it never will; one still waiting says not yet", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Nunca Liquidado");
  const waiting = await receiveSandboxPayment(customer.id, 1_300);
  const rejected = await receiveSandboxPayment(customer.id, 1_400);
  const response = await serviceApi(`/transactions/${encodeURIComponent(rejected.id)}/reject`, {
    method: "POST",
    json: { reason: "Never settles" },
  });
  expect(response.status).toBe(200);
  await signInPage(page, "viewer");
  const settled = page
    .locator('[aria-labelledby="details-heading"] dl > div')
    .filter({ has: page.locator("dt", { hasText: /^Settled$/ }) })
    .locator("dd");

  await page.goto(`/transactions/${encodeURIComponent(rejected.id)}`);
  await expect(settled).toHaveText("Never");
  await shot(page, "transaction-rejected-never-settled");
  await page.goto(`/transactions/${encodeURIComponent(waiting.id)}`);
  await expect(settled).toHaveText("Not yet");
});

test("long UMA domains wrap at their own dots and @, never inside a word: a domain move's note and the providers", async ({
  page,
}) => {
  const domain = "payments.internationalremittances.platformexample.com";
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  await expect(async () => {
    await page.getByRole("textbox", { name: "UMA domain" }).fill(domain);
    await page.getByRole("button", { name: "Review changes" }).click();
    await expect(review).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const changes = review.getByRole("list", { name: "Changes to save" });
  const note = changes.getByText(/ customer UMA address(es)? from @/);
  await expect(note).toContainText(`to @${domain}.`);
  const fromTo = changes.getByText(domain, { exact: true }).first();
  expect(await wrapsInsideWords(note)).toEqual([]);
  expect(await wrapsInsideWords(fromTo)).toEqual([]);
  expect(await wrapsInsideWords(changes.getByText(/^The proxy UMA subdomain becomes/))).toEqual([]);
  expect(await drawnPastTheEdge(review)).toBe(false);
  expect(await drawnPastTheEdge(changes.getByRole("listitem").first())).toBe(false);
  await shot(page, "390-config-long-uma-domain-review", { fullPage: false });
  // Nothing saved: the domain stays as the other specs expect it.
  await review.getByRole("button", { name: "Keep editing" }).click();
  await page.getByRole("button", { name: "Discard changes" }).click();

  await page.goto("/providers");
  const table = page.getByRole("table", { name: "UMA providers" });
  await expect(table.getByRole("row", { name: /Banco Ejemplo/ })).toBeVisible();
  const domains = table.getByText(/^[a-z0-9.-]+\.[a-z]+$/);
  expect(await domains.count()).toBeGreaterThan(3);
  for (const cell of await domains.all()) {
    expect(await wrapsInsideWords(cell), (await cell.textContent()) ?? "").toEqual([]);
  }
  await shot(page, "390-providers-domains");
});

test("a payment's page names its parties' accounts whole, wrapping between words, never inside one", async ({
  page,
}) => {
  const sender = await createIndividualCustomer("Maximiliane Oberhausen-Wittgenstein");
  const receiver = await createIndividualCustomer("Bartholomew Featherstonehaugh-Cholmondeley");
  const from = await fundedUsdAccount(sender.id, 10_000);
  const to = await firstAccountAt(
    `/customers/internal-accounts?customerId=${encodeURIComponent(receiver.id)}&currency=USD`,
  );
  const { transactionId } = await payUsd(from, to, 2_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInPage(page, "admin");
  await page.goto(`/transactions/${encodeURIComponent(transactionId)}`);
  const details = page.locator('[aria-labelledby="details-heading"]');
  const fromName = details.getByRole("link", { name: "Maximiliane Oberhausen-Wittgenstein's USD account" });
  const toName = details.getByRole("link", {
    name: "Bartholomew Featherstonehaugh-Cholmondeley's USD account",
  });
  const customer = details.getByRole("link", { name: "Maximiliane Oberhausen-Wittgenstein", exact: true });
  for (const name of [fromName, toName, customer]) {
    await expect(name).toBeVisible();
    // Long enough to take two lines in the details' column: where it breaks is what is checked.
    expect(await wrapsInsideWords(name)).toEqual([]);
  }
  await shot(page, "transaction-long-party-names");
});
