import { expect, type Locator } from "@playwright/test";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Picks a customer in a customer picker (components/names/customer-picker.tsx): types what a person would (a
 * name, an email, an id), waits for the customer among the options and chooses it by keyboard or click.
 */
export async function pickCustomer(
  scope: Locator,
  label: string,
  search: string,
  name: string,
  { by = "click" }: { by?: "click" | "keyboard" } = {},
): Promise<void> {
  // The label, with "(required)" after it where the picker is required.
  const input = scope.getByRole("combobox", {
    name: new RegExp(`^${escapeRegExp(label)}(\\s?\\(required\\))?$`),
  });
  await input.fill(search);
  const option = scope
    .getByRole("listbox", { name: `${label}: matching customers` })
    .getByRole("option", { name: new RegExp(escapeRegExp(name)) })
    .first();
  await expect(option).toBeVisible();
  if (by === "keyboard") {
    await expect(option).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
  } else {
    await option.click();
  }
  await expect(scope.getByRole("group", { name: label }).getByText(name, { exact: true })).toBeVisible();
}
