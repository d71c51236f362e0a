import { expect, test } from "@playwright/test";
import { createIndividualCustomer } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

const CUSTOMERS_REASON = "Only admins create, edit or delete customers.";
const MONEY_REASON = "Transfers: Only admins move money (developers only in the sandbox).";

test("a viewer reads customers and accounts but every change is disabled with its reason", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Elena Viewer-Test");
  await signInPage(page, "viewer");

  await page.goto("/customers");
  await expect(page.getByRole("note").filter({ hasText: CUSTOMERS_REASON })).toBeVisible();
  const create = page.getByRole("button", { name: /New customer/ });
  await expect(create).toHaveAttribute("aria-disabled", "true");
  await create.click({ force: true });
  await expect(page).toHaveURL(/\/customers$/);
  await shot(page, "customers-viewer");

  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { name: "Elena Viewer-Test", level: 1 })).toBeVisible();
  const note = page.getByRole("note").filter({ hasText: "You can view this page" });
  await expect(note).toContainText(CUSTOMERS_REASON);
  await expect(note).toContainText(MONEY_REASON);
  for (const name of [/^Edit/, /^Generate KYC link/, /^Delete/]) {
    await expect(page.getByRole("button", { name })).toHaveAttribute("aria-disabled", "true");
  }
  await page.getByRole("button", { name: /^Delete/ }).click({ force: true });
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  const usd = page.getByRole("table", { name: "Balances" }).getByRole("row", { name: /USD/ });
  await expect(usd.getByRole("button", { name: /Transfer/ })).toHaveAttribute("aria-disabled", "true");
  await expect(usd.getByRole("button", { name: /Fund/ })).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("button", { name: /^Edit/ }).hover();
  await expect(page.getByRole("tooltip")).toContainText(CUSTOMERS_REASON);
  await shot(page, "customer-viewer");

  await page.goto("/customers/new");
  await expect(page.getByRole("note").filter({ hasText: CUSTOMERS_REASON })).toBeVisible();
  await expect(page.getByLabel("Platform customer id")).toHaveCount(0);

  await page.goto(`/customers/${encodeURIComponent(customer.id)}/edit`);
  await expect(page.getByRole("note").filter({ hasText: CUSTOMERS_REASON })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);

  // The import page may carry a second note, on what the platform's currencies require of a CSV row.
  await page.goto("/customers/import");
  await expect(page.getByRole("note").filter({ hasText: CUSTOMERS_REASON })).toBeVisible();

  await page.goto("/accounts");
  await expect(page.getByRole("note").filter({ hasText: MONEY_REASON })).toContainText(
    "You can view this page but not change it.",
  );
  await expect(page.getByRole("button", { name: /^Transfer/ }).first()).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(page.getByRole("button", { name: /^Add bank account/ })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await shot(page, "accounts-viewer");

  // The server refuses what the page disables.
  const refused = await page.request.delete(`/api/payments/customers/${encodeURIComponent(customer.id)}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(403);
});

test("a developer, who moves money in the sandbox, is told which parts of the accounts page are view-only, not the whole page", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Dario Partial-Notice");
  await signInPage(page, "developer");

  await page.goto("/accounts");
  const note = page.getByRole("note").filter({ hasText: "Platform bank accounts:" });
  await expect(note).toContainText("Some of this page is view-only for you.");
  await expect(note).not.toContainText("You can view this page but not change it.");
  await expect(note).not.toContainText("Transfers:");
  await expect(page.getByRole("button", { name: /^Transfer/ }).first()).not.toHaveAttribute(
    "aria-disabled",
    "true",
  );

  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { name: "Dario Partial-Notice", level: 1 })).toBeVisible();
  const customerNote = page.getByRole("note").filter({ hasText: CUSTOMERS_REASON });
  await expect(customerNote).toContainText("Some of this page is view-only for you.");
  await shot(page, "customer-developer");
});
