import { expect, type Page } from "@playwright/test";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Follows a link of the console's main navigation, as a person does from the sidebar. Scoped to the "Main"
 * landmark and matched from the start of the name: the overview lists recent payments whose link names carry
 * customers' names ("$7.00 from Alex Sandbox Rivera"), which a page-wide `getByRole("link", { name: "Sandbox" })`
 * also matched. A count may follow the area's name ("Approvals 3 waiting", "Screening 1 open alert").
 */
export async function openFromMainNavigation(page: Page, name: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: new RegExp(`^${escaped(name)}( .+ (waiting|open alerts?))?$`) })
    .click();
}

/**
 * Waits until the page's script has taken over the server's HTML: app/providers.tsx marks `<html data-hydrated>`
 * once every handler is attached. For specs whose first action must not race hydration (a key press the HTML alone
 * would lose; buttons wait by themselves: they take no press until then).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Opens the page's address again once it matches `address`, as a reload or a shared link does: the test that a view
 * lives in its address. Not `page.reload()`: Next.js's router can write an earlier address back for 10–20 ms after a
 * filter writes a later one, and a reload in that moment opens the earlier address (decision 0082). The address is
 * read as soon as it matches, before that moment can come.
 */
export async function reopenAddress(page: Page, address: RegExp): Promise<void> {
  await expect(page).toHaveURL(address);
  await page.goto(page.url());
}
