import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

/** A downloaded CSV's lines, without the byte-order mark spreadsheets need. */
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

const HEADER =
  "id,occurred_at,actor_id,actor_email,actor_name,actor_role,action,target_id,outcome,upstream_status,request_id,client_request_id,details,prev_hash,hash,withheld";

test("a compliance officer exports the audit log as filtered, and the export is itself recorded", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Export Prueba");
  const payment = await receiveSandboxPayment(customer.id, 2_500);
  await signInPage(page, "compliance");
  const origin = new URL(page.url()).origin;
  // A decision to find in the export, made through the console's proxy as the approval queue makes it.
  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: "Sanctions list match, escalated" }, headers: { origin } },
  );
  expect(rejected.status()).toBe(200);

  await page.goto("/audit");
  // Typed until the page's script has taken the field over (typing before that reaches no filter).
  await expect(async () => {
    await page.getByLabel("Target id").fill("");
    await page.getByLabel("Target id").fill(payment.id);
    await expect(page).toHaveURL(/target=Transaction/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("row").filter({ hasText: "payment.reject" })).toBeVisible();
  // Who decided, by the name the team knows them by, above the email the entry keeps.
  await expect(page.getByRole("row").filter({ hasText: "payment.reject" })).toContainText(
    /Carla Compliance\s*compliance@demo\.local/,
  );
  await shot(page, "audit-export");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV of every entry these filters match" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csvLines(await readFile(await download.path(), "utf8"));
  expect(lines[0]).toBe(HEADER);
  // The decision's outcome, then its attempt (newest first), each with the hashes that chain it; oldest, how the
  // console's approval policies answered the payment's webhook (held for a person, no one as actor).
  expect(lines).toHaveLength(4);
  expect(lines[3]).toMatch(
    new RegExp(`^\\d+,[^,]+,,,Approval policy( v\\d+)?,,payment\\.hold,${payment.id},allowed,`),
  );
  const row = (outcome: string, status: string) =>
    new RegExp(
      `^\\d+,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,[0-9a-f-]{36},compliance@demo\\.local,Carla Compliance,compliance,payment\\.reject,${payment.id},${outcome},${status},[0-9a-f-]{36},,".*",[0-9a-f]{64},[0-9a-f]{64},$`,
    );
  expect(lines[1]).toMatch(row("allowed", "200"));
  expect(lines[2]).toMatch(row("attempted", ""));
  expect(lines[1]).toContain('""reason"": ""Sanctions list match, escalated""');

  // Taking the copy is in the log too, with the filters it was taken with.
  await page.getByLabel("Target id").fill("");
  await page.getByLabel("Action").fill("audit.export");
  const exported = page.getByRole("row").filter({ hasText: "audit.export" }).first();
  await expect(exported).toContainText("compliance@demo.local");
  await expect(exported).toContainText(payment.id);
});

test("the export answers only those who may read the audit log, and only for the whole filtered set", async ({
  page,
}) => {
  await signInPage(page, "viewer");
  expect((await page.request.get("/api/audit/export")).status()).toBe(403);
  // A refused change, which the log records, to find among the refused entries.
  const attempt = await page.request.post("/api/payments/transactions/Transaction%3Anot-hers/approve", {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(attempt.status()).toBe(403);

  await switchUser(page, "admin");
  const whole = await page.request.get("/api/audit/export?outcome=refused");
  expect(whole.status()).toBe(200);
  expect(whole.headers()["content-type"]).toContain("text/csv");
  const rows = csvLines(await whole.text());
  expect(rows[0]).toBe(HEADER);
  // Only refused entries, the viewer's attempt above among them.
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows.slice(1)) expect(row).toMatch(/^\d+,(?:[^,]*,){7}refused,/);
  expect(
    rows.some((row) =>
      /,[0-9a-f-]{36},viewer@demo\.local,Vic Viewer,viewer,payment\.approve,Transaction:not-hers,/.test(row),
    ),
  ).toBe(true);

  for (const query of ["limit=5", "cursor=10", "outcome=refused&outcome=allowed", "from=yesterday"]) {
    const refused = await page.request.get(`/api/audit/export?${query}`);
    expect(refused.status(), query).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("INVALID_INPUT");
  }
});
