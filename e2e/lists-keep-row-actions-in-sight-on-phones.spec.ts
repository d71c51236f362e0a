import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { LISTED_SANDBOX_PERSON } from "../shared/contract/sandbox-senders";
import { serviceApi } from "./support/environment";
import { expectCellsWithinScreen } from "./support/phone-cards";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** Opens a list and waits until its rows have arrived. */
async function open(page: Page, path: string, table: string) {
  await page.goto(path);
  await expect(page.getByRole("table", { name: table }).getByRole("row").nth(1)).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/**
 * The control is wholly in sight, nothing scrolled sideways to reach it: the page is brought to its row (up and down
 * only), and its box lies inside the window, unclipped by its table's own box, which is scrolled to its start.
 */
async function expectInSightWithoutScrolling(control: Locator) {
  const scrolled = await control.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 2);
    return element.closest("table")?.parentElement?.scrollLeft;
  });
  expect(scrolled, "the table was scrolled").toBe(0);
  await expect(control).toBeInViewport({ ratio: 1 });
  // Drawn on top, not under the rows scrolling beneath it.
  const onTop = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop, "the control is the thing drawn where it is").toBe(true);
}

/** Scrolls the page (up or down only) to the table's top, for its picture. */
const showTop = (region: Locator) =>
  region.evaluate((box) => window.scrollBy(0, box.getBoundingClientRect().top - 80));

const LAST_BUTTON = /^(Disable|Enable) Dev Developer$/;

/** The cue of more to one side of a table: drawn on its frame, the scrolling box's parent. */
const cue = (region: Locator, side: "start" | "end") =>
  region.locator("xpath=..").and(region.page().locator(`[data-more-${side}]`));

test("on a phone, a table wider than the screen says so: a cue of the columns off to the side, scrolled by keyboard", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "admin");
  await open(page, "/team", "What each role may do");
  // Wider than the phone, so its box is a named region the keyboard can reach and scroll.
  const matrix = page.getByRole("region", { name: "What each role may do, scrolls sideways" });
  await expect(matrix).toHaveAttribute("tabindex", "0");
  // More lies to the right, nothing to the left.
  await expect(cue(matrix, "end")).toHaveCount(1);
  await expect(cue(matrix, "start")).toHaveCount(0);
  await showTop(matrix);
  await shot(page, "390-role-matrix", { fullPage: false });

  // By keyboard: Tab reaches the box and the arrow keys scroll it; the cue of more to the left appears.
  await matrix.focus();
  await expect(matrix).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => matrix.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expect(cue(matrix, "start")).toHaveCount(1);
  // At the end the cue of more to the right is gone.
  await matrix.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(cue(matrix, "end")).toHaveCount(0);
  await expect(cue(matrix, "start")).toHaveCount(1);
  await shot(page, "390-role-matrix-scrolled", { fullPage: false });
});

/**
 * The list `name` drawn as cards at 390 px: neither its box nor the page scrolls sideways, a row's every cell (the
 * first row's, or the one holding `rowText`) whole within the screen's width and still a cell of the table, the
 * card's first line holding `first` on the left and `end` beside it on the right, and `below` on a later line. Cells
 * are counted in the table's column order.
 */
