import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { signInPage } from "./support/session";

/**
 * A page prefetches only what a person reaches for (decision 0064): not the sidebar's links and every row's link as
 * they come into view, but the link pointed at or focused.
 */
test("a list page prefetches no page until a person points at a link or reaches it by keyboard", async ({
  page,
}) => {
  await signInPage(page, "admin");
  const prefetched: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"])
      prefetched.push(decodeURIComponent(new URL(request.url()).pathname));
  });
  await page.goto("/transactions");
  await waitForHydration(page);
  const firstRowLink = page
    .getByRole("table", { name: "Transactions" })
    .getByRole("link", { name: /^Open transaction/ })
    .first();
  await expect(firstRowLink).toBeVisible();

  const customersPrefetch = page.waitForRequest(
    (request) =>
      Boolean(request.headers()["next-router-prefetch"]) && new URL(request.url()).pathname === "/customers",
  );
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Customers", exact: true })
    .hover();
  await customersPrefetch;

  const href = await firstRowLink.getAttribute("href");
  expect(href).toBeTruthy();
  const rowPrefetch = page.waitForRequest(
    (request) =>
      Boolean(request.headers()["next-router-prefetch"]) &&
      new URL(request.url()).pathname === new URL(href ?? "", page.url()).pathname,
  );
  await firstRowLink.focus();
  await rowPrefetch;

  // Only the two reached for; by default every link in view (the sidebar's, each row's) would be among them.
  expect([...new Set(prefetched)].sort()).toEqual(
    ["/customers", decodeURIComponent(new URL(href ?? "", page.url()).pathname)].sort(),
  );
});
