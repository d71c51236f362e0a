import { expect, test } from "@playwright/test";

test("the overview renders and shows the platform configuration read from the payment API", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const platform = page.getByRole("region", { name: "Platform" });
  await expect(platform).toBeVisible();
  // The demo seed configures this UMA domain in the local service; the console can only show it by calling GET /config.
  await expect(platform.getByText("demo.uma.localhost")).toBeVisible();
  await expect(page.getByRole("list", { name: "Supported currencies" }).getByRole("listitem")).toHaveText([
    "USD",
    "EUR",
    "MXN",
  ]);
  await expect(page.getByText("Sandbox", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/overview.png", fullPage: true });
});

test("an unknown page shows the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
});
