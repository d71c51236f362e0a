import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { openFromMainNavigation, reopenAddress } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** The form's selects are native: pick the option by its visible label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).selectOption({ label: option });
}

test("an admin creates an individual customer, seeing which currencies it is ready to transact in", async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const platformCustomerId = `ana-${suffix}`;
  // Another customer already holds this address; the form must say so while it is typed, and the server's 409
  // must land on the field.
  const taken = `$taken-${suffix}@demo.uma.localhost`;
  const holder = await serviceApi("/customers", {
    method: "POST",
    json: {
      platformCustomerId: `holder-${suffix}`,
      customerType: "BUSINESS",
      umaAddress: taken,
      businessInfo: { legalName: "Holder Inc" },
      address: { line1: "1 Main St", city: "Austin", postalCode: "73301", country: "US" },
    },
  });
  expect(holder.status).toBe(201);

  await signInPage(page, "admin");
  await openFromMainNavigation(page, "Customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "New customer" }).click();
  await expect(page.getByRole("heading", { name: "New customer", level: 1 })).toBeVisible();

  // Only the platform's id is required to create a customer (spec rule 1). What each currency's provider needs
  // before money moves in it is shown as readiness, live, without blocking the form.
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByLabel("Platform customer id")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Street address")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^Required for /)).toHaveCount(0);
  const readiness = page.getByRole("region", { name: "Ready to transact" });
  await expect(readiness.getByRole("listitem").filter({ hasText: "USD" })).toContainText(
    "Needs full name, date of birth, address",
  );
  await expect(readiness.getByRole("listitem").filter({ hasText: "MXN" })).toContainText("nationality");
  await shot(page, "customer-new-required");

  await page.getByLabel("Platform customer id").fill(platformCustomerId);
  const uma = page.getByLabel("UMA address");
  await uma.fill("$ana");
  await expect(page.getByText("Add @demo.uma.localhost after the username")).toBeVisible();
  await uma.fill("$ana@elsewhere.com");
  await expect(
    page.getByText("The domain must be the platform's UMA domain, demo.uma.localhost"),
  ).toBeVisible();
  await uma.fill(taken);
  await expect(page.getByText(`Already used by Holder Inc (holder-${suffix})`)).toBeVisible();

  await page.getByLabel("Full legal name").fill("Ana María López");
  // A date of birth the form refuses is not counted as given.
  await page.getByLabel("Date of birth").fill("2999-01-01");
  await page.getByLabel("Date of birth").press("Tab");
  await expect(page.getByText("Birth date cannot be in the future")).toBeVisible();
  await expect(readiness.getByRole("listitem").filter({ hasText: "USD" })).toContainText(
    "Needs date of birth, address",
  );
  await page.getByLabel("Date of birth").fill("1990-04-02");
  await choose(page, "Nationality", "Mexico");
  await page.getByLabel("Street address").fill("Av. Paseo de la Reforma 222");
  await page.getByLabel("City").fill("Ciudad de México");
  await page.getByLabel("Postal code").fill("06600");
  await choose(page, "Country", "Mexico");

  for (const currency of ["USD", "EUR", "MXN"]) {
    await expect(readiness.getByRole("listitem").filter({ hasText: currency })).toContainText("Ready");
  }
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(uma).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Already in use")).toBeVisible();
  await shot(page, "customer-new-server-error");

  // Left empty, the service generates an address on the platform's domain.
  await uma.fill("");
  await expect(page.getByText("Leave empty and one is generated on demo.uma.localhost.")).toBeVisible();
  await page.getByRole("button", { name: "Create customer" }).click();

  await expect(page.getByRole("heading", { name: "Ana María López", level: 1 })).toBeVisible();
  await expect(page.getByText("Created Ana María López")).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByText(platformCustomerId, { exact: true })).toBeVisible();
  await expect(
    details.getByText(new RegExp(`^\\$ana-${suffix}-[0-9a-f]+@demo\\.uma\\.localhost$`)),
  ).toBeVisible();
  await expect(details.getByText("Mexico (MX)")).toBeVisible();
  await expect(page.getByText("Approved").first()).toBeVisible();
  const balances = page.getByRole("table", { name: "Balances" });
  await expect(balances.getByRole("row")).toHaveCount(4);
  await expect(balances.getByRole("row", { name: /USD/ })).toContainText("$0.00");
  await shot(page, "customer-detail");

  // The list finds it by the filter kept in the URL.
  await page.goto(`/customers?platformCustomerId=${platformCustomerId}`);
  await expect(page.getByLabel("Platform customer id")).toHaveValue(platformCustomerId);
  const rows = page.getByRole("table", { name: "Customers" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Ana María López");
  await expect(rows.nth(1)).toContainText("Individual");
  await expect(page.getByText("Showing 1 customer", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Open customer Ana María López" }).click();
  await expect(page.getByRole("heading", { name: "Ana María López", level: 1 })).toBeVisible();
});

test("the customer list filters, pages with a cursor and keeps both in the URL", async ({ page }) => {
  // Customers may share a platformCustomerId (spec rule 3), so 21 of them make exactly two pages of one filter.
  const shared = `paged-${randomUUID().slice(0, 8)}`;
  for (let batch = 0; batch < 3; batch++) {
    await Promise.all(
      Array.from({ length: 7 }, async (_, index) => {
        const response = await serviceApi("/customers", {
          method: "POST",
          json: {
            platformCustomerId: shared,
            customerType: "BUSINESS",
            businessInfo: { legalName: `Paged Business ${batch * 7 + index + 1}` },
            address: { line1: "1 Main St", city: "Austin", postalCode: "73301", country: "US" },
          },
        });
        expect(response.status).toBe(201);
      }),
    );
  }

  await signInPage(page, "admin");
  await page.goto(`/customers?platformCustomerId=${shared}&customerType=BUSINESS`);
  await expect(page.getByRole("combobox", { name: "Type" })).toHaveValue("BUSINESS");
  const rows = page.getByRole("table", { name: "Customers" }).getByRole("row");
  await expect(rows).toHaveCount(21);
  await expect(page.getByText("Showing 20 of 21 customers")).toBeVisible();
  await shot(page, "customers-list");

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("Showing 1 of 21 customers")).toBeVisible();
  await expect(page.getByText("Page 2")).toBeVisible();
  // The page is a URL: reloading keeps it.
  await reopenAddress(page, /cursor=/);
  await expect(rows).toHaveCount(2);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(rows).toHaveCount(21);

  await page.getByRole("combobox", { name: "Type" }).selectOption({ label: "Individual" });
  await expect(page).toHaveURL(/customerType=INDIVIDUAL/);
  await expect(page.getByText("No customers match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).not.toHaveURL(/customerType/);

  await page.getByLabel("Created from").fill("2999-01-01");
  await page.getByLabel("Created from").blur();
  await expect(page).toHaveURL(/createdAfter=2999-01-01/);
  await expect(page.getByText("No customers match these filters")).toBeVisible();

  await page.getByLabel("UMA address").fill("not-an-address");
  await page.getByLabel("UMA address").press("Enter");
  await expect(page.getByText("The UMA address filter is not valid")).toBeVisible();
  await expect(page.getByText("A UMA address starts with $, like $alice@example.com")).toBeVisible();
});

test("a new customer's platform id already in use is named with its customer before a second one is made", async ({
  page,
}) => {
  await signInPage(page, "admin");
  await page.goto("/customers/new");
  const id = page.getByLabel("Platform customer id");
  // The demo's James Carter is user-1002.
  await id.fill("user-1002");
  const holder = page.getByRole("link", { name: "James Carter" });
  await expect(holder).toBeVisible();
  await expect(holder).toHaveAttribute("href", /^\/customers\/Customer%3A/);
  await expect(id).toHaveAccessibleDescription(
    "Already the id of James Carter. Use it again only for the same customer, with another UMA address; otherwise choose another id.",
  );
  // Not an error: the API lets one person have several UMA addresses.
  await expect(id).not.toHaveAttribute("aria-invalid", "true");
  await shot(page, "customer-new-platform-id-in-use", { fullPage: false });
  await id.fill(`nobody-${randomUUID().slice(0, 8)}`);
  await expect(holder).toHaveCount(0);
  await expect(id).toHaveAccessibleDescription(
    "Your own id for this customer. Several customers may share one if their UMA addresses differ.",
  );
});