async function expectCards(
  page: Page,
  name: string,
  columns: number,
  { first, end, below, rowText }: { first: number; end: number; below: number; rowText?: string },
) {
  await expect(page.getByRole("region", { name: `${name}, scrolls sideways` })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const rows = page.getByRole("table", { name }).getByRole("row");
  const cells = (rowText ? rows.filter({ hasText: rowText }) : rows.nth(1)).getByRole("cell");
  await expectCellsWithinScreen(cells, columns);
  const start = await cells.nth(first).boundingBox();
  const side = await cells.nth(end).boundingBox();
  expect(Math.abs((start?.y ?? 0) - (side?.y ?? 1)), "the first line's two cells side by side").toBeLessThan(
    2,
  );
  expect(side?.x ?? 0).toBeGreaterThan((start?.x ?? 0) + (start?.width ?? 0));
  const later = await cells.nth(below).boundingBox();
  expect(later?.y ?? 0).toBeGreaterThan((start?.y ?? 0) + 10);
  return cells;
}

test("on a phone, each payment, quote, customer and webhook in their lists is a card: amounts, statuses and names in sight", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "admin");

  // A payment: who it was with and its amount first, its time on a later line.
  await open(page, "/transactions", "Transactions");
  const transactions = page.getByRole("table", { name: "Transactions" });
  const cells = await expectCards(page, "Transactions", 7, { first: 5, end: 6, below: 0 });
  // The customer's name says what it is, as the table's header did.
  await expect(cells.nth(4)).toHaveAttribute("data-phone-label", "Customer");
  // The card opens the payment.
  await transactions
    .getByRole("row")
    .nth(1)
    .getByRole("link", { name: /^Open transaction/ })
    .click();
  await expect(page).toHaveURL(/\/transactions\/Transaction/);
  await page.goBack();
  await expect(transactions.getByRole("row").nth(1)).toBeVisible();
  await shot(page, "390-transactions", { fullPage: false });

  // A quote: the customer and what it sends first.
  await open(page, "/quotes", "Quotes");
  await expectCards(page, "Quotes", 8, { first: 5, end: 3, below: 0 });
  await shot(page, "390-quotes", { fullPage: false });

  // A customer: the name and the KYC status first.
  await open(page, "/customers", "Customers");
  await expectCards(page, "Customers", 5, { first: 0, end: 3, below: 2 });
  await shot(page, "390-customers", { fullPage: false });

  // A webhook: its type and when it came first, how it was answered and verified below.
  await open(page, "/webhooks", "Received webhooks");
  await expectCards(page, "Received webhooks", 6, {
    first: 2,
    end: 0,
    below: 4,
  });
  await shot(page, "390-webhooks", { fullPage: false });

  // On a laptop it is a table again: every cell of a payment in one row, side by side.
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/transactions", "Transactions");
  const wide = transactions.getByRole("row").nth(1).getByRole("cell");
  await expect
    .poll(async () =>
      Math.abs(((await wide.nth(0).boundingBox())?.y ?? 0) - ((await wide.nth(5).boundingBox())?.y ?? 99)),
    )
    .toBeLessThan(2);
});

test("on a phone, the team's members and the API tokens are cards, each row's buttons in sight without scrolling sideways", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await serviceApi("/tokens", {
    method: "POST",
    json: { name: "Phone row actions", permissions: ["VIEW"] },
  });
  expect(token.status).toBe(201);
  await signInPage(page, "admin");

  // A member: the name and whether they may sign in first, the role below, the buttons across the card's foot.
  await open(page, "/team", "Team members");
  const member = await expectCards(page, "Team members", 6, {
    first: 0,
    end: 2,
    below: 1,
    rowText: "developer@demo.local",
  });
  await expect(member.nth(1)).toHaveAttribute("data-phone-label", "Role");
  // (Enable, should another spec have disabled the developer for a while.)
  for (const name of [/^Change role of Dev Developer$/, /^Reset password of Dev Developer$/, LAST_BUTTON]) {
    await expectInSightWithoutScrolling(page.getByRole("button", { name }));
  }
  await member.first().evaluate((cell) => window.scrollBy(0, cell.getBoundingClientRect().top - 80));
  await shot(page, "390-team-row-actions", { fullPage: false });

  // A token: its name and Revoke first, its client id below.
  await open(page, "/tokens", "API tokens");
  await expectCards(page, "API tokens", 6, { first: 0, end: 5, below: 1, rowText: "Phone row actions" });
  await expectInSightWithoutScrolling(page.getByRole("button", { name: "Revoke Phone row actions" }).first());
  await shot(page, "390-tokens-row-actions", { fullPage: false });
});

