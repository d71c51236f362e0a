import { expect, test } from "@playwright/test";
import { type SupportedCurrency, setSupportedCurrencies, supportedCurrencies } from "./support/currencies";
import { demoUser } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

let original: SupportedCurrency[] = [];

test.afterAll(async () => {
  if (original.length > 0) await setSupportedCurrencies(original);
});

test("the history shows what a change replaced, even when the change before it was made outside the console", async ({
  page,
}) => {
  // Several pages and a configuration change: slower than one page on a loaded machine.
  test.slow();
  original = await supportedCurrencies();
  // A change made with the API directly, which the console never saw: USD's maximum becomes 123,456.00.
  await setSupportedCurrencies(
    original.map((entry) => (entry.currencyCode === "USD" ? { ...entry, maxAmount: 123_456_00 } : entry)),
  );

  await signInPage(page, "admin");
  await page.goto("/config");
  await expect(page.getByRole("table", { name: "Supported currencies" })).toBeVisible({ timeout: 30_000 });
  const usdMax = page.getByLabel("Maximum for USD");
  await expect(usdMax).toHaveValue(/123,?456/);
  await expect(async () => {
    await usdMax.fill("234567");
    await page.getByRole("button", { name: "Review changes" }).click();
    await expect(page.getByRole("dialog", { name: "Review configuration changes" })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass();
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  await review.getByRole("button", { name: "Save 1 change" }).click();
  await expect(review).toBeHidden();

  // The history's newest entry: from the value the API held just before, to the value saved.
  const latest = page.getByRole("list", { name: "Configuration changes" }).getByRole("listitem").first();
  // Who made it, by name, the email on hover.
  await expect(latest.getByText(demoUser("admin").name, { exact: true })).toHaveAttribute(
    "title",
    "admin@demo.local",
  );
  await expect(latest).toContainText("USD");
  await expect(latest).toContainText("Maximum");
  await expect(latest).toContainText("123,456.00");
  await expect(latest).toContainText("234,567.00");
  // Only what changed: the other currencies are not listed as set.
  await expect(latest).not.toContainText("set to");
  await shot(page, "config-history-before-after");
});

test("the history says how many changes it holds and loads the older ones", async ({ page }) => {
  test.slow();
  if (original.length === 0) original = await supportedCurrencies();
  await signInPage(page, "admin");
  // More changes than the history's first page holds: each made at the API directly, then noticed by a read of the
  // history (as opening the configuration page notices one).
  for (let change = 1; change <= 11; change++) {
    await setSupportedCurrencies(
      original.map((entry) =>
        entry.currencyCode === "USD" ? { ...entry, maxAmount: 200_000_00 + change * 100 } : entry,
      ),
    );
    const read = await page.request.get("/api/config/history");
    expect(read.status()).toBe(200);
  }

  await page.goto("/config");
  // The entries themselves, not the changes listed inside each.
  const entries = page.getByRole("list", { name: "Configuration changes" }).locator(":scope > li");
  await expect(entries).toHaveCount(10, { timeout: 30_000 });
  const summary = page.getByText(/^Showing 10 of [\d,]+ changes$/);
  await expect(summary).toBeVisible();
  const total = Number(
    /of ([\d,]+) changes/.exec((await summary.textContent()) ?? "")?.[1]?.replaceAll(",", ""),
  );
  expect(total).toBeGreaterThanOrEqual(11);

  await page.getByRole("button", { name: "Load older changes" }).click();
  const shown = Math.min(20, total);
  await expect(entries).toHaveCount(shown);
  await expect(page.getByText(new RegExp(`^Showing ${shown}( of [\\d,]+ changes| changes)$`))).toBeVisible();
});
