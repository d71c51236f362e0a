import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { signInPage } from "./support/session";

const HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * The production build marks each of its JavaScript chunks for compilation as it loads (scripts/lib/compile-hints.ts):
 * V8 then compiles a chunk's functions on a background thread while it streams in, instead of each on the main thread
 * when the page first calls it. Every chunk a list page loads, including the ones it fetches after its first load,
 * begins with the hint, and the page still runs (hydrated, its filter answering).
 */
test("every chunk of page code the browser loads is marked for compilation as it loads, and the page still works", async ({
  page,
}) => {
  // Collect the addresses of the chunks the transactions page loads, from its own load on, and read each once more
  // from the console afterwards: the browser may drop a response's body (a chunk a prefetch fetched, a body evicted
  // from DevTools' buffer), and then reading it through the response fails although the chunk was served.
  await signInPage(page, "admin");
  const urls = new Set<string>();
  page.on("response", (response) => {
    const url = response.url();
    if (/\/_next\/static\/chunks\/.+\.js$/.test(new URL(url).pathname)) urls.add(url);
  });
  await page.goto("/transactions");
  await waitForHydration(page);
  const filters = page.getByRole("search", { name: "Filter transactions" });
  await filters.getByRole("combobox", { name: "Status" }).selectOption({ label: "Completed" });
  await expect(page).toHaveURL(/status=COMPLETED/);
  await expect(page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1)).toContainText(
    "Completed",
  );

  const loaded = await Promise.all(
    [...urls].map(async (url) => {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      return { url, head: (await response.text()).slice(0, HINT.length) };
    }),
  );
  expect(loaded.length).toBeGreaterThan(5);
  expect(loaded.filter((chunk) => chunk.head !== HINT).map((chunk) => chunk.url)).toEqual([]);
});
