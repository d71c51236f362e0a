import { expect, test } from "@playwright/test";
import { demoUser, serviceApi } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

type Currency = { currencyCode: string; maxAmount: number } & Record<string, unknown>;
let original: Currency[] = [];

async function currencies(): Promise<Currency[]> {
  return ((await (await serviceApi("/config")).json()) as { supportedCurrencies: Currency[] })
    .supportedCurrencies;
}

async function setCurrencies(list: Currency[]): Promise<void> {
  const supportedCurrencies = list.map(({ providerRequiredCustomerFields: _, ...entry }) => entry);
  const response = await serviceApi("/config", { method: "PATCH", json: { supportedCurrencies } });
  expect(response.status, await response.text()).toBe(200);
}

test.afterAll(async () => {
  if (original.length > 0) await setCurrencies(original);
});

test("the history shows what a change replaced, even when the change before it was made outside the console", async ({
  page,
}) => {
  // Several pages and a configuration change: slower than one page on a loaded machine.
  test.slow();
  original = await currencies();
  // A change made with the API directly, which the console never saw: USD's maximum becomes 123,456.00.
  await setCurrencies(
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
