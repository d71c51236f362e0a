import { expect, test } from "@playwright/test";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("an anonymous visitor is sent to the sign-in page", async ({ page }) => {
  await page.goto("/approvals");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fapprovals/);
  await expect(page.getByRole("heading", { name: "Sign in to the payments console" })).toBeVisible();
  await shot(page, "login", { fullPage: false });
});

test("a wrong password is refused with a message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("viewer@demo.local");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page.getByText("The email or password is not right, or the account is disabled."),
  ).toBeVisible();
});

test("the overview shows the platform configuration read from the payment API", async ({ page }) => {
  await signInPage(page, "viewer");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const platform = page.getByRole("region", { name: "Platform" });
  // The demo seed configures this UMA domain in the local service; the console can only show it by calling GET /config.
  await expect(platform.getByText("demo.uma.localhost")).toBeVisible();
  await expect(page.getByRole("list", { name: "Supported currencies" }).getByRole("listitem")).toHaveText([
    "USD",
    "EUR",
    "MXN",
  ]);
  // The environment is named in the top bar (a switch, since the local service gives the console both).
  await expect(page.getByRole("button", { name: "Environment: Sandbox. Switch environment" })).toBeVisible();
  await shot(page, "overview-platform");
});

test("signing out ends the session, and an unknown page shows the not-found page", async ({ page }) => {
  await signInPage(page, "viewer");
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await shot(page, "not-found");
  await page.getByRole("link", { name: "Go to the overview" }).click();
  // Opened until the page's script has taken the menu over (a press before that opens nothing).
  await expect(async () => {
    await page.getByRole("button", { name: /Vic Viewer/ }).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
});
