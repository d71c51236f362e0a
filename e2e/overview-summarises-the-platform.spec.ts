import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import {
  createIndividualCustomer,
  fundedUsdAccount,
  payPlatformUsd,
  receiveSandboxPayment,
} from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("the overview shows balances, today's volume, the 30-day chart, what waits for approval and refused webhooks", async ({
  page,
  baseURL,
}) => {
  const customer = await createIndividualCustomer("Olga Pérez");
  const payment = await receiveSandboxPayment(customer.id, 2_000);
  // A large payment out today, so that today's figures are as wide as a busy platform's.
  await payPlatformUsd(await fundedUsdAccount(customer.id, 13_000_000), 12_345_678, "Overview width check");
  // A delivery without a signature: refused, never processed, but counted on the overview.
  const unsigned = await fetch(`${baseURL}/api/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ webhookId: "Webhook:forged", type: "TEST", timestamp: new Date().toISOString() }),
  });
  expect(unsigned.status).toBe(401);
  const platformUsd = (
    (await (await serviceApi("/platform/internal-accounts?currency=USD")).json()) as {
      data: { id: string; balance: { amount: number } }[];
    }
  ).data[0];
  expect(platformUsd).toBeDefined();

  await signInPage(page, "viewer");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  const balances = page.getByRole("region", { name: "Balances" });
  await expect(balances.getByRole("row", { name: /^USD/ })).toBeVisible();
  // Every amount says its currency beside the others: pesos are MX$, never a bare "$" (issue 27, bug 7).
  const pesos = balances.getByRole("row", { name: /^MXN/ });
  await expect(pesos).toContainText("MX$");
  await expect(pesos.getByRole("cell").first()).not.toHaveText(/^-?\$/);
  await expect(balances).toContainText("Customer totals add up all");
  // The platform's figure opens that account's payments, in and out.
  const platformUsdLink = balances
    .getByRole("row", { name: /^USD/ })
    .getByRole("link", { name: /payments of the platform's USD account$/ });
  await expect(platformUsdLink).toHaveAttribute(
    "href",
    `/transactions?${new URLSearchParams({ accountIdentifier: platformUsd?.id ?? "" })}`,
  );

  // The demo seed completes payments on the day it runs, so today has volume.
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByRole("row").nth(1)).toBeVisible();
  // Money in and money out never run into each other ("MX$39,429.58MX$4,539.28" once, on a card a third wide),
  // nor out of their card, where the overview's columns are narrowest.
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    const layout = await today.locator("table").evaluate((table) => {
      const gaps = [...table.querySelectorAll("tbody tr")].map((row) => {
        const [inCell, outCell] = [...row.querySelectorAll("td")].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell.firstElementChild ?? cell);
          return range.getBoundingClientRect();
        });
        return inCell && outCell ? Math.round(outCell.left - inCell.right) : -1;
      });
      // Past the card's padding, where its content ends.
      const card = table.parentElement ?? table;
      const contentRight =
        card.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(card).paddingRight);
      const overflow = table.getBoundingClientRect().right - contentRight;
      return { gaps, overflow: Math.round(overflow) };
    });
    for (const gap of layout.gaps)
      expect(gap, `at ${width}: ${JSON.stringify(layout)}`).toBeGreaterThanOrEqual(12);
    expect(layout.overflow, `at ${width}: ${JSON.stringify(layout)}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  const volume = page.getByRole("region", { name: "Daily volume, last 30 days" });
  await expect(volume.getByRole("tablist", { name: "Currency" })).toBeVisible();
  await expect(volume.getByRole("img")).toHaveAttribute(
    "aria-label",
    /per day from .* received and .* sent in all/,
  );
  await volume.getByRole("tab", { name: "USD" }).click();
  await expect(page).toHaveURL(/volume=USD/);
  await volume.getByText("Show the figures as a table").click();
  await expect(volume.getByRole("table", { name: "Daily USD volume" }).getByRole("row")).toHaveCount(31);

  const approvals = page.getByRole("region", { name: "Waiting for approval" });
  await expect(approvals.getByRole("timer").first()).toBeVisible();
  await expect(approvals).toContainText(/\d+ payments? waiting/);
  await expect(approvals.getByRole("link", { name: "Review the queue" })).toBeVisible();

  const recent = page.getByRole("region", { name: "Recent transactions" });
  await expect(recent.getByRole("link", { name: new RegExp(payment.id) })).toBeVisible();
  // The customer by name, as every list names them, not by the platform's id for them (issue 49, item 3).
  await expect(recent.getByRole("link", { name: new RegExp(payment.id) })).toContainText("Olga Pérez");
  await expect(recent.getByRole("link", { name: new RegExp(payment.id) })).not.toContainText(
    customer.platformCustomerId,
  );
  // Then whom the money came from, so that "Incoming Olga Pérez" is not read as money she sent: the sender's name
  // masked for the viewer, as every list masks it.
  await expect(recent.getByRole("link", { name: new RegExp(payment.id) })).toContainText(
    "Olga Pérez from A••• S••• R•••",
  );

  const rejected = page.getByRole("region", { name: "Webhooks that failed verification" });
  await expect(rejected).toContainText("It carried no signature header");

  // The platform's configuration is still on the overview.
  await expect(page.getByRole("region", { name: "Platform" }).getByText("demo.uma.localhost")).toBeVisible();
  await shot(page, "overview");
});

// Payments are dated on the platform's clock. With the sandbox clock a day ahead of the console's, a payment made now
// belongs to the platform's today, and the overview's "Today" and the last day of its chart must be that day.
// The clock only moves forward, so this runs after the overview above; specs after this file make their own data.
test("after the sandbox clock moves a day ahead, the overview's today is the platform's today", async ({
  page,
}) => {
  const moved = await serviceApi("/_local/clock/advance", {
    method: "POST",
    json: { seconds: 24 * 60 * 60 },
  });
  expect(moved.ok).toBe(true);
  const customer = await createIndividualCustomer("Iker Sandoval");
  const payment = await receiveSandboxPayment(customer.id, 4_321);
  const approved = await serviceApi(`/transactions/${encodeURIComponent(payment.id)}/approve`, {
    method: "POST",
    json: { receiverCustomerInfo: { FULL_NAME: "Iker Sandoval" } },
  });
  expect(approved.ok).toBe(true);

  await signInPage(page, "viewer");
  // The platform's today holds this one payment only: everything else was made on what is now its yesterday.
  const usd = page.getByRole("region", { name: "Today" }).getByRole("row", { name: /^USD/ });
  await expect(usd.getByRole("cell").first()).toHaveText(/^\$43\.21\s*1 payment$/);
  await expect(usd.getByRole("cell").nth(1)).toHaveText(/^\$0\.00\s*none$/);

  const volume = page.getByRole("region", { name: "Daily volume, last 30 days" });
  await volume.getByRole("tab", { name: "USD" }).click();
  await volume.getByText("Show the figures as a table").click();
  // Newest first, under the header row.
  const latest = volume.getByRole("table", { name: "Daily USD volume" }).getByRole("row").nth(1);
  await expect(latest.getByRole("cell").first()).toHaveText(/43\.21\s*\(1\)/);
  await shot(page, "overview-clock-moved");
});
