import { expect, test } from "@playwright/test";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { signInPage } from "./support/session";

// The approval queue refreshes itself every 30 s; live events make it show changes at once. A change made while the
// page's event stream was down (a network cut, a console restarting behind the balancer) was never announced to it:
// when the stream is back the page must refresh, not wait for the next 30 s refresh.
const QUEUE_REFRESH_MS = 30_000;
const EVENTS = "**/api/events";

test("a payment that arrives while the queue's event stream is down shows as soon as the stream is back", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Catch Up");
  await signInPage(page, "compliance");
  // The stream cannot connect: the browser keeps retrying it.
  await page.route(EVENTS, (route) => route.abort("internetdisconnected"));
  await page.goto("/approvals");
  await waitForHydration(page);
  // The queue is narrowed on the server: the narrowed page must be read before the payment arrives, or it would
  // simply hold the payment (a slow read on a busy machine).
  const narrowed = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/approvals" && url.searchParams.get("q") === customer.id;
  });
  await page.getByRole("searchbox", { name: "Search the queue" }).fill(customer.id);
  await narrowed;
  // The narrowed page's own 30 s refresh counts from here.
  const loadedAt = Date.now();

  const payment = await receiveSandboxPayment(customer.id, 4_321);
  await expect
    .poll(async () => (await (await page.request.get("/api/approvals")).text()).includes(payment.id))
    .toBe(true);
  const card = page.getByRole("article").filter({ hasText: payment.id });
  await expect(card).toHaveCount(0);

  // The stream comes back: the page refreshes the queue then, well before its own refresh would.
  const reconnected = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.unroute(EVENTS);
  expect((await reconnected).status()).toBe(200);
  await expect(card).toBeVisible({ timeout: Math.max(1, loadedAt + QUEUE_REFRESH_MS - 2_000 - Date.now()) });
});
