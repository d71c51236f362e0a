import { expect, test } from "@playwright/test";
import { createIndividualCustomer, fundedUsdAccount } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("an admin edits a customer, then deletes it with confirmation and finds it marked deleted", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Bruno Díaz");
  await signInPage(page, "admin");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { name: "Bruno Díaz", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Bruno Díaz", level: 1 })).toBeVisible();
  await expect(page.getByText("Individual (cannot change)")).toBeVisible();
  await expect(page.getByLabel("Full legal name")).toHaveValue("Bruno Díaz");

  // A stored name can be replaced, not removed (PATCH cannot remove a field).
  await page.getByLabel("Full legal name").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("A stored value can be replaced but not removed")).toBeVisible();
  await shot(page, "customer-edit");

  await page.getByLabel("Full legal name").fill("Bruno Díaz Prince");
  await page.getByLabel("Apartment, suite, floor").fill("Piso 3");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "Bruno Díaz Prince", level: 1 })).toBeVisible();
  await expect(page.getByText("Saved Bruno Díaz Prince")).toBeVisible();
  await expect(page.getByRole("region", { name: "Details" }).getByText("Piso 3")).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete Bruno Díaz Prince?" });
  await expect(dialog.getByText(/its UMA address becomes free/)).toBeVisible();
  await shot(page, "customer-delete-confirm", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Deleted", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete customer" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Deleted Bruno Díaz Prince")).toBeVisible();
  await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Delete/ })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("button", { name: /Edit/ })).toHaveAttribute("aria-disabled", "true");
  await shot(page, "customer-deleted");

  await page.goto(`/customers?platformCustomerId=${customer.platformCustomerId}`);
  await expect(page.getByText("No customers match these filters")).toBeVisible();
  // The filter's switch works from the keyboard: focus it, Space turns it on.
  const includeDeleted = page.getByRole("switch", { name: "Include deleted" });
  await expect(includeDeleted).not.toBeChecked();
  // The browser's own checkbox takes a key before the page's script holds its state: press once the script runs.
  await waitForHydration(page);
  await includeDeleted.focus();
  await page.keyboard.press("Space");
  await expect(includeDeleted).toBeChecked();
  await expect(page).toHaveURL(/isIncludingDeleted=true/);
  const row = page.getByRole("table", { name: "Customers" }).getByRole("row").nth(1);
  await expect(row).toContainText("Bruno Díaz Prince");
  await expect(row).toContainText("Deleted");
});

test("a customer who still holds money cannot be deleted: the button says why, and the API refuses it too", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Olga Saldo");
  await fundedUsdAccount(customer.id, 2_500);
  await signInPage(page, "admin");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { name: "Olga Saldo", level: 1 })).toBeVisible();
  const remove = page.getByRole("button", { name: "Delete" });
  await expect(remove).toHaveAttribute("aria-disabled", "true");
  await expect(remove).toHaveAccessibleDescription(
    /Olga Saldo still holds \$25\.00: pay it out before deleting\./,
  );
  await remove.hover();
  await shot(page, "customer-delete-while-holding-money", { fullPage: false });

  // The server refuses what the page disables, saying what is left.
  const refused = await page.request.delete(`/api/payments/customers/${encodeURIComponent(customer.id)}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    code: "INVALID_INPUT",
    message: expect.stringContaining("pay it out first"),
  });
  await page.reload();
  await expect(page.getByText("Deleted", { exact: true })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tap on a greyed-out button says why nothing happened", async ({ page }) => {
    const customer = await createIndividualCustomer("Tomás Toque");
    await fundedUsdAccount(customer.id, 1_000);
    await signInPage(page, "admin");
    await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
    await expect(page.getByRole("heading", { name: "Tomás Toque", level: 1 })).toBeVisible();
    await waitForHydration(page);
    const remove = page.getByRole("button", { name: "Delete" });
    await expect(remove).toHaveAttribute("aria-disabled", "true");
    // Playwright counts aria-disabled as disabled and would wait for it to be enabled: a person taps it anyway.
    await remove.tap({ force: true });
    await expect(page.getByRole("tooltip")).toHaveText(
      "Tomás Toque still holds $10.00: pay it out before deleting.",
    );
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await shot(page, "390-customer-delete-tapped-while-holding-money", { fullPage: false });
  });
});
