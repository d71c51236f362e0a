import { expect, test } from "@playwright/test";
import { demoUser } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { signInPage } from "./support/session";

// Menus download their code when first wanted (components/ui/lazy-dropdown-menu.tsx): a person on the keyboard
// opens one, moves through it and closes it as with any menu, and focus comes back to its button.

test("the user menu and a list's Views menu open, move and close by keyboard, with focus back on their button", async ({
  page,
}) => {
  await signInPage(page, "admin");
  await page.goto("/transactions");
  await waitForHydration(page);

  const userButton = page.getByRole("button", { name: demoUser("admin").name });
  await userButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  // Opened from the keyboard, the first item has focus, and the arrows move it.
  await expect(menu.getByRole("menuitemradio", { name: "UTC", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitemradio", { name: /^My time zone/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(userButton).toBeFocused();
  // Opened again, it is the same menu, at once.
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");

  const views = page.getByRole("button", { name: "Views" });
  await views.focus();
  await page.keyboard.press("ArrowDown");
  const viewsMenu = page.getByRole("menu");
  await expect(viewsMenu.getByRole("menuitem", { name: "Save current view…" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewsMenu).toBeHidden();
  await expect(views).toBeFocused();
});
