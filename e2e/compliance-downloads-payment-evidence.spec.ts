import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { demoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, switchUser } from "./support/session";

const run = promisify(execFile);

/** `npm run audit:verify -- --evidence <file>`, as an auditor runs it; its exit code and what it printed. */
async function verifyEvidence(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [
      "--import",
      "tsx",
      "--import",
      "./scripts/lib/server-only-condition.mjs",
      "scripts/audit-verify.ts",
      "--evidence",
      file,
    ]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

test("a compliance officer downloads a payment's evidence, which an auditor verifies without the console", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Evidencia Auditada");
  const payment = await receiveSandboxPayment(customer.id, 7_700);
  const compliance = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(compliance, "compliance");
  const approved = await compliance.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/approve`,
    {
      data: { receiverCustomerInfo: { FULL_NAME: customer.fullName } },
    },
  );
  expect(approved.status()).toBe(200);
  await expect.poll(() => transactionStatus(payment.id), { timeout: 15_000 }).toBe("COMPLETED");

  await signInPage(page, "compliance");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Evidence for auditors" });
  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download evidence" }).click();
  const download = await downloading;
  const file = testInfo.outputPath("evidence.json");
  await download.saveAs(file);

  const evidence = JSON.parse(await readFile(file, "utf8")) as {
    transaction: { id: string; status: string };
    webhooks: { type: string; rawBody: string; signature: string }[];
    decisions: { decision: string; by: { email: string } }[];
    auditRows: { action: string; outcome: string; hash: string; prevHash: string; targetId: string }[];
  };
  expect(evidence.transaction).toMatchObject({ id: payment.id, status: "COMPLETED" });
  const pending = evidence.webhooks.find((webhook) => webhook.type === "INCOMING_PAYMENT");
  expect(pending?.signature).toBe("verified");
  expect(pending?.rawBody).toContain(payment.id);
  expect(evidence.decisions).toEqual([
    expect.objectContaining({
      decision: "approved",
      by: expect.objectContaining({ email: demoUser("compliance").email }),
    }),
  ]);
  expect(evidence.auditRows.map((row) => `${row.action} ${row.outcome}`)).toEqual(
    expect.arrayContaining(["payment.approve attempted", "payment.approve allowed"]),
  );
  for (const row of evidence.auditRows) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);

  // An auditor checks the file on its own: intact, then with one row altered.
  const intact = await verifyEvidence(file);
  expect(intact.code, intact.output).toBe(0);
  expect(intact.output).toContain("every hash and link intact");
  const tampered = path.join(path.dirname(file), "evidence-tampered.json");
  const altered = structuredClone(evidence);
  const allowed = altered.auditRows.find((row) => row.outcome === "allowed");
  if (allowed) allowed.outcome = "refused";
  await writeFile(tampered, JSON.stringify(altered));
  const caught = await verifyEvidence(tampered);
  expect(caught.code).toBe(1);
  expect(caught.output).toContain("was changed");

  // The printable page holds the same document.
  await card.getByRole("link", { name: "Printable page" }).click();
  await expect(page.getByRole("heading", { name: "Payment evidence", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Audit rows with their chain hashes/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Webhooks as received/ })).toBeVisible();
  await shot(page, "payment-evidence");

  // Roles that do not read the audit log get neither.
  await switchUser(page, "viewer");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await expect(page.getByRole("heading", { name: "Amounts" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Evidence for auditors" })).toHaveCount(0);
  expect(
    (await page.request.get(`/api/transactions/${encodeURIComponent(payment.id)}/evidence`)).status(),
  ).toBe(403);
  await compliance.dispose();
});
