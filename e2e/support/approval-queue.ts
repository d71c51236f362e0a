import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./navigation";

/**
 * Narrows the open approval queue to what matches `text` (a payment's id, its customer's id or name), as a person
 * does in a queue longer than a page: a payment just made waits last in deadline order, so the unnarrowed first page
 * (QUEUE_PAGE_SIZE cards) holds it only while the queue is short. Waits until the narrowed page is drawn (its
 * summary says how many match).
 */
export async function searchQueue(page: Page, text: string): Promise<void> {
  await waitForHydration(page);
  // On a phone the search is folded behind the queue's tools button, unfolded first as a person would.
  const search = page.getByRole("searchbox", { name: "Search the queue" });
  const tools = page.getByRole("button", { name: /^Filters(, order and alerts| and order)/ });
  // Whichever is drawn once the queue is: the search on a laptop, the folded tools' button on a phone.
  await expect(search.or(tools).filter({ visible: true }).first()).toBeVisible();
  if ((await tools.isVisible()) && (await tools.getAttribute("aria-expanded")) === "false")
    await tools.click();
  await search.fill(text);
  await expect(page.getByText(/^[\d,]+ of [\d,]+ payments? waiting match\.$/)).toBeVisible();
  // And the address holds the search (written a moment after the keystroke): a navigation begun before that write
  // would be overtaken by it and stay on the queue. No person is that quick; a spec is.
  await page.waitForURL((url) => url.searchParams.get("q") === text);
}

/** Opens the approval queue narrowed to what matches `text` (see searchQueue). */
export async function openQueueFor(page: Page, text: string): Promise<void> {
  await page.goto("/approvals");
  await searchQueue(page, text);
}