test("on a phone, providers, customer accounts, watchlist versions and policy versions are cards", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "admin");

  // A provider: its name and whether it is allowed first, its domain below.
  await open(page, "/providers", "UMA providers");
  const provider = await expectCards(page, "UMA providers", 6, { first: 0, end: 1, below: 2 });
  await expect(provider.nth(4)).toHaveAttribute("data-phone-label", "Regions");
  await shot(page, "390-providers", { fullPage: false });

  // A customer's account: whose it is and its balance first, the currency below, Fund in sight.
  await open(page, "/accounts?tab=customers", "Customer accounts");
  const account = await expectCards(page, "Customer accounts", 6, { first: 0, end: 2, below: 1 });
  await expectInSightWithoutScrolling(account.nth(5).getByRole("button", { name: /^Fund/ }));
  await shot(page, "390-customer-accounts", { fullPage: false });

  // A watchlist's version: the list and whether it is in use first, the date it states below.
  await open(page, "/screening", "Watchlist versions");
  await expectCards(page, "Watchlist versions", 7, { first: 0, end: 3, below: 1 });
  await showTop(page.getByRole("table", { name: "Watchlist versions" }));
  await shot(page, "390-watchlist-versions", { fullPage: false });

  // A policy's version: its number and status first, who wrote it below, Open in sight.
  await open(page, "/policies", "Policy versions");
  const version = await expectCards(page, "Policy versions", 6, { first: 0, end: 1, below: 2 });
  await expectInSightWithoutScrolling(version.nth(5).getByRole("button", { name: /^Open v/ }));
});

test("on a phone, an open screening alert is a card: who was screened and Review in sight, the match below", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "admin");
  // A customer named as a listed person, created through the console, which screens it: an open alert.
  const created = await page.request.post("/api/payments/customers", {
    headers: { origin: baseURL ?? "", "idempotency-key": randomUUID() },
    data: {
      platformCustomerId: `card-${randomUUID().slice(0, 8)}`,
      customerType: "INDIVIDUAL",
      fullName: LISTED_SANDBOX_PERSON.FULL_NAME,
      birthDate: LISTED_SANDBOX_PERSON.BIRTH_DATE,
      nationality: LISTED_SANDBOX_PERSON.NATIONALITY,
      address: { line1: "Av. Reforma 1", city: "Ciudad de México", postalCode: "06600", country: "MX" },
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto("/screening");
  const alerts = page.getByRole("table", { name: "Open screening alerts" });
  const row = alerts.getByRole("row").filter({ hasText: id });
  await expect(row).toBeVisible();
  await expect(page.getByRole("region", { name: "Open screening alerts, scrolls sideways" })).toHaveCount(0);
  const cells = row.getByRole("cell");
  await expectCellsWithinScreen(cells, 4);
  const review = row.getByRole("link", { name: `Review ${LISTED_SANDBOX_PERSON.FULL_NAME}` });
  await review.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 200));
  await expect(review).toBeInViewport({ ratio: 1 });
  const screened = await cells.nth(0).boundingBox();
  const link = await review.boundingBox();
  expect(Math.abs((screened?.y ?? 0) - (link?.y ?? 99)), "Review beside who was screened").toBeLessThan(8);
  await expect(cells.nth(1)).toHaveAttribute("data-phone-label", "Best open match");
  await shot(page, "390-screening-alert", { fullPage: false });
  await review.click();
  await expect(page).toHaveURL(/\/customers\/Customer/);
});

test("on a laptop, the team's table fits: no cue, no box to scroll, each row's buttons side by side", async ({
  page,
}) => {
  await signInPage(page, "admin");
  // The widest member the suite's other specs add, made here so the test does not depend on them.
  const origin = new URL(page.url()).origin;
  const added = await page.request.post("/api/team", {
    data: {
      email: `maximiliana.evangelina.ortiz-villanueva-${Date.now()}@demo.local`,
      name: "Maximiliana Evangelina Ortiz-Villanueva de la Fuente",
      role: "developer",
    },
    headers: { origin },
  });
  expect(added.status(), await added.text()).toBe(201);
  for (const width of [1280, 1536]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, "/team", "Team members");
    await expect(page.getByRole("region", { name: /scrolls sideways/ })).toHaveCount(0);
    const boxes = await Promise.all(
      [/^Change role of Dev Developer$/, LAST_BUTTON].map((name) =>
        page.getByRole("button", { name }).boundingBox(),
      ),
    );
    // A member's three buttons side by side at 1280 px too (they stood two above one), every column still in sight.
    expect(boxes[0]?.y, "the buttons are on one line").toBe(boxes[1]?.y);
    for (const path of ["/team", "/transactions", "/webhooks"]) {
      if (path !== "/team") await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await shot(page, `${width}-${path.slice(1)}-lists`);
    }
  }
});
