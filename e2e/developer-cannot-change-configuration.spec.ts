import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("a developer reads the configuration but cannot save it: the page says why and the server refuses", async ({
  page,
}) => {
  await signInPage(page, "developer");
  await page.goto("/config");
  await expect(page.getByRole("heading", { name: "Configuration", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "UMA domain" })).toHaveAttribute("readonly", "");
  // Nor which changes need a second admin.
  await expect(page.getByRole("switch", { name: "UMA domain needs a second admin" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add currency" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);

  const review = page.getByRole("button", { name: "Review changes" });
  await expect(review).toHaveAttribute("aria-disabled", "true");
  await expect(review).toHaveAccessibleDescription("Only admins edit the platform configuration.");
  await review.click({ force: true });
  await expect(page.getByRole("dialog", { name: "Review configuration changes" })).toHaveCount(0);
  await shot(page, "config-developer");

  // The server refuses whatever the page shows.
  const before = (await (await serviceApi("/config")).json()) as { umaDomain: string };
  const response = await page.request.patch("/api/payments/config", {
    data: { umaDomain: "taken-over.example.com" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { code: string }).code).toBe("FORBIDDEN");
  const after = (await (await serviceApi("/config")).json()) as { umaDomain: string };
  expect(after.umaDomain).toBe(before.umaDomain);
  const fourEyes = await page.request.put("/api/config/four-eyes", {
    data: { config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: true } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(fourEyes.status()).toBe(403);
});
