import { expect, test } from "@playwright/test";
import { searchQueue } from "./support/approval-queue";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { reopenAddress, waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("a compliance officer narrows a long queue by recipient and currency, and the filters stay in the address", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const alice = await createIndividualCustomer("Alicia Romero");
  const bruno = await createIndividualCustomer("Bruno Salas");
  const aliceUsd = await receiveSandboxPayment(alice.id, 1_000);
  const brunoEur = await receiveSandboxPayment(bruno.id, 2_000, "EUR");
  const brunoUsd = await receiveSandboxPayment(bruno.id, 3_000);

  await signInPage(page, "compliance");
  await page.goto("/approvals");
  await waitForHydration(page);
  const cards = page.getByRole("article");
  const card = (id: string) => cards.filter({ hasText: id });
  const filters = page.getByRole("search", { name: "Filter the approval queue" });
  const search = filters.getByRole("searchbox", { name: "Search the queue" });
  const currency = filters.getByRole("combobox", { name: "Currency" });

  // The recipient's own id, as the platform knows them.
  await search.fill(bruno.platformCustomerId);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${bruno.platformCustomerId}`));
  await expect(cards).toHaveCount(2);
  await expect(card(brunoEur.id)).toBeVisible();
  await expect(card(brunoUsd.id)).toBeVisible();
  await expect(page.getByText(/^2 of \d+ payments waiting match\.$/)).toBeVisible();

  // Or by the name the cards give our customer, in any case and without accents.
  await search.fill("bruno SALAS");
  await expect(page).toHaveURL(/q=bruno/);
  await expect(card(brunoEur.id)).toBeVisible();
  await expect(card(brunoUsd.id)).toBeVisible();
  await expect(card(aliceUsd.id)).toBeHidden();
  await expect(card(brunoUsd.id)).toContainText("Bruno Salas");
  await search.fill(bruno.platformCustomerId);
  await expect(page).toHaveURL(new RegExp(`q=${bruno.platformCustomerId}`));
  await expect(cards).toHaveCount(2);

  // The currencies offered are the ones waiting.
  await expect(currency.getByRole("option", { name: "EUR" })).toBeAttached();
  await currency.selectOption("EUR");
  await expect(page).toHaveURL(/currency=EUR/);
  await expect(cards).toHaveCount(1);
  await expect(card(brunoEur.id)).toBeVisible();
  await shot(page, "approvals-filtered");

  // A shared or reloaded address opens the same narrowed queue.
  await reopenAddress(page, /currency=EUR/);
  await expect(search).toHaveValue(bruno.platformCustomerId);
  await expect(currency).toHaveValue("EUR");
  await expect(cards).toHaveCount(1);

  // Deciding the last match leaves the filters as they were, and says others still wait.
  await card(brunoEur.id).getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve payment" });
  await dialog.getByRole("button", { name: "Approve payment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "No waiting payment matches these filters" })).toBeVisible();
  await expect(currency).toHaveValue("EUR");
  await shot(page, "approvals-filters-kept");

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).not.toHaveURL(/currency=|q=/);
  await expect(page.getByText(/^[\d,]+ payments waiting\.$/)).toBeVisible();

  // From a card to the recipient's customer page (their KYC, accounts and history) and to the payment's own page;
  // the card found by the queue's search, as in a queue longer than its first page.
  await searchQueue(page, alice.id);
  await card(aliceUsd.id).getByRole("link", { name: alice.id }).click();
  await expect(page.getByRole("heading", { name: "Alicia Romero", level: 1 })).toBeVisible();
  await page.goBack();
  await card(aliceUsd.id).getByRole("link", { name: aliceUsd.id }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(aliceUsd.id)}$`));
});

test("the queue is ordered by amount within each currency or grouped by sender, and the order stays in the address", async ({
  page,
}) => {
  const carla = await createIndividualCustomer("Carla Orden");
  const small = await receiveSandboxPayment(carla.id, 1_500);
  const euros = await receiveSandboxPayment(carla.id, 5_000, "EUR");
  const large = await receiveSandboxPayment(carla.id, 9_900);

  await signInPage(page, "compliance");
  await page.goto(`/approvals?q=${encodeURIComponent(carla.id)}`);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(3);
  const order = page.getByLabel("Order");
  await expect(order).toHaveValue("deadline");
  // Soonest deadline first: the order they arrived in.
  await expect(cards.nth(0)).toContainText(small.id);

  await order.selectOption({ label: "Largest amount first (per currency)" });
  await expect(page).toHaveURL(/sort=amount/);
  await expect(cards.nth(0)).toContainText(euros.id);
  await expect(cards.nth(1)).toContainText(large.id);
  await expect(cards.nth(2)).toContainText(small.id);
  await reopenAddress(page, /sort=amount/);
  await expect(order).toHaveValue("amount");
  await expect(cards.nth(1)).toContainText(large.id);

  await order.selectOption({ label: "By sender" });
  await expect(
    page.getByRole("heading", { name: "Alex Sandbox Rivera · 3 payments", level: 2 }),
  ).toBeVisible();
  await shot(page, "approvals-by-sender");
});
