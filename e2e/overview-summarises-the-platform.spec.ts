import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { signInPage } from "./support/session";

const SCREENS = `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/screens`;

test("the overview shows balances, today's volume, the 30-day chart, what waits for approval and refused webhooks", async ({
  page,
  baseURL,
}) => {
  const customer = await createIndividualCustomer("Olga Pérez");
  const payment = await receiveSandboxPayment(customer.id, 2_000);
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
  await expect(balances).toContainText("Customer totals add up all");

  // The demo seed completes payments on the day it runs, so today has volume.
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByRole("row").nth(1)).toBeVisible();

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

  const rejected = page.getByRole("region", { name: "Webhooks that failed verification" });
  await expect(rejected).toContainText("It carried no signature header");

  // The platform's configuration is still on the overview.
  await expect(page.getByRole("region", { name: "Platform" }).getByText("demo.uma.localhost")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/overview.png`, fullPage: true });
});
