import { expect, type Locator, type Page, test } from "@playwright/test";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/**
 * Issue 27, bug 9: an officer types a payment's id into the queue's search and clicks that card's Reject (or
 * Approve) within a fraction of a second. The search narrows the queue some time after the typing; wherever that
 * lands (before the click, between press and release, after it), the dialog opens for the payment clicked, stays
 * open once the filter is in the address, and decides that payment and no other.
 */

/** Three payments to one new customer; the last one's card sits below the others until the queue is narrowed. */
async function threeWaiting(name: string) {
  const customer = await createIndividualCustomer(name);
  const others = [
    await receiveSandboxPayment(customer.id, 1_100),
    await receiveSandboxPayment(customer.id, 1_200),
  ];
  const target = await receiveSandboxPayment(customer.id, 1_300);
  return { customerId: customer.id, target: target.id, others: others.map((payment) => payment.id) };
}

/** The queue narrowed to the customer's three payments (whatever other specs left waiting), target last. */
async function openQueue(page: Page, customerId: string, target: string) {
  await signInPage(page, "compliance");
  await page.goto(`/approvals?q=${encodeURIComponent(customerId)}`);
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: target });
  await expect(card).toBeVisible();
  // No deadline alerts: one appearing above the queue (for a payment another spec left waiting) would move the
  // cards too, which is not what these tests are about.
  await page.getByLabel("Deadline alerts").selectOption({ label: "Never" });
  return {
    card,
    search: page.getByRole("searchbox", { name: "Search the queue" }),
    reject: page.getByRole("alertdialog", { name: "Reject this payment?" }),
    approve: page.getByRole("dialog", { name: "Approve payment" }),
  };
}

/** The filter reached the address and the queue shows the one payment searched for. */
async function expectNarrowedTo(page: Page, target: string) {
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === target);
  await expect(page.getByText(/^1 of \d+ payments waiting match\.$/)).toBeAttached();
}

