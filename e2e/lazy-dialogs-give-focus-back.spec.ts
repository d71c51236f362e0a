import { expect, type Page, test } from "@playwright/test";
import { createIndividualCustomer } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** Opens a dialog from its button by keyboard, closes it with Escape, and expects focus back on the button. */
async function focusComesBack(page: Page, buttonName: string, dialogName: string) {
  const button = page.getByRole("button", { name: buttonName, exact: true });
  // Announced as a button that opens a dialog, closed for now.
  await expect(button).toHaveAttribute("aria-haspopup", "dialog");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
}

/**
 * The dialogs whose code loads when first wanted (components/ui/lazy-dialog-trigger.tsx) have no Radix trigger of
 * their own, so Radix cannot give focus back when they close: the trigger does, for every one of them, and says it
 * opens a dialog (aria-haspopup, aria-expanded). A keyboard user who closes one carries on from the button, not from
 * the top of the page.
 */
test("a dialog loaded when first opened gives focus back to its button when it closes", async ({ page }) => {
  const customer = await createIndividualCustomer("Focus Returns");
  await signInPage(page, "admin");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await waitForHydration(page);

  await focusComesBack(page, "Generate KYC link", "Generate a KYC link");
  await focusComesBack(page, "Fund the USD account", `Fund Focus Returns's USD account`);
  await focusComesBack(page, "Transfer with the USD account", "Transfer with Focus Returns's USD account");
  await focusComesBack(page, "Add bank account", "Add a bank account for Focus Returns");
  await shot(page, "focus-back-on-add-bank-account", { fullPage: false });
});
