import type { Locator } from "@playwright/test";

/**
 * Picks the first option of a native `<select>` whose text matches, once it is there (lists of customers and
 * accounts arrive after the page): `selectOption` itself only takes an exact label.
 */
export async function chooseOption(select: Locator, text: string | RegExp): Promise<void> {
  const option = select.locator("option").filter({ hasText: text }).first();
  const label = (await option.textContent())?.trim() ?? "";
  await select.selectOption({ label });
}
