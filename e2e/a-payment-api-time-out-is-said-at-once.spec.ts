import { expect, test } from "@playwright/test";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// The list's own transactions through the proxy, asked by the browser (a filtered list is not read with the page).
const LIST_REQUEST = /\/api\/payments\/transactions\?/;

test("a payment API that does not answer is said at once, not asked again and again behind a loading list", async ({
  page,
}) => {
  await signInPage(page, "viewer");
  // No live updates on this page: a payment another journey makes meanwhile would rightly refresh the list (another
  // request, and the error redrawn under the pointer). A 204 closes the event stream for good.
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  // What the console answers when the payment API has not answered within its whole time-out (PAYMENT_API_TIMEOUT_MS,
  // 15 s): each of the browser's own repeats would keep the person waiting that long again.
  let asked = 0;
  await page.route(LIST_REQUEST, (route) => {
    // The list's own request (the sidebar's count of waiting payments asks the same path for PENDING ones).
    if (new URL(route.request().url()).searchParams.get("status") === "COMPLETED") asked++;
    return route.fulfill({
      status: 504,
      json: { status: 504, code: "UPSTREAM_TIMEOUT", message: "The payment API did not answer in time." },
    });
  });
  await page.goto("/transactions?status=COMPLETED");
  const said = page.getByText("The payment API did not answer in time.");
  await expect(said).toBeVisible({ timeout: 30_000 });
  expect(asked, "the list asked once, and said so when the answer was a time-out").toBe(1);
  await shot(page, "list-payment-api-timed-out", { fullPage: false });

  // Once it answers again, Retry shows the list.
  await page.unroute(LIST_REQUEST);
  await page.getByRole("button", { name: "Retry", exact: true }).click();
  await expect(page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1)).toBeVisible();
  await expect(said).toHaveCount(0);
});
