import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { LISTED_SANDBOX_PERSON } from "../shared/contract/sandbox-senders";
import { serviceApi } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

const COLUMNS = [
  "platformCustomerId",
  "customerType",
  "umaAddress",
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
  "clabeNumber",
];

function csvOf(rows: Record<string, string>[]): string {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${[COLUMNS.join(","), ...rows.map((row) => COLUMNS.map((column) => cell(row[column] ?? "")).join(","))].join("\n")}\n`;
}

test("an admin imports a CSV with good and bad rows, checked before upload and followed live", async ({
  page,
}) => {
  const run = randomUUID().slice(0, 8);
  const business = {
    customerType: "BUSINESS",
    addressLine1: "500 Market Street",
    city: "San Francisco",
    state: "CA",
    postalCode: "94105",
    country: "US",
    accountType: "US_ACCOUNT",
    accountNumber: "000123456789",
    bankName: "Chase",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
  };
  const csv = csvOf([
    { ...business, platformCustomerId: `imp-${run}-a`, businessLegalName: "Alpha Widgets, Inc." },
    {
      ...business,
      platformCustomerId: `imp-${run}-b`,
      businessLegalName: "Beta Comercial SA de CV",
      country: "MX",
      state: "CDMX",
      postalCode: "06600",
      city: "Ciudad de México",
      accountType: "CLABE",
      accountNumber: "0118359719",
      bankName: "BBVA México",
      routingNumber: "",
      accountCategory: "",
      clabeNumber: "032180000118359719",
    },
    {
      ...business,
      platformCustomerId: `imp-${run}-c`,
      businessLegalName: "Gamma LLC",
      routingNumber: "123456789",
    },
    // An individual banking in USD, whose provider needs no nationality; its UMA address from the umaAddress column.
    // A person on the UN list, so screening the imported customers raises an alert.
    {
      ...business,
      platformCustomerId: `imp-${run}-d`,
      customerType: "INDIVIDUAL",
      umaAddress: `$dana-${run}@demo.uma.localhost`,
      fullName: LISTED_SANDBOX_PERSON.FULL_NAME,
      birthDate: LISTED_SANDBOX_PERSON.BIRTH_DATE,
      nationality: LISTED_SANDBOX_PERSON.NATIONALITY,
    },
    // An individual banking in MXN (CLABE) without the nationality MXN's provider requires.
    {
      ...business,
      platformCustomerId: `imp-${run}-e`,
      customerType: "INDIVIDUAL",
      fullName: "Fox Mulder",
      birthDate: "1961-10-13",
      accountType: "CLABE",
      accountNumber: "0118359719",
      bankName: "BBVA México",
      routingNumber: "",
      accountCategory: "",
      clabeNumber: "032180000118359719",
    },
    // The first row's id again: the payment API lets customers share a platform customer id, so the service
    // imports it as a second customer, and the preview says so rather than calling it plain valid.
    { ...business, platformCustomerId: `imp-${run}-a`, businessLegalName: "Alpha Widgets Second Entity" },
  ]);

  await signInPage(page, "admin");
  await page.goto("/customers");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import customers", level: 1 })).toBeVisible();

  const templateDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download template" }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe("customers-template.csv");
  const templateText = await readFile(await template.path(), "utf8");
  expect(templateText.split("\r\n")[0]).toMatch(/^platformCustomerId,customerType,umaAddress,fullName,/);

  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const preview = page.getByRole("table", { name: "Preview of the first rows" });
  await expect(preview.getByRole("row")).toHaveCount(7);
  await expect(
    page.getByText(
      "Checked the first 6 rows: 4 valid (1 repeating an earlier row's platform customer id), 2 will be refused.",
      { exact: false },
    ),
  ).toBeVisible();
  const repeat = preview.getByRole("row").filter({ hasText: "Alpha Widgets Second Entity" });
  await expect(repeat).toContainText("Repeats row 1's id");
  await expect(repeat).not.toContainText("Valid");
  await expect(page.getByRole("list", { name: "Rows that would make second customers" })).toContainText(
    `Rows 1 and 6 both give the platform customer id imp-${run}-a: each would be a customer of its own.`,
  );
  await expect(preview.getByRole("row", { name: new RegExp(`imp-${run}-c`) })).toContainText(
    "routingNumber: This routing number fails the ABA checksum",
  );
  // A currency's required fields apply to the customers who bank in it.
  await expect(preview.getByRole("row", { name: new RegExp(`imp-${run}-e`) })).toContainText(
    "Required for MXN (NATIONALITY)",
  );
  await shot(page, "import-preview");

  await page.getByRole("button", { name: "Upload and import" }).click();
  await expect(page).toHaveURL(/job=Job%3A|job=Job:/);
  await expect(page.getByRole("heading", { name: /Import job/ })).toBeVisible();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible({ timeout: 30_000 });
  const stats = page.getByRole("definition");
  await expect(stats.nth(0)).toHaveText("6");
  await expect(stats.nth(2)).toHaveText("4");
  await expect(stats.nth(3)).toHaveText("2");
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute(
    "aria-valuenow",
    "6",
  );

  const errors = page.getByRole("table", { name: "Rows that were not imported" });
  await expect(errors.getByRole("row")).toHaveCount(3);
  await expect(errors.getByRole("row", { name: new RegExp(`imp-${run}-c`) })).toContainText(
    "validation_error",
  );
  await expect(errors.getByRole("row", { name: new RegExp(`imp-${run}-e`) })).toContainText("NATIONALITY");
  await shot(page, "import-job");

  // The failed rows as a file to fix and import again: the chosen file's header and each failed row's own cells,
  // with its error last.
  const failedDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download failed rows (CSV)" }).click();
  const failedFile = await readFile(await (await failedDownload).path(), "utf8");
  const failedLines = failedFile.trim().split("\r\n");
  expect(failedLines[0]).toBe(`${COLUMNS.join(",")},error`);
  expect(failedLines).toHaveLength(3);
  expect(failedLines[1]).toBe(
    `${
      csvOf([
        {
          ...business,
          platformCustomerId: `imp-${run}-c`,
          businessLegalName: "Gamma LLC",
          routingNumber: "123456789",
        },
      ])
        .trim()
        .split("\n")[1]
    },routingNumber: This routing number fails the ABA checksum`,
  );
  expect(failedLines[2]).toMatch(
    new RegExp(`^imp-${run}-e,INDIVIDUAL,,Fox Mulder,1961-10-13,.*,032180000118359719,.*NATIONALITY`),
  );

  // The good rows are customers now, with their bank accounts; the repeated id is a second customer, as predicted.
  const imported = await serviceApi(`/customers?platformCustomerId=imp-${run}-a`);
  expect(((await imported.json()) as { data: unknown[] }).data).toHaveLength(2);
  const individual = await serviceApi(`/customers?platformCustomerId=imp-${run}-d`);
  const [listed] = ((await individual.json()) as { data: { id: string; umaAddress: string }[] }).data;
  expect(listed).toEqual(expect.objectContaining({ umaAddress: `$dana-${run}@demo.uma.localhost` }));

  // The imported customers are screened once the job has ended: the listed one is an open alert.
  const screenings = async () => {
    const response = await page.request.get(
      `/api/screening/results?customer=${encodeURIComponent(listed?.id ?? "")}`,
    );
    return ((await response.json()) as { data: { status: string }[] }).data.map((record) => record.status);
  };
  await expect.poll(screenings, { timeout: 20_000 }).toEqual(["open"]);
  await page.goto("/screening");
  await expect(
    page
      .getByRole("table", { name: "Open screening alerts" })
      .getByRole("row")
      .filter({ hasText: listed?.id ?? "no id" }),
  ).toContainText(LISTED_SANDBOX_PERSON.FULL_NAME);
  await page.goBack();

  // Reloading keeps following the same job; the page no longer holds the file, so the download lists the errors.
  await page.reload();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  const errorsDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download errors (CSV)" }).click();
  const errorsFile = await readFile(await (await errorsDownload).path(), "utf8");
  const lines = errorsFile.trim().split("\r\n");
  expect(lines[0]).toBe("correlationId,platformCustomerId,code,message,fields");
  expect(lines).toHaveLength(3);
  expect(errorsFile).toContain(`imp-${run}-c,imp-${run}-c,validation_error`);
  await page.getByRole("button", { name: "Import another file" }).click();
  await expect(page.getByLabel("CSV file", { exact: true })).toBeAttached();

  // The same file chosen again (as the job's advice once invited): the preview says which rows would be second
  // customers, before anything is uploaded.
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const twice = page.getByRole("list", { name: "Rows that would make second customers" });
  await expect(twice).toContainText(
    `4 of 6 rows give platform customer ids customers already have: imp-${run}-a, imp-${run}-b and imp-${run}-d.`,
  );
  await expect(twice).toContainText("take those rows out of the file first");
  await shot(page, "import-preview-already-imported");
});

test("every row's platform customer id is checked against the existing customers, not only the rows shown", async ({
  page,
}) => {
  const run = randomUUID().slice(0, 8);
  // A customer the database already has (seeded or left by an earlier spec): its id, given on row 23, past the
  // preview's first 20 rows. Nothing is uploaded.
  const existing = await serviceApi("/customers?limit=1");
  const [customer] = ((await existing.json()) as { data: { platformCustomerId: string }[] }).data;
  const takenId = customer?.platformCustomerId ?? "";
  expect(takenId).not.toBe("");
  const rows = Array.from({ length: 25 }, (_, index) => ({
    platformCustomerId: index === 22 ? takenId : `many-${run}-${index + 1}`,
    customerType: "BUSINESS",
    businessLegalName: `Many Rows ${run} ${index + 1}`,
    addressLine1: "500 Market Street",
    city: "San Francisco",
    state: "CA",
    postalCode: "94105",
    country: "US",
    accountType: "US_ACCOUNT",
    accountNumber: "000123456789",
    bankName: "Chase",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
  }));

  await signInPage(page, "admin");
  await page.goto("/customers/import");
  await waitForHydration(page);
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "many.csv", mimeType: "text/csv", buffer: Buffer.from(csvOf(rows)) });
  await expect(page.getByRole("table", { name: "Preview of the first rows" }).getByRole("row")).toHaveCount(
    21,
  );
  const twice = page.getByRole("list", { name: "Rows that would make second customers" });
  await expect(twice).toHaveText(
    `1 of 25 rows gives the platform customer id ${takenId}, which customers already have. Importing it again makes a second customer with each: take those rows out of the file first.`,
  );
  await expect(page.getByRole("status").filter({ hasText: "Checking every row" })).toHaveCount(0);
  await shot(page, "import-preview-every-row-checked");
});

test("a file that is not readable CSV, or has no valid row, cannot be uploaded", async ({ page }) => {
  await signInPage(page, "admin");
  await page.goto("/customers/import");
  // A file chosen before the page hydrates has no handler to read it (CI lost one that way).
  await waitForHydration(page);
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "broken.csv",
    mimeType: "text/csv",
    buffer: Buffer.from('platformCustomerId,customerType\n"never closed,BUSINESS\n'),
  });
  await expect(page.getByText("Line 2: a quoted cell is never closed")).toBeVisible();
  await expect(page.getByRole("button", { name: /Upload and import/ })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  // Another separator (Excel in much of Europe saves with semicolons) is said as such, and imports nothing.
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "semicolons.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("platformCustomerId;customerType;fullName\ncsv-semi-1;INDIVIDUAL;Ana Punto\n"),
  });
  await expect(
    page.getByText(
      'The file\'s columns are separated by semicolons, not commas: save it as "CSV UTF-8 (Comma delimited)" and choose it again.',
    ),
  ).toBeVisible();
  const upload = page.getByRole("button", { name: /Upload and import/ });
  await expect(upload).toHaveAttribute("aria-disabled", "true");
  // A file in Windows' encoding (Excel's plain "CSV") is refused before anything is read into a customer: its
  // accented letters would be imported as "�".
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "windows.csv",
    mimeType: "text/csv",
    buffer: Buffer.concat([
      Buffer.from("platformCustomerId,customerType,fullName\ncsv-latin1-1,INDIVIDUAL,"),
      Buffer.from("Jos\xe9 M\xe1laga\n", "latin1"),
    ]),
  });
  await expect(page.getByText(/windows\.csv is not UTF-8 text/)).toBeVisible();
  await expect(upload).toHaveCount(0);
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  await expect(page.getByText("notes.txt is not a CSV file.", { exact: false })).toBeVisible();
});
