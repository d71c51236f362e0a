import { expect, request as playwrightRequest, test } from "@playwright/test";
import { auditRowsOf } from "./support/database";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest } from "./support/session";

// What the sandbox's USD senders share (service/domain/incoming-payments.ts): compliance sees it masked by default.
const SENDER_BIRTH_DATE = "1990-04-12";

/** 400 consecutive days from 1990-01-01: one of them is the sandbox sender's birth date. */
const GUESSES = Array.from({ length: 400 }, (_, day) =>
  new Date(Date.UTC(1990, 0, 1 + day)).toISOString().slice(0, 10),
);

const ORACLE = {
  allowListedDomains: [],
  rules: [
    {
      id: "guess-birth-dates",
      name: "Born in 1990",
      when: [{ kind: "counterpartyValue", field: "BIRTH_DATE", op: "in", values: GUESSES }],
      then: { decision: "reject", code: "POLICY_REJECTED", message: "Guessed" },
    },
  ],
};

const SCREENING = {
  allowListedDomains: [],
  rules: [
    {
      id: "sanctioned-nationality",
      name: "Sanctioned nationality",
      when: [{ kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["KP", "IR"] }],
      then: { decision: "reject", code: "POLICY_REJECTED", message: "Sanctioned" },
    },
  ],
};

async function signedIn(baseURL: string | undefined, role: "admin" | "compliance") {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(context, role);
  return context;
}

test("a backtest over birth dates is refused to compliance, which sees them masked, and leaks nothing", async ({
  baseURL,
}) => {
  // A payment whose sender's birth date is among the guesses, inside the backtest's window.
  const customer = await createIndividualCustomer("Oraculo Negado");
  await receiveSandboxPayment(customer.id, 4_646);
  const compliance = await signedIn(baseURL, "compliance");

  const refused = await compliance.post("/api/policies/backtest", { data: { document: ORACLE, days: 30 } });
  expect(refused.status()).toBe(403);
  const text = await refused.text();
  const body = JSON.parse(text) as { code: string; message: string; details: { fields: string[] } };
  expect(body.code).toBe("FIELD_MASKED_FOR_ROLE");
  expect(body.message).toContain(
    "Your role sees birth dates masked, so it cannot write or test rules over them",
  );
  expect(body.message).toContain("BIRTH_DATE");
  expect(body.details.fields).toEqual(["BIRTH_DATE"]);
  // Nothing about any payment: no counts, no changed list, no transaction id.
  expect(text).not.toContain("Transaction:");
  expect(text).not.toContain("counts");
  // The attempt is recorded with the rules it tried (the guesses, not the data), and its refusal.
  const attempt = await auditRowsOf(refused.headers()["x-request-id"] ?? "");
  expect(attempt.map((row) => `${row.action} ${row.outcome}`)).toEqual([
    "policies.backtest attempted",
    "policies.backtest refused",
  ]);
  expect(attempt[0]?.summary).toMatchObject({ days: 30, rules: ORACLE.rules });
  expect(attempt[1]?.summary).toMatchObject({ reason: "FIELD_MASKED_FOR_ROLE" });
  expect(JSON.stringify(attempt)).not.toContain("Transaction:");

  // Nor may compliance save such rules, as a new draft or into one, or propose a draft an admin wrote with them.
  const created = await compliance.post("/api/policies", { data: { document: ORACLE } });
  expect(created.status()).toBe(403);
  expect(((await created.json()) as { code: string }).code).toBe("FIELD_MASKED_FOR_ROLE");
  const admin = await signedIn(baseURL, "admin");
  const adminDraft = await admin.post("/api/policies", { data: { document: ORACLE, note: "e2e: oracle" } });
  expect(adminDraft.status()).toBe(201);
  const draft = ((await adminDraft.json()) as { version: { id: string } }).version;
  const saved = await compliance.put(`/api/policies/${draft.id}`, { data: { document: ORACLE } });
  expect(saved.status()).toBe(403);
  const copied = await compliance.post("/api/policies", { data: { copyOf: draft.id } });
  expect(copied.status()).toBe(403);
  const proposed = await compliance.post(`/api/policies/${draft.id}/propose`, { data: {} });
  expect(proposed.status()).toBe(403);
  expect(((await proposed.json()) as { message: string }).message).toContain("birth dates");

  // Admins see birth dates unmasked, so they may test the rule: audited too, with how many payments it ran over.
  const adminRun = await admin.post("/api/policies/backtest", { data: { document: ORACLE, days: 30 } });
  expect(adminRun.status()).toBe(200);
  const adminRows = await auditRowsOf(adminRun.headers()["x-request-id"] ?? "");
  expect(adminRows.map((row) => `${row.action} ${row.outcome}`)).toEqual([
    "policies.backtest attempted",
    "policies.backtest allowed",
  ]);
  await admin.dispose();

  // A rule over what compliance sees (nationality) runs, and leaves an audit row with its rules and its reach.
  const allowed = await compliance.post("/api/policies/backtest", {
    data: { document: SCREENING, days: 30 },
  });
  expect(allowed.status()).toBe(200);
  const answer = (await allowed.json()) as { total: number };
  expect(answer.total).toBeGreaterThan(0);
  const rows = await auditRowsOf(allowed.headers()["x-request-id"] ?? "");
  expect(rows.map((row) => `${row.action} ${row.outcome}`)).toEqual([
    "policies.backtest attempted",
    "policies.backtest allowed",
  ]);
  expect(rows[1]?.summary).toMatchObject({ days: 30, rules: SCREENING.rules, payments: answer.total });
  expect(JSON.stringify(rows)).not.toContain(SENDER_BIRTH_DATE);
  await compliance.dispose();
});

test("the policy editor does not offer compliance the sender fields its role sees masked, and says why", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, "compliance");
  await page.goto("/policies");
  await waitForHydration(page);
  // The versions table appears only once there is a version: wait for the page's own action instead.
  await expect(page.getByRole("button", { name: "New draft" })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole("button", { name: "New draft" }).click();
  await expect(page.getByRole("heading", { name: /^Version v\d+$/ })).toBeVisible();
  const heading = await page.getByRole("heading", { name: /^Version v\d+$/ }).textContent();
  const editor = page.getByRole("form", { name: `Edit draft v${Number(heading?.replace(/\D+/g, ""))}` });
  const rules = editor.getByRole("group", { name: /^Rule \d+$/ });
  const before = await rules.count();
  await editor.getByRole("button", { name: "Add a rule" }).click();
  const rule = editor.getByRole("group", { name: `Rule ${before + 1}`, exact: true });
  const condition = rule.getByRole("group", { name: "Condition 1" });
  await condition.getByLabel("Condition kind").selectOption("counterpartyValue");
  const field = condition.getByLabel("Sender's field");
  await expect(field.getByRole("option", { name: "NATIONALITY", exact: true })).toBeEnabled();
  await expect(field.getByRole("option", { name: "FULL_NAME", exact: true })).toBeEnabled();
  await expect(field.getByRole("option", { name: "BIRTH_DATE (masked for your role)" })).toBeDisabled();
  await expect(field.getByRole("option", { name: "TAX_ID (masked for your role)" })).toBeDisabled();
  await expect(condition).toContainText(
    /Your role sees birth dates, .* masked, so it cannot write or test rules/,
  );
  await condition.scrollIntoViewIfNeeded();
  await shot(page, "policy-editor-masked-fields-compliance");
});