async function rejectWithReason(dialog: Locator, target: string, others: string[]) {
  await dialog.getByLabel(/Reason/).fill("Sender could not be verified");
  await dialog.getByRole("button", { name: "Reject payment" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => transactionStatus(target)).toBe("REJECTED");
  for (const other of others) expect(await transactionStatus(other)).toBe("PENDING");
}

test("Reject clicked at once after typing a payment's id opens its dialog, which stays open once the filter applies", async ({
  page,
}) => {
  const { customerId, target, others } = await threeWaiting("Carmen Prisa");
  const { card, search, reject } = await openQueue(page, customerId, target);

  await search.fill(target);
  await card.getByRole("button", { name: "Reject" }).click();
  await expect(reject).toBeVisible();
  await expectNarrowedTo(page, target);
  await expect(reject).toBeVisible();
  await shot(page, "approvals-reject-after-search", { fullPage: false });
  await rejectWithReason(reject, target, others);
});

test("an open reject dialog and its reason outlast the queue's cards when a background refresh fails", async ({
  page,
}) => {
  const { customerId, target, others } = await threeWaiting("Gala Recarga");
  const { card, reject } = await openQueue(page, customerId, target);
  await card.getByRole("button", { name: "Reject" }).click();
  await reject.getByLabel(/Reason/).fill("Sender could not be verified");

  // A new payment arrives, the queue refreshes, and the console answers that refresh with an error (restarting,
  // say): the queue keeps the cards it has, says they may be out of date, and offers to try again.
  // Any page of the queue (its address carries the filters and the order).
  const queueAddress = /\/api\/approvals(\?|$)/;
  await page.route(queueAddress, (route) =>
    route.fulfill({
      status: 503,
      json: { status: 503, code: "UNAVAILABLE", message: "The console is restarting." },
    }),
  );
  await receiveSandboxPayment(customerId, 1_400);
  await expect(page.getByText("The queue could not be refreshed")).toBeAttached({ timeout: 20_000 });
  await expect(page.getByText("The approval queue could not be loaded")).toHaveCount(0);
  await expect(card).toBeAttached();
  await expect(reject).toBeVisible();
  await expect(reject.getByLabel(/Reason/)).toHaveValue("Sender could not be verified");
  await shot(page, "approvals-refresh-failed", { fullPage: false });
  await page.unroute(queueAddress);
  await rejectWithReason(reject, target, others);
});

/**
 * The search's narrowing has landed: the queue says one payment matches. It comes from the console's answer, which
 * the page takes in on its own timers: the clock moves on in small steps until it shows.
 */
async function narrowingLanded(page: Page) {
  const matched = page.getByText(/^1 of \d+ payments waiting match\.$/);
  await expect
    .poll(async () => {
      if ((await matched.count()) === 1) return true;
      await page.clock.runFor(50);
      return false;
    })
    .toBe(true);
}

/** From here on no timer of the page runs until the test moves its clock (runFor) or lets it go (resume). */
async function stopTimers(page: Page) {
  // Ahead of the page's clock, which install() started at the test's time and which runs until paused.
  await page.clock.pauseAt(Date.now() + 2_000);
}

test.describe("with the page's clock in the test's hands", () => {
  // Tall enough to show the three cards without scrolling, as on a portrait monitor: a scrolled page keeps a card
  // in place when the ones above it go (the browser's scroll anchoring), an unscrolled one cannot.
  test.use({ viewport: { width: 1280, height: 1800 } });
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test("the search's pending narrowing firing while Reject is held does not lose the click", async ({
    page,
  }) => {
    const { customerId, target, others } = await threeWaiting("Dario Pulsa");
    const { card, search, reject } = await openQueue(page, customerId, target);

    await stopTimers(page);
    await search.fill(target);
    await card.getByRole("button", { name: "Reject" }).hover();
    await page.mouse.down();
    // Far longer than the search's pause: its pending work is due while the button is held.
    await page.clock.runFor(1_000);
    await page.mouse.up();
    await page.clock.resume();
    await expect(reject).toBeVisible();
    await expectNarrowedTo(page, target);
    await expect(reject).toBeVisible();
    await rejectWithReason(reject, target, others);
  });

  test("the search's narrowing landing between aiming at Reject and pressing it does not move the card away", async ({
    page,
  }) => {
    const { customerId, target, others } = await threeWaiting("Elena Apuro");
    const { card, search, reject } = await openQueue(page, customerId, target);

    await stopTimers(page);
    await search.fill(target);
    // The pointer comes to rest on the card's Reject; the search's pause ends, and the queue is narrowed, before
    // the press.
    await card.getByRole("button", { name: "Reject" }).hover();
    await page.clock.runFor(1_000);
    await narrowingLanded(page);
    await page.mouse.down();
    await page.mouse.up();
    await page.clock.resume();
    await expect(reject).toBeVisible();
    await expectNarrowedTo(page, target);
    await rejectWithReason(reject, target, others);
  });

  test("the same for Approve: the narrowing before the press, and while it is held", async ({ page }) => {
    const { customerId, target, others } = await threeWaiting("Fabio Premura");
    const { card, search, approve } = await openQueue(page, customerId, target);

    await stopTimers(page);
    await search.fill(target);
    await card.getByRole("button", { name: "Approve" }).hover();
    await page.clock.runFor(1_000);
    await narrowingLanded(page);
    await page.mouse.down();
    await page.clock.runFor(1_000);
    await page.mouse.up();
    await page.clock.resume();
    await expect(approve).toBeVisible();
    await expectNarrowedTo(page, target);
    await expect(approve).toBeVisible();
    await approve.getByRole("button", { name: "Approve payment" }).click();
    await expect(approve).toBeHidden();
    await expect.poll(() => transactionStatus(target)).toBe("COMPLETED");
    for (const other of others) expect(await transactionStatus(other)).toBe("PENDING");
  });
});
