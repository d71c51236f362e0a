import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** The form's selects are native: pick the option by its visible label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).selectOption({ label: option });
}

test("an admin creates a business with a US bank account, checked by that format's rules", async ({
  page,
}) => {
  const platformCustomerId = `acme-${randomUUID().slice(0, 8)}`;
  await signInPage(page, "admin");
  await page.goto("/customers/new");

  await page.getByRole("radio", { name: /Business/ }).check();
  // Personal fields give way to the business's own.
  await expect(page.getByLabel("Full legal name")).toHaveCount(0);
  await expect(page.getByLabel("Legal name")).toBeVisible();

  await page.getByLabel("Platform customer id").fill(platformCustomerId);
  await page.getByLabel("Legal name").fill("Acme Trading (US) LLC");
  await page.getByLabel("Registration number").fill("DE-7781234");
  await page.getByLabel("Tax ID").fill("12-3456789");
  await page.getByLabel("Street address").fill("500 Market Street");
  await page.getByLabel("City").fill("San Francisco");
  await page.getByLabel("State or region").fill("CA");
  await page.getByLabel("Postal code").fill("94105");
  await choose(page, "Country", "United States");

  await choose(page, "Account type", "US bank account");
  await expect(page.getByText("Holds USD. Needs the account and ABA routing numbers.")).toBeVisible();
  await page.getByLabel("Bank name").fill("Chase");
  await choose(page, "Account category", "Checking");
  await page.getByLabel("Account number").fill("12");
  await page.getByLabel("Routing number").fill("123456789");
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByText("A US account number is 4 to 17 digits")).toBeVisible();
  await expect(page.getByText("This routing number fails the ABA checksum")).toBeVisible();
  await shot(page, "customer-new-business-bank-errors");

  await page.getByLabel("Account number").fill("000123456789");
  await page.getByLabel("Routing number").fill("021000021");
  await page.getByRole("button", { name: "Create customer" }).click();

  await expect(page.getByRole("heading", { name: "Acme Trading (US) LLC", level: 1 })).toBeVisible();
  await expect(page.getByText("Business", { exact: true }).first()).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByText("DE-7781234")).toBeVisible();
  await expect(details.getByText("San Francisco, CA, 94105")).toBeVisible();
  const bankAccounts = page.getByRole("list", { name: "Bank accounts of Acme Trading (US) LLC" });
  await expect(bankAccounts.getByText("Chase · US account •••• 6789")).toBeVisible();
  await expect(bankAccounts.getByText("active")).toBeVisible();
  await shot(page, "customer-detail-business");

  // The service holds what the form sent, nothing more.
  const listed = await serviceApi(`/customers?platformCustomerId=${platformCustomerId}`);
  const body = (await listed.json()) as { data: { id: string; businessInfo: unknown; fullName?: string }[] };
  expect(body.data).toHaveLength(1);
  expect(body.data[0]?.businessInfo).toEqual({
    legalName: "Acme Trading (US) LLC",
    registrationNumber: "DE-7781234",
    taxId: "12-3456789",
  });
  const external = await serviceApi(
    `/customers/external-accounts?customerId=${encodeURIComponent(body.data[0]?.id ?? "")}`,
  );
  const accounts = (await external.json()) as {
    data: { currency: string; accountInfo: Record<string, string> }[];
  };
  expect(accounts.data[0]?.currency).toBe("USD");
  expect(accounts.data[0]?.accountInfo).toMatchObject({
    accountType: "US_ACCOUNT",
    accountNumber: "000123456789",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
    bankName: "Chase",
  });
});

test("the bank account section shows each format's own fields and rules", async ({ page }) => {
  await signInPage(page, "admin");
  await page.goto("/customers/new");
  await page.getByRole("radio", { name: /Business/ }).check();
  await choose(page, "Account type", "CLABE (Mexico)");
  await expect(page.getByLabel("Routing number")).toHaveCount(0);
  await page.getByLabel("CLABE").fill("032180000118359710");
  await page.getByLabel("CLABE").blur();
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByText("The CLABE control digit (the last one) is wrong; expected 9")).toBeVisible();

  await choose(page, "Account type", "IBAN");
  await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
  await page.getByLabel("SWIFT/BIC").fill("COBADEFF");
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByText("The IBAN's check digits are wrong (mod-97 check failed)")).toBeVisible();

  await choose(page, "Account type", "PIX (Brazil)");
  await choose(page, "PIX key type", "CPF (individual tax id)");
  await expect(page.getByText("11 digits, without dots or dashes")).toBeVisible();
  await shot(page, "customer-new-pix");
});

test("a business's beneficial owners, given through the API, show on its page", async ({ page }) => {
  const created = await serviceApi("/customers", {
    method: "POST",
    json: {
      platformCustomerId: `owners-${Date.now()}`,
      customerType: "BUSINESS",
      businessInfo: { legalName: "Propietarios Unidos SA" },
      beneficialOwners: [
        { fullName: "Lucía Dueña", individualType: "BENEFICIAL_OWNER", percentageOwnership: 75 },
        { fullName: "Tomás Oficial", individualType: "OFFICER" },
      ],
    },
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await signInPage(page, "viewer");
  await page.goto(`/customers/${encodeURIComponent(id)}`);
  const owners = page.getByRole("list", { name: "Beneficial owners and officers" });
  await expect(owners.getByRole("listitem")).toHaveCount(2);
  await expect(owners.getByRole("listitem").first()).toHaveText("Lucía Dueña Beneficial owner, 75%");
  await expect(owners.getByRole("listitem").last()).toHaveText("Tomás Oficial Officer");
});
