import { expect, test } from "@playwright/test";
import { createIndividualCustomer } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("an admin generates a single-use KYC link for a customer and copies it", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const customer = await createIndividualCustomer("Carmen Ruiz");
  await signInPage(page, "admin");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);

  await page.getByRole("button", { name: "Generate KYC link" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate a KYC link" });
  await dialog.getByLabel("Return address").fill("not a url");
  await dialog.getByRole("button", { name: "Generate link" }).click();
  await expect(dialog.getByText("Must be an http(s) URL")).toBeVisible();
  await dialog.getByLabel("Return address").fill("https://app.example.com/onboarding/done");
  await dialog.getByRole("button", { name: "Generate link" }).click();

  const link = dialog.getByLabel(`Verification link for ${customer.platformCustomerId}`);
  await expect(link).toHaveValue(/\/hosted\/kyc\//);
  await expect(dialog.getByText("Single use.")).toBeVisible();
  await shot(page, "customer-kyc-link", { fullPage: false });

  await dialog.getByRole("button", { name: "Copy KYC link" }).click();
  await expect(page.getByText("Copied the KYC link")).toBeVisible();
  const url = await link.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The link is a live hosted page.
  const hosted = await request.get(url);
  expect(hosted.status()).toBe(200);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
});
