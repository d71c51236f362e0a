import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { expect, type Page, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

const run = promisify(execFile);

// What the sandbox's USD senders share (service/domain/incoming-payments.ts).
const SENDER_NAME = "Alex Sandbox Rivera";
const REASON = `${SENDER_NAME} matches the adverse media file of case 8841`;
const WITHHELD = "Reason withheld: it is about the sender, whose details your role sees masked.";

test.afterAll(async () => {
  // Back to the default, for every other spec.
  await withConsoleDatabase((client) =>
    client.query("delete from console_settings where key = 'personal-data-visibility'"),
  );
});

/** `npm run audit:verify -- --csv|--evidence <file>`, as an auditor runs it; its exit code and what it printed. */
async function verify(flag: "--csv" | "--evidence", file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [
      "--import",
      "tsx",
      "--import",
      "./scripts/lib/server-only-condition.mjs",
      "scripts/audit-verify.ts",
      flag,
      file,
    ]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The audit log's CSV of one payment's rows, downloaded from the audit page as the person signed in. */
async function downloadAuditCsv(page: Page, paymentId: string, file: string): Promise<string> {
  await page.goto(`/audit?target=${encodeURIComponent(paymentId)}`);
  await waitForHydration(page);
  await expect(page.getByRole("row").filter({ hasText: "payment.reject" })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV of every entry these filters match" }).click();
  await (await downloading).saveAs(file);
  return readFile(file, "utf8");
}

/** The payment's evidence file, downloaded from its page as the person signed in. */
async function downloadEvidence(page: Page, paymentId: string, file: string): Promise<string> {
  await page.goto(`/transactions/${encodeURIComponent(paymentId)}`);
  await waitForHydration(page);
  const downloading = page.waitForEvent("download");
  await page
    .getByRole("region", { name: "Evidence for auditors" })
    .getByRole("link", { name: "Download evidence" })
    .click();
  await (await downloading).saveAs(file);
  return readFile(file, "utf8");
}

test("names an admin masks from compliance stay masked in the audit log's export and the evidence file, which still verify", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const customer = await createIndividualCustomer("Copia Enmascarada");
  const payment = await receiveSandboxPayment(customer.id, 4_100);

  // A compliance officer rejects the payment with a reason that names the sender (compliance sees names by default).
  await signInPage(page, "compliance");
  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: REASON }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(rejected.status()).toBe(200);

  // An admin masks senders' names from compliance on the Team page.
  await switchUser(page, "admin");
  await page.goto("/team");
  await waitForHydration(page);
  const settings = page.getByRole("region", { name: "Who sees a sender's personal data" });
  const names = settings.getByRole("checkbox", { name: "Names unmasked for Compliance" });
  await expect(names).toBeChecked();
  await names.click();
  await settings.getByRole("button", { name: "Save personal data settings" }).click();
  await expect(page.getByText("Personal data settings saved")).toBeVisible();

  // Compliance's copies of the log withhold the reason, as the log's own view does.
  await switchUser(page, "compliance");
  // Each console keeps the setting for up to two seconds: the view withholds it once the setting holds.
  await expect
    .poll(
      async () => (await page.request.get(`/api/audit?target=${encodeURIComponent(payment.id)}`)).text(),
      {
        timeout: 20_000,
      },
    )
    .toContain(WITHHELD);
  const csvFile = testInfo.outputPath("audit-compliance.csv");
  const csv = await downloadAuditCsv(page, payment.id, csvFile);
  expect(csv).not.toContain(SENDER_NAME);
  expect(csv).not.toContain("case 8841");
  const rejectLines = csv.split("\r\n").filter((line) => line.includes(",payment.reject,"));
  expect(rejectLines).toHaveLength(2);
  for (const line of rejectLines) {
    expect(line).toContain(WITHHELD);
    // The row's own hash and previous hash are kept, and the row marked as withheld.
    expect(line).toMatch(/,[0-9a-f]{64},[0-9a-f]{64},details\.reason$/);
  }
  const csvCheck = await verify("--csv", csvFile);
  expect(csvCheck.code, csvCheck.output).toBe(0);
  expect(csvCheck.output).toContain("2 of");
  expect(csvCheck.output).toContain("not verifiable by this role");
  expect(csvCheck.output).not.toContain("NOT intact");

  const evidenceFile = testInfo.outputPath("evidence-compliance.json");
  const evidenceText = await downloadEvidence(page, payment.id, evidenceFile);
  expect(evidenceText).not.toContain(SENDER_NAME);
  expect(evidenceText).not.toContain("case 8841");
  const evidence = JSON.parse(evidenceText) as {
    auditRows: { action: string; summary: string; withheld?: string[]; hash: string; prevHash: string }[];
    personalData: { note: string };
  };
  const rejectRows = evidence.auditRows.filter((row) => row.action === "payment.reject");
  expect(rejectRows).toHaveLength(2);
  for (const row of rejectRows) {
    expect(row.withheld).toEqual(["summary.reason"]);
    expect(row.summary).toContain(WITHHELD);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  }
  expect(evidence.personalData.note).toContain("withheld");
  const evidenceCheck = await verify("--evidence", evidenceFile);
  expect(evidenceCheck.code, evidenceCheck.output).toBe(0);
  expect(evidenceCheck.output).toContain("not verifiable by this role");

  // The printable page says which rows were withheld.
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}/evidence`);
  await expect(page.getByRole("heading", { name: /^Audit rows with their chain hashes/ })).toBeVisible();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "payment.reject" })
      .filter({ hasText: "Reason withheld from your role, so this row is not verifiable by it" }),
  ).toHaveCount(2);
  await expect(page.locator("main")).not.toContainText(SENDER_NAME);
  await shot(page, "evidence-audit-rows-withheld");

  // An admin, who sees names, gets the full text, and copies that verify completely.
  await switchUser(page, "admin");
  const adminCsvFile = testInfo.outputPath("audit-admin.csv");
  const adminCsv = await downloadAuditCsv(page, payment.id, adminCsvFile);
  expect(adminCsv).toContain(REASON);
  expect(adminCsv).not.toContain("details.reason");
  const adminCsvCheck = await verify("--csv", adminCsvFile);
  expect(adminCsvCheck.code, adminCsvCheck.output).toBe(0);
  expect(adminCsvCheck.output).toContain("every hash and link intact");
  const adminEvidenceFile = testInfo.outputPath("evidence-admin.json");
  expect(await downloadEvidence(page, payment.id, adminEvidenceFile)).toContain(REASON);
  const adminEvidenceCheck = await verify("--evidence", adminEvidenceFile);
  expect(adminEvidenceCheck.code, adminEvidenceCheck.output).toBe(0);
  expect(adminEvidenceCheck.output).toContain("every hash and link intact");
});
