import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// UN entry KPi.019, used by no other spec: his alert is this spec's alone.
const LISTED = { fullName: "Kang Mun Kil", birthDate: "1963-02-09", nationality: "KP" };

test("a listed person the platform's own systems create straight at the API is screened by the console within a minute, and joins the open alerts", async ({
  page,
}) => {
  test.setTimeout(150_000);
  // An officer has the Screening page open while the platform's backend adds the customer.
  await signInPage(page, "compliance");
  await page.goto("/screening");
  await expect(page.getByRole("region", { name: "Open alerts" })).toBeVisible();
  const table = page.getByRole("table", { name: "Open screening alerts" });

  const response = await serviceApi("/customers", {
    method: "POST",
    json: {
      platformCustomerId: `e2e-backend-${randomUUID().slice(0, 8)}`,
      customerType: "INDIVIDUAL",
      ...LISTED,
      address: { line1: "Sosong Street 1", city: "Pyongyang", postalCode: "00000", country: "KP" },
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const customer = (await response.json()) as { id: string };

  // The console sweeps the API's customers every minute and announces what it screened: the alert appears on the
  // open page without a reload.
  const row = table.getByRole("row").filter({ hasText: customer.id });
  await expect(row).toBeVisible({ timeout: 100_000 });
  // The navigation says from any page how many alerts are open: as many as the queue holds.
  const screeningLink = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Screening [\d,]+ open alerts?$/ });
  // (Read again until both are of one moment: the sweep may raise another test's alert between the two reads.)
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible();
    const said = (await screeningLink.textContent({ timeout: 5_000 })) ?? "";
    expect(Number(said.match(/([\d,]+) open alert/)?.[1]?.replace(/,/g, ""))).toBe(
      (await table.getByRole("row").count()) - 1,
    );
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText("Kang Mun Kil");
  await expect(row).toContainText("Customer");
  await row.getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByRole("heading", { name: "Kang Mun Kil", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Screening" })).toContainText(/potential match/i);
  await shot(page, "customer-created-at-the-api-screened");
});

test("a role that does not read screening sees no count of its alerts", async ({ page }) => {
  await signInPage(page, "viewer");
  await page.goto("/customers");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: /^Approvals/ })).toBeVisible();
  await expect(nav.getByText(/open alert/)).toHaveCount(0);
  const refused = await page.request.get("/api/screening/alerts/summary");
  expect(refused.status()).toBe(403);
});
