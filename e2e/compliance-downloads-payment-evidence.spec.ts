import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { demoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, switchUser } from "./support/session";

const run = promisify(execFile);

// What the sandbox's USD senders share (service/domain/incoming-payments.ts); compliance sees the name, not the date.
const SENDER_NAME = "Alex Sandbox Rivera";
const SENDER_BIRTH_DATE = "1990-04-12";
const REASON = "Regulator request 2026-114 needs the full record";

/** The audit rows of one action about one payment, oldest first. */
async function auditRowsAbout(action: string, targetId: string) {
  return withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ outcome: string; actor_email: string; summary: Record<string, unknown> }>(
          "SELECT outcome, actor_email, summary FROM audit_events WHERE action = $1 AND target_id = $2 ORDER BY id",
          [action, targetId],
        )
      ).rows,
  );
}

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

  const text = await readFile(file, "utf8");
  const evidence = JSON.parse(text) as {
    transaction: { id: string; status: string; counterpartyInformation: Record<string, string> };
    webhooks: { type: string; rawBody: string; signature: string }[];
    decisions: { decision: string; by: { email: string } }[];
    screenings: { outcome: string; query: { name: string }; listVersions: { listId: string }[] }[];
    auditRows: { action: string; outcome: string; hash: string; prevHash: string; targetId: string }[];
    personalData: { form: string; maskedFields?: string[]; unmaskedFields?: string[] };
    people: Record<string, string>;
  };
  // Masked as compliance sees the payment (names and nationality): the birth date nowhere in the file, not even
  // in the webhook's raw body; the download is recorded with the fields its mask hid.
  expect(text).not.toContain(SENDER_BIRTH_DATE);
  expect(text).toContain(SENDER_NAME);
  expect(evidence.transaction.counterpartyInformation.BIRTH_DATE).toBe("••••-••-••");
  expect(evidence.personalData).toMatchObject({ form: "masked", maskedFields: ["BIRTH_DATE"] });
  expect((await auditRowsAbout("evidence.download", payment.id)).map((row) => row.outcome)).toEqual([
    "attempted",
    "allowed",
  ]);
  expect((await auditRowsAbout("evidence.download", payment.id))[1]?.summary).toMatchObject({
    maskedFields: ["BIRTH_DATE"],
  });
  expect(evidence.transaction).toMatchObject({ id: payment.id, status: "COMPLETED" });
  // The sender's screening, as it ran when the payment arrived (its birth date masked with the rest, above).
  expect(evidence.screenings).toEqual([
    expect.objectContaining({ outcome: "clear", query: expect.objectContaining({ name: SENDER_NAME }) }),
  ]);
  expect(evidence.screenings[0]?.listVersions.map((version) => version.listId)).toContain("un");
  const pending = evidence.webhooks.find((webhook) => webhook.type === "INCOMING_PAYMENT");
  expect(pending?.signature).toBe("verified");
  expect(pending?.rawBody).toContain(payment.id);
  expect(pending?.rawBody).toContain("••••-••-••");
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
  // The rows keep emails (the hash covers them); the file names their people beside them.
  const officer = demoUser("compliance");
  expect(evidence.people[officer.email.toLowerCase()]).toBe(officer.name);
  // In the chain's order, by number (ten rows and more would sort "10" before "2" as text).
  const ids = evidence.auditRows.map((row) => Number((row as { id?: string }).id));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));

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

  // Unmasked only with a stated reason, as a reveal: recorded with the reason, the payment and the fields.
  await card.getByRole("button", { name: "Download unmasked…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Unmask the evidence's personal data?" });
  await expect(dialog.getByRole("button", { name: "Unmask" })).toBeDisabled();
  await dialog.getByLabel(/Why you need it/).fill(REASON);
  const unmaskedDownload = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Unmask" }).click();
  const unmaskedFile = testInfo.outputPath("evidence-unmasked.json");
  await (await unmaskedDownload).saveAs(unmaskedFile);
  const unmasked = JSON.parse(await readFile(unmaskedFile, "utf8")) as typeof evidence;
  expect(unmasked.transaction.counterpartyInformation.BIRTH_DATE).toBe(SENDER_BIRTH_DATE);
  expect(unmasked.personalData).toMatchObject({ form: "unmasked", unmaskedFields: ["BIRTH_DATE"] });
  const unmaskedCheck = await verifyEvidence(unmaskedFile);
  expect(unmaskedCheck.code, unmaskedCheck.output).toBe(0);
  const reveals = await auditRowsAbout("evidence.reveal", payment.id);
  expect(reveals.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
  expect(reveals[0]?.summary).toMatchObject({ form: "download", justification: REASON });
  expect(reveals[1]).toMatchObject({
    actor_email: demoUser("compliance").email,
    summary: { form: "download", justification: REASON, fields: ["BIRTH_DATE"] },
  });
  // A reason of invisible characters is none: refused, and nothing handed out.
  const invisible = await compliance.post(`/api/transactions/${encodeURIComponent(payment.id)}/evidence`, {
    data: { justification: "\u200b".repeat(12), form: "download" },
  });
  expect(invisible.status()).toBe(400);
  expect(await invisible.text()).not.toContain(SENDER_BIRTH_DATE);

  // The printable page holds the same document, masked the same way, and each view of it is recorded.
  await card.getByRole("link", { name: "Printable page" }).click();
  await expect(page.getByRole("heading", { name: "Payment evidence", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Audit rows with their chain hashes/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Webhooks as received/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Screening against the watchlists (1)" })).toBeVisible();
  const auditTable = page.getByRole("table", { name: "The audit log's rows about this payment" });
  await expect(auditTable).toContainText(`${officer.name} (${officer.email})`);
  // Set apart from the email beside it: a direction mark in a name cannot reorder the address it is shown with.
  await expect(auditTable.locator("bdi").filter({ hasText: officer.name }).first()).toHaveText(officer.name);
  // The hold no person made is the approval policy's, as the audit log names it.
  await expect(auditTable.getByRole("row").filter({ hasText: "payment.hold" })).toContainText(
    /Approval policy v\d+/,
  );
  const personal = page.getByRole("region", { name: "Personal data in this evidence" });
  await expect(personal).toContainText("Masked as your role sees it: BIRTH_DATE.");
  await expect(page.locator("main")).not.toContainText(SENDER_BIRTH_DATE);
  await expect(page.locator("main")).toContainText("••••-••-••");
  const views = await auditRowsAbout("evidence.view", payment.id);
  expect(views.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
  expect(views.at(-1)).toMatchObject({
    actor_email: demoUser("compliance").email,
    summary: { masked: true, maskedFields: ["BIRTH_DATE"] },
  });
  // Every view: loading it again records it again.
  await page.reload();
  await expect(personal).toContainText("Masked as your role sees it: BIRTH_DATE.");
  expect((await auditRowsAbout("evidence.view", payment.id)).map((row) => row.outcome)).toEqual([
    "attempted",
    "allowed",
    "attempted",
    "allowed",
  ]);
  await shot(page, "payment-evidence");

  // Unmasked on the page too, only with a reason, recorded as the page's.
  await waitForHydration(page);
  await personal.getByRole("button", { name: "Unmask with a reason" }).click();
  await dialog.getByLabel(/Why you need it/).fill(REASON);
  await dialog.getByRole("button", { name: "Unmask" }).click();
  await expect(personal).toContainText("Unmasked with your reason · audited: BIRTH_DATE.");
  await expect(page.locator("main")).toContainText(SENDER_BIRTH_DATE);
  const pageReveals = (await auditRowsAbout("evidence.reveal", payment.id)).filter(
    (row) => row.summary.form === "page",
  );
  expect(pageReveals.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
  expect(pageReveals.at(-1)?.summary).toMatchObject({
    form: "page",
    justification: REASON,
    fields: ["BIRTH_DATE"],
  });
  await shot(page, "payment-evidence-unmasked");

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
