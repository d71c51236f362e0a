import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? "none");

// A button greyed out or taken away by what it did no longer holds the keyboard's focus; it must not fall to the page's
// body, where the next Tab starts over from the top of the page.
test("on Configuration, a save and a discard leave focus on the save bar's line, which says what happened", async ({
  page,
}) => {
  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);
  const euroMax = page.getByLabel("Maximum for EUR");
  const original = await euroMax.inputValue();
  const status = page.locator("#config-save-status");

  // Discard: its button is greyed out once nothing is left to discard.
  await euroMax.fill(String(Number(original) + 1));
  await page.getByRole("button", { name: "Discard changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(status).toBeFocused();
  await expect(euroMax).toHaveValue(original);

  // Keep editing gives focus back to the button that opened the review.
  await euroMax.fill(String(Number(original) + 1));
  const review = page.getByRole("button", { name: "Review changes" });
  await review.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Review configuration changes" });
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await expect(review).toBeFocused();

  // A save: focus goes to what it came to; then the value is put back the same way.
  for (const value of [String(Number(original) + 1), original]) {
    await euroMax.fill(value);
    await review.focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Save 1 change" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText("Configuration saved: 1 change applied.");
    await expect(status).toBeFocused();
  }
  await shot(page, "config-save-status-focused", { fullPage: false });
  expect(await focusedTag(page)).toBe("P");
});

test("on a phone, the navigation opens on the page one is on, not on an entry one's role cannot open", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "compliance");
  await page.goto("/approvals");
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Open navigation/ }).focus();
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet.getByRole("link", { name: /^Approvals/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /^Open navigation/ })).toBeFocused();
});

test("a currency added after a review shows no error on its empty Maximum before anyone types in it", async ({
  page,
}) => {
  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);
  // A review opened once: from then on the form re-checks as it changes.
  const euroMax = page.getByLabel("Maximum for EUR");
  await euroMax.fill(String(Number(await euroMax.inputValue()) + 1));
  await page.getByRole("button", { name: "Review changes" }).click();
  await page
    .getByRole("dialog", { name: "Review configuration changes" })
    .getByRole("button", { name: "Keep editing" })
    .click();

  await page.getByRole("button", { name: "Add currency" }).click();
  const picker = page.getByRole("dialog", { name: "Add a currency" });
  await picker.getByRole("combobox", { name: "Search by code or name" }).fill("jpy");
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  const max = page.getByLabel("Maximum for JPY");
  await expect(max).toBeFocused();
  await expect(max).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter an amount")).toHaveCount(0);
  // Left empty, it is an error when reviewed.
  await page.getByRole("button", { name: "Review changes" }).click();
  await expect(max).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Discard changes" }).click();
});
