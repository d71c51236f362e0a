import { expect, type Page, test } from "@playwright/test";
import { QUEUE_BATCH } from "../lib/universal/approvals/queue-batch";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// A long queue draws its first QUEUE_BATCH cards at once and the rest when wanted: by scrolling near the end, by the
// "Show … more" button (for assistive technology that reads on without scrolling), or by J/K reaching a card not drawn yet. Every payment stays reachable.
const PAYMENTS = QUEUE_BATCH + 5;

test.describe.configure({ mode: "serial" });

let customerId = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const customer = await createIndividualCustomer("Long Queue");
  customerId = customer.id;
  for (let start = 0; start < PAYMENTS; start += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, PAYMENTS - start) }, (_, offset) =>
        receiveSandboxPayment(customer.id, 3_000 + start + offset),
      ),
    );
  }
});

/** The queue narrowed to this spec's customer, its first batch drawn. */
async function openQueue(page: Page) {
  await signInPage(page, "compliance");
  await page.goto("/approvals");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Search the queue" }).fill(customerId);
  await expect(page.getByText(`${PAYMENTS} of`)).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(QUEUE_BATCH);
  await expect(page.getByText(`Showing ${QUEUE_BATCH} of ${PAYMENTS}.`)).toBeVisible();
}

test("a long queue draws its first cards, and the rest as the officer scrolls to them", async ({ page }) => {
  await openQueue(page);
  await expect(page.getByRole("button", { name: "Show 5 more" })).toBeAttached();
  await shot(page, "approvals-long-queue", { fullPage: false });
  // Scrolling towards the end draws the rest, without a press.
  await page.mouse.wheel(0, 1_000_000);
  await expect(page.getByRole("article")).toHaveCount(PAYMENTS);
  await expect(page.getByRole("button", { name: "Show 5 more" })).toBeHidden();
  await expect(page.getByText(/^Showing \d+ of/)).toBeHidden();
});

test("K from the top of a long queue reaches its last payment, drawn for it", async ({ page }) => {
  await openQueue(page);
  await page.getByRole("heading", { name: "Approvals", level: 1 }).click();
  // With no card focused, K goes to the last payment of the queue, which is not drawn yet.
  await page.keyboard.press("k");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(PAYMENTS);
  await expect(cards.last()).toBeFocused();
  await expect(page.getByText(`Payment ${PAYMENTS} of ${PAYMENTS}`)).toBeAttached();
  await expect(cards.last()).toBeInViewport();
});
