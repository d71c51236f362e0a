import { expect, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

// The launcher seeds the demo platform with 60 days of history (service/seed/demo-history.ts) on a first start:
// what a person sees before anyone has used the console.
test.use({ viewport: { width: 1440, height: 900 } });
// Three lists of a few hundred payments, read and filtered several times: more than a minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test("the overview's 30-day chart shows volume on most days of the demo's history", async ({ page }) => {
  await signInPage(page, "viewer");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const volume = page.getByRole("region", { name: "Daily volume, last 30 days" });
  await expect(volume.getByRole("tablist", { name: "Currency" })).toBeVisible();
  for (const currency of ["USD", "EUR", "MXN"]) {
    await expect(async () => {
      await volume.getByRole("tab", { name: currency }).click();
      await expect(page).toHaveURL(new RegExp(`volume=${currency}`), { timeout: 1_000 });
    }).toPass();
    const panel = volume.getByRole("tabpanel", { name: currency });
    if (!(await panel.getByRole("table").isVisible()))
      await panel.getByText("Show the figures as a table").click();
    const days = panel.getByRole("table", { name: `Daily ${currency} volume` }).locator("tbody tr");
    await expect(days).toHaveCount(30);
    // A day with volume counts at least one payment in or out: "(n)" with n above zero.
    const busy = days.filter({ hasText: /\([1-9]\d*\)/ });
    expect(await busy.count()).toBeGreaterThanOrEqual(15);
  }
  await volume.getByRole("tab", { name: "USD" }).click();
  await shot(page, "demo-overview-1440");
});

test("the transactions list pages past its first page, with completed, failed and refunded payments", async ({
  page,
}) => {
  await signInPage(page, "viewer");
  await page.getByRole("link", { name: "Transactions", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText(/Showing 20 of [\d,]{3,} transactions/);
  await shot(page, "demo-transactions-1440");
  await pagination.getByRole("button", { name: "Next" }).click();
  await expect(pagination).toContainText("Page 2");

  const filters = page.getByRole("search", { name: "Filter transactions" });
  const table = page.getByRole("table", { name: "Transactions" });
  for (const status of ["Completed", "Failed", "Refunded"]) {
    await filters.getByRole("combobox", { name: "Status" }).selectOption({ label: status });
    await expect(page).toHaveURL(new RegExp(`status=${status.toUpperCase()}`));
    await expect(table.getByRole("row").nth(1)).toContainText(status);
    await expect(table.getByRole("row").filter({ hasNotText: status }).nth(1)).toHaveCount(0);
  }
  await shot(page, "demo-transactions-refunded-1440");
});

test("an approval policy has been in force since the first morning, and the history shows it deciding", async ({
  page,
}) => {
  await signInPage(page, "compliance");
  await page.goto("/policies");
  await waitForHydration(page);
  const versions = page.getByRole("table", { name: "Policy versions" });
  await expect(versions).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("No policy is active", { exact: false })).toHaveCount(0);
  // v1, by two people: written and proposed by one compliance officer, activated by an admin.
  const v1 = versions.getByRole("row").filter({ has: page.getByRole("cell", { name: "v1", exact: true }) });
  // The table names people by name, as the queue and the timelines do: Carla Compliance wrote and proposed it at
  // 06:00 and 06:05, Ada Admin activated it at 06:40 (UTC) on the platform's first day, before its first payment.
  await expect(v1).toHaveText(
    /^v1ActiveCarla Compliance.*06:00 UTCCarla Compliance.*06:05 UTCAda Admin.*06:40 UTC/,
  );
  await expect(page.getByRole("heading", { name: "In force: v1" })).toBeVisible();
  await expect(page.getByText("Activated by Ada Admin; proposed by Carla Compliance.")).toBeVisible();
  await shot(page, "demo-policies-1440");

  // A payment of the history that the policy approved when it arrived, without a person.
  const approved = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ transaction_id: string }>(
          `SELECT transaction_id FROM policy_evaluations
            WHERE decision = 'approve' AND policy_version = 1 AND evaluated_at < now() - interval '7 days'
            ORDER BY evaluated_at LIMIT 1`,
        )
      ).rows[0]?.transaction_id,
  );
  expect(approved).toBeDefined();
  await page.goto(`/transactions/${encodeURIComponent(approved ?? "")}`);
  const steps = page.getByRole("region", { name: "Status timeline" }).getByRole("listitem");
  // The history's webhooks never reached the console (it was not running yet): its own step is the policy's decision.
  await expect(steps).toHaveText([
    /^Created/,
    /^Approved by policy 'Small (USD|EUR|MXN) payments \(up to [^)]+\) from allow-listed senders' v1/,
    /^Completed/,
  ]);
  await shot(page, "demo-payment-approved-by-policy-1440");
});

