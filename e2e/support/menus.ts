import { expect, type Locator } from "@playwright/test";

/**
 * Opens a menu from its button. The first press after a page appears may come before its script runs and be lost,
 * so the press is repeated until the menu shows; but only while the button says it is closed (`aria-expanded`):
 * pressing again a menu that is opening but slow to draw on a busy machine would close it, and the two would
 * alternate until the test timed out.
 */
export async function openMenu(trigger: Locator, menu: Locator): Promise<Locator> {
  await expect(async () => {
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return menu;
}
