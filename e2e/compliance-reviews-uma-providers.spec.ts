import { expect, test } from "@playwright/test";
import { openFromMainNavigation, reopenAddress } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("compliance sees which UMA providers the platform can pay and which are blocked, by country and currency", async ({
  page,
}) => {
  await signInPage(page, "compliance");
  await openFromMainNavigation(page, "UMA providers");
  await expect(page.getByRole("heading", { name: "UMA providers", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "UMA providers" });
  const blocked = table.getByRole("row", { name: /Blocked Exchange/ });
  await expect(blocked).toContainText("Blocked");
  await expect(blocked).toContainText("blocked-exchange.example");
  await expect(table.getByRole("row", { name: /Sandbox UMA/ })).toContainText("Allowed");
  await shot(page, "uma-providers");

  // Only the ones the platform may pay, kept in the address so the view can be shared.
  await expect(async () => {
    await page.getByRole("switch", { name: "Allowed only" }).click();
    await expect(page).toHaveURL(/allowedOnly=true/, { timeout: 1_000 });
  }).toPass();
  await expect(table.getByRole("row", { name: /Blocked Exchange/ })).toHaveCount(0);
  await expect(table.getByRole("row", { name: /Sandbox UMA/ })).toBeVisible();

  await page.getByRole("combobox", { name: "Currency" }).selectOption("INR");
  await expect(table.getByRole("row", { name: /Udaharan Payments/ })).toContainText("India");
  await expect(table.getByRole("row", { name: /Sandbox UMA/ })).toHaveCount(0);

  await page.getByRole("combobox", { name: "Currency" }).selectOption({ label: "Any currency" });
  await page.getByRole("combobox", { name: "Country" }).selectOption({ label: "Mexico" });
  await expect(table.getByRole("row", { name: /Banco Ejemplo/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Beispiel Bank/ })).toHaveCount(0);
  // The address is written a moment after the table narrows: reload once it holds the country.
  await reopenAddress(page, /countryCode=MX/);
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("MX");
  await expect(table.getByRole("row", { name: /Banco Ejemplo/ })).toBeVisible();
});
