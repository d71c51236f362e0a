import { expect, test } from "@playwright/test";
import { createIndividualCustomer } from "./support/fixtures";
import { signInPage } from "./support/session";

const CUSTOMERS_REASON = "Only admins create, edit or delete customers.";

test("a disabled action's tooltip opens on keyboard focus, describes its control and closes on Escape", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Kim Keyboard-Test");
  await signInPage(page, "viewer");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { name: "Kim Keyboard-Test", level: 1 })).toBeVisible();

  const edit = page.getByRole("button", { name: /^Edit/ });
  const tooltip = page.getByRole("tooltip");
  // Tab back onto Edit from the next action; retried until the page's script has taken the buttons over.
  await expect(async () => {
    await page.getByRole("button", { name: /^Generate KYC link/ }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(edit).toBeFocused({ timeout: 1_000 });
    await expect(tooltip).toContainText(CUSTOMERS_REASON, { timeout: 1_000 });
  }).toPass();
  await expect(tooltip).toHaveCount(1);
  const tooltipId = await tooltip.getAttribute("id");
  expect(tooltipId).toBeTruthy();
  await expect(edit).toHaveAttribute("aria-describedby", new RegExp(`(^| )${tooltipId}( |$)`));

  await page.keyboard.press("Escape");
  await expect(tooltip).toHaveCount(0);
  await expect(edit).toBeFocused();
});
