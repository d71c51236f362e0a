import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/**
 * On a phone the sidebar is folded away behind the top bar's "Open navigation" button, whose sheet (Radix Dialog)
 * loads when the button is first wanted: pressed from the keyboard, it opens as a dialog holding the main
 * navigation with focus inside; Escape closes it and gives focus back to the button; a link taken from it opens
 * that page and closes the sheet.
 */
test("on a phone the navigation opens in a sheet from the keyboard, closes on Escape and after a link", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "admin");
  await page.goto("/");
  await waitForHydration(page);

  const button = page.getByRole("button", { name: /^Open navigation/ });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.focus();
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  // The modal sheet hides the rest of the page from assistive technology (aria-hidden), its button included.
  await expect(page.getByRole("button", { name: /^Open navigation/, includeHidden: true })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  const navigation = sheet.getByRole("navigation", { name: "Main" });
  await expect(navigation.getByRole("link", { name: "Transactions" })).toBeVisible();
  await shot(page, "390-navigation-sheet", { fullPage: false });
  // Radix's focus trap: focus is inside the sheet while it is open.
  await expect.poll(() => sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await button.click();
  await expect(sheet).toBeVisible();
  await navigation.getByRole("link", { name: "Transactions" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await expect(sheet).toBeHidden();
});

test.describe("on a touch screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tap on a locked area in the navigation says why it is locked", async ({ page }) => {
    await signInPage(page, "compliance");
    await page.goto("/customers");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Open navigation/ }).tap();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    const locked = sheet.getByRole("button", { name: /^API tokens/ });
    await expect(locked).toHaveAttribute("aria-disabled", "true");
    await locked.tap({ force: true });
    await expect(page.getByRole("tooltip")).toHaveText(
      "Only admins see, create and revoke the platform's API tokens.",
    );
    await expect(sheet).toBeVisible();
    await shot(page, "390-navigation-locked-area-tapped", { fullPage: false });
  });
});
