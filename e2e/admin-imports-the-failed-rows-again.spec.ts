import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

const COLUMNS = [
  "platformCustomerId",
  "customerType",
  "fullName",
  "birthDate",
  "nationality",
  "businessLegalName",
  "addressLine1",
  "city",
  "state",
  "postalCode",
  "country",
  "accountType",
  "accountNumber",
  "bankName",
  "routingNumber",
  "accountCategory",
  "pixKey",
  "pixKeyType",
];

const csvOf = (rows: Record<string, string>[]): string =>
  `${[COLUMNS.join(","), ...rows.map((row) => COLUMNS.map((column) => row[column] ?? "").join(","))].join("\n")}\n`;

async function importFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(text),
  });
}

async function uploadAndWait(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Upload and import" }).click();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible({ timeout: 30_000 });
}

test("the failed rows, fixed, import again as the download gave them: its error column and apostrophes left out", async ({
  page,
}) => {
  const run = randomUUID().slice(0, 8);
  const bank = { addressLine1: "500 Market Street", city: "San Francisco", state: "CA", postalCode: "94105" };
  const pixKey = "+5511999990000";
  const csv = csvOf([
    // One good row: a file with none cannot be uploaded.
    {
      ...bank,
      platformCustomerId: `again-${run}-ok`,
      customerType: "BUSINESS",
      businessLegalName: "Okay Widgets Inc",
      country: "US",
      accountType: "US_ACCOUNT",
      accountNumber: "000123456780",
      bankName: "Chase",
      routingNumber: "021000021",
      accountCategory: "CHECKING",
    },
    {
      ...bank,
      platformCustomerId: `again-${run}-a`,
      customerType: "BUSINESS",
      businessLegalName: "Alpha Widgets Inc",
      country: "US",
      accountType: "US_ACCOUNT",
      accountNumber: "000123456789",
      bankName: "Chase",
      routingNumber: "123456789",
      accountCategory: "CHECKING",
    },
    // A phone PIX key begins with +, which the download defuses for spreadsheets with an apostrophe.
    {
      platformCustomerId: `again-${run}-b`,
      customerType: "INDIVIDUAL",
      fullName: "Ana Souza",
      birthDate: "1990-13-01",
      nationality: "BR",
      addressLine1: "Rua Augusta 1",
      city: "Sao Paulo",
      state: "SP",
      postalCode: "01305-000",
      country: "BR",
      accountType: "PIX",
      accountNumber: "12345678",
      bankName: "Banco do Brasil",
      pixKey,
      pixKeyType: "PHONE",
    },
  ]);

  await signInPage(page, "admin");
  await page.goto("/customers/import");
  await importFile(page, "customers.csv", csv);
  await uploadAndWait(page);
  await expect(page.getByRole("table", { name: "Rows that were not imported" }).getByRole("row")).toHaveCount(
    3,
  );

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download failed rows (CSV)" }).click();
  const failed = await readFile(await (await download).path(), "utf8");
  expect(failed.split("\r\n")[0]).toBe(`${COLUMNS.join(",")},error`);
  expect(failed).toContain(`'${pixKey}`);

  // Fixed as a person fixes it in a sheet: the two bad cells, the error column and the apostrophes left as they are.
  const fixed = failed.replace(",123456789,", ",021000021,").replace("1990-13-01", "1990-01-13");
  await page.getByRole("button", { name: "Import another file" }).click();
  await importFile(page, "customers-failed-rows.csv", fixed);
  await expect(page.getByText("This is a failed-rows file.")).toBeVisible();
  await expect(page.getByText("Checked the first 2 rows: 2 valid, 0 will be refused.")).toBeVisible();
  const preview = page.getByRole("table", { name: "Preview of the first rows" });
  // Its phone PIX key is checked as +55…, not '+55…, which the API would refuse.
  await expect(preview.getByRole("row", { name: new RegExp(`again-${run}-b`) })).toContainText("Valid");
  await shot(page, "import-failed-rows-again");

  await uploadAndWait(page);
  const stats = page.getByRole("definition");
  await expect(stats.nth(0)).toHaveText("2");
  await expect(stats.nth(2)).toHaveText("2");
  await expect(stats.nth(3)).toHaveText("0");
  const listed = await serviceApi(`/customers?platformCustomerId=again-${run}-b`);
  const customers = ((await listed.json()) as { data: { id: string; birthDate?: string }[] }).data;
  expect(customers.map((customer) => customer.birthDate)).toEqual(["1990-01-13"]);
  const external = await serviceApi(
    `/customers/external-accounts?customerId=${encodeURIComponent(customers[0]?.id ?? "")}`,
  );
  const accounts = ((await external.json()) as { data: { accountInfo: Record<string, string> }[] }).data;
  expect(accounts.map((account) => account.accountInfo)).toEqual([
    expect.objectContaining({ pixKey, pixKeyType: "PHONE" }),
  ]);
});