test("customers of both types are listed, the businesses found by the type filter", async ({ page }) => {
  await signInPage(page, "viewer");
  await page.getByRole("link", { name: "Customers", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(
    /Showing 20 of [\d,]+ customers/,
  );
  // Newest first: in a full run the first page may hold only customers other specs made, all individuals; the
  // demo's businesses are found by the type filter below.
  await expect(table.getByRole("cell", { name: "Individual" }).first()).toBeVisible();
  await shot(page, "demo-customers-1440");

  const filters = page.getByRole("search", { name: "Filter customers" });
  await filters.getByRole("combobox", { name: "Type" }).selectOption({ label: "Business" });
  await expect(page).toHaveURL(/customerType=BUSINESS/);
  // Newest first, and other specs make businesses too: the demo's own (Nordwind, the oldest) may be pages away.
  await expect(table.getByRole("cell", { name: "Business" }).first()).toBeVisible();
  await expect(table.getByRole("cell", { name: "Individual" })).toHaveCount(0);
});

/** The total a list's summary names ("Showing 20 of 1,204 events"). */
async function totalShown(summary: import("@playwright/test").Locator, noun: string): Promise<number> {
  const text = (await summary.textContent()) ?? "";
  const total = new RegExp(`of ([\\d,]+) ${noun}`).exec(text)?.[1];
  return Number(total?.replaceAll(",", ""));
}

test("the webhook inbox and the audit log say how many entries their filters match, not only how many are shown", async ({
  page,
}) => {
  // More events than a page holds (a fresh demo's inbox holds about a page of them).
  const customer = await createIndividualCustomer("Cuenta Eventos");
  const storedEvents = async () => {
    const [row] = await withConsoleDatabase(
      async (client) =>
        (
          await client.query<{ count: number }>(
            "SELECT count(*)::int AS count FROM webhook_events WHERE environment = 'sandbox'",
          )
        ).rows,
    );
    return row?.count ?? 0;
  };
  for (let round = 0; round < 5 && (await storedEvents()) <= 20; round++)
    await receiveSandboxPayment(customer.id, 1_000 + round);
  await expect.poll(storedEvents).toBeGreaterThan(20);

  await signInPage(page, "admin");
  await page.goto("/webhooks");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText(/Showing 20 of [\d,]+ events/);
  const events = await totalShown(pagination, "events");
  // Deliveries may still arrive after the page counted them, never fewer.
  expect(events).toBeGreaterThan(20);
  expect(events).toBeLessThanOrEqual(await storedEvents());

  // More entries than a page of the log holds: refused attempts, each recorded (a fresh demo's log holds a dozen).
  await switchUser(page, "viewer");
  const origin = new URL(page.url()).origin;
  for (let attempt = 0; attempt < 45; attempt++) {
    const refused = await page.request.post(
      `/api/payments/transactions/Transaction%3Acount-${attempt}/approve`,
      {
        data: {},
        headers: { origin },
      },
    );
    expect(refused.status()).toBe(403);
  }
  await switchUser(page, "admin");
  await page.goto("/audit");
  const summary = page.getByText(/^Showing 50 of [\d,]+ entries$/);
  await expect(summary).toBeVisible();
  const entries = await totalShown(summary, "entries");
  expect(entries).toBeGreaterThan(50);
  await page.getByRole("button", { name: "Load older entries" }).click();
  await expect(
    page.getByText(new RegExp(`^Showing ${Math.min(100, entries)}( of [\\d,]+ entries| entries)$`)),
  ).toBeVisible();
});
