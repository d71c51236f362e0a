import { expect, test } from "@playwright/test";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

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
