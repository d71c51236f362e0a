import { expect, type Locator, type Page, test } from "@playwright/test";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
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
  // Deleting asks first, in a dialog its button opens without being its Radix trigger: focus comes back to it too.
  await escapeGivesFocusBack(
    page,
    page.getByRole("button", { name: "Delete", exact: true }),
    page.getByRole("alertdialog", { name: "Delete Focus Returns?" }),
  );
  await shot(page, "focus-back-on-add-bank-account", { fullPage: false });
});

/** Opens a dialog from its button by keyboard, closes it with Escape, and expects focus back on the button. */
async function escapeGivesFocusBack(page: Page, button: Locator, dialog: Locator) {
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
}

/**
 * A pending payment's own page opens the approval queue's approve and reject dialogs, and the dialog that asks why
 * before revealing personal data, from buttons that are no Radix triggers either: closing one gives focus back to the
 * button that opened it, as on the queue.
 */
test("the dialogs on a pending payment's page give focus back to their buttons", async ({ page }) => {
  const customer = await createIndividualCustomer("Focus Returns Decision");
  const payment = await receiveSandboxPayment(customer.id, 2_300);
  await signInPage(page, "compliance");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await waitForHydration(page);
  const decision = page.getByRole("region", { name: "Waiting for a decision" });
  const approve = decision.getByRole("button", { name: "Approve", exact: true });
  const approveDialog = page.getByRole("dialog", { name: "Approve payment" });

  await escapeGivesFocusBack(page, approve, approveDialog);
  await escapeGivesFocusBack(
    page,
    decision.getByRole("button", { name: "Reject", exact: true }),
    page.getByRole("alertdialog", { name: "Reject this payment?" }),
  );
  await escapeGivesFocusBack(
    page,
    page.getByRole("region", { name: "Counterparty" }).getByRole("button", { name: "Reveal Date of birth" }),
    page.getByRole("alertdialog", { name: /Reveal the sender's date of birth/ }),
  );

  // Opened by a click, the same.
  await approve.click();
  await expect(approveDialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(approveDialog).toHaveCount(0);
  await expect(approve).toBeFocused();
  await shot(page, "focus-back-on-approve", { fullPage: false });
});

/** The screening page's dialogs open from buttons of their own, not Radix triggers: focus comes back to them. */
test("the screening page's upload and source dialogs give focus back to their buttons", async ({ page }) => {
  await signInPage(page, "admin");
  await page.goto("/screening");
  await waitForHydration(page);
  await escapeGivesFocusBack(
    page,
    page.getByRole("button", { name: "Upload a list…" }),
    page.getByRole("dialog", { name: "Upload a list" }),
  );
  await escapeGivesFocusBack(
    page,
    page.getByRole("region", { name: "List sources" }).getByRole("button", { name: "Add source…" }),
    page.getByRole("dialog", { name: "Add a list source" }),
  );
});

/**
 * On a busy page (lists and live updates read again while the dialog closes) Radix's clean-up, which gives focus back,
 * runs late. The shell's watch for a focused control taken off the page must not take focus to the page first: the
 * dialog would read that as the person having moved on and leave it there. Here the page's zero-delay work waits
 * 250 ms, longer than the shell's grace.
 */
test("a dialog closed while the page is busy still gives focus back to its button", async ({ page }) => {
  await signInPage(page, "admin");
  await page.goto("/screening");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Upload a list…" });
  const dialog = page.getByRole("dialog", { name: "Upload a list" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.evaluate(() => {
    const later = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
      later(handler, delay ? delay : 250, ...rest)) as typeof window.setTimeout;
  });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(page.locator("main")).not.toBeFocused();
});
