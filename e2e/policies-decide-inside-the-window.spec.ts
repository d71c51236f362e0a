import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { openQueueFor } from "./support/approval-queue";
import { activatePolicyVersion, withConsoleDatabase } from "./support/database";
import { secondDemoUser, serviceApi } from "./support/environment";
import {
  balanceOf,
  createIndividualCustomer,
  receiveSandboxPayment,
  transactionStatus,
} from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInWith } from "./support/session";

// Each test waits on several payments and pages on a machine the suite shares.
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Amounts no other spec sends, so the policy in force while this spec runs decides only its own payments.
const APPROVED = 4_321;
const REJECTED = 4_322;
const HELD = 4_323;

const POLICY = {
  allowListedDomains: ["sandbox.uma.money"],
  rules: [
    {
      id: "small-allow-listed-usd",
      name: "Small allow-listed USD",
      when: [
        { kind: "amount", side: "receiving", currency: "USD", op: "eq", value: APPROVED },
        { kind: "senderAllowListed", value: true },
        { kind: "counterpartyField", field: "FULL_NAME", present: true },
      ],
      then: { decision: "approve" },
    },
    {
      id: "blocked-amount",
      name: "Blocked amount",
      when: [{ kind: "amount", side: "receiving", currency: "USD", op: "eq", value: REJECTED }],
      then: { decision: "reject", code: "POLICY_REJECTED", message: "Amount on the blocked list" },
    },
    {
      id: "senior-review",
      name: "Senior review",
      when: [
        { kind: "amount", side: "receiving", currency: "USD", op: "eq", value: HELD },
        { kind: "velocity", per: "recipient", measure: "count", hours: 1, op: "gte", value: 0 },
      ],
      then: { decision: "hold", queue: "Senior review", priority: "high" },
    },
  ],
};

let policy: Awaited<ReturnType<typeof activatePolicyVersion>>;

test.beforeAll(async () => {
  policy = await activatePolicyVersion(POLICY);
});

test.afterAll(async () => {
  await policy?.restore();
});

function timelineEntry(page: Page, text: string | RegExp) {
  return page
    .getByRole("region", { name: "Status timeline" })
    .getByRole("listitem")
    .filter({ hasText: text });
}

async function rejectIfPending(id: string) {
  if ((await transactionStatus(id)) === "PENDING") {
    await serviceApi(`/transactions/${encodeURIComponent(id)}/reject`, {
      method: "POST",
      json: { reason: "e2e clean-up" },
    });
  }
}

test("the active policy approves, rejects and holds pending payments inside the webhook window", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Paula Política");
  const approved = await receiveSandboxPayment(customer.id, APPROVED);
  const rejected = await receiveSandboxPayment(customer.id, REJECTED);
  const held = await receiveSandboxPayment(customer.id, HELD);

  // Decided by the webhook's answer itself: no person, no call to approve or reject.
  await expect.poll(() => transactionStatus(approved.id), { timeout: 15_000 }).toBe("COMPLETED");
  await expect.poll(() => transactionStatus(rejected.id), { timeout: 15_000 }).toBe("REJECTED");
  expect(await balanceOf(customer.id, "USD")).toBe(APPROVED);
  expect(await transactionStatus(held.id)).toBe("PENDING");

  // Each evaluation is stored with the rule and the facts it saw, and audited with the policy as actor.
  const stored = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{
          transaction_id: string;
          decision: string;
          rule_id: string;
          facts: { receiving?: unknown };
        }>(
          "SELECT transaction_id, decision, rule_id, facts FROM policy_evaluations WHERE transaction_id = ANY($1)",
          [[approved.id, rejected.id, held.id]],
        )
      ).rows,
  );
  expect(stored.map((row) => [row.transaction_id, row.decision, row.rule_id]).sort()).toEqual(
    [
      [approved.id, "approve", "small-allow-listed-usd"],
      [rejected.id, "reject", "blocked-amount"],
      [held.id, "hold", "senior-review"],
    ].sort(),
  );
  expect(stored.find((row) => row.transaction_id === approved.id)?.facts.receiving).toEqual({
    amount: APPROVED,
    currency: "USD",
  });
  const audited = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ action: string; actor_id: string | null; summary: Record<string, unknown> }>(
          "SELECT action, actor_id, summary FROM audit_events WHERE target_id = $1 ORDER BY id",
          [approved.id],
        )
      ).rows,
  );
  expect(audited).toEqual([
    expect.objectContaining({
      action: "payment.approve",
      actor_id: null,
      summary: expect.objectContaining({
        by: "policy",
        policyVersion: policy.version,
        rule: "small-allow-listed-usd",
      }),
    }),
  ]);

  await signInPage(page, "compliance");
  await page.goto(`/transactions/${encodeURIComponent(approved.id)}`);
  await expect(
    timelineEntry(page, `Approved by policy 'Small allow-listed USD' v${policy.version}`),
  ).toBeVisible({ timeout: 30_000 });
  await shot(page, "transaction-approved-by-policy");

  await page.goto(`/transactions/${encodeURIComponent(rejected.id)}`);
  await expect(timelineEntry(page, `Rejected by policy 'Blocked amount' v${policy.version}`)).toContainText(
    "Reason: POLICY_REJECTED — Amount on the blocked list",
    { timeout: 20_000 },
  );

  // The held one waits in the queue, its card naming the policy, the queue and the priority.
  await openQueueFor(page, held.id);
  const card = page.getByRole("article").filter({ hasText: held.id });
  await expect(card).toContainText(
    `Held by policy 'Senior review' v${policy.version} (Senior review, high priority)`,
    { timeout: 20_000 },
  );
  await expect(card.getByText("High priority", { exact: true })).toBeVisible();
  await shot(page, "approvals-held-by-policy");
  await rejectIfPending(held.id);
});

test("the emergency hold holds a payment the policy would approve, until two people turn it off", async ({
  page,
  browser,
}) => {
  const incident = `Incident ${Date.now()}`;
  const customer = await createIndividualCustomer("Emilia Emergencia");
  await signInPage(page, "compliance");
  await page.goto("/approvals");
  const dialog = page.getByRole("dialog", { name: "Turn on the emergency hold?" });
  await expect(async () => {
    await page.getByRole("button", { name: "Emergency hold", exact: true }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  // A reason is required.
  await dialog.getByRole("button", { name: "Hold every payment" }).click();
  await expect(dialog.getByText("Give a reason.")).toBeVisible();
  await dialog.getByLabel(/Reason/).fill(`${incident}: sender domain compromised`);
  await shot(page, "emergency-hold-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Hold every payment" }).click();
  await expect(dialog).toBeHidden();
  const banner = page.getByRole("status").filter({ hasText: "Emergency hold is on" });
  await expect(banner).toContainText(`${incident}: sender domain compromised`);

  try {
    const payment = await receiveSandboxPayment(customer.id, APPROVED);
    const card = page.getByRole("article").filter({ hasText: payment.id });
    await expect(card).toContainText("Held: emergency hold", { timeout: 20_000 });
    expect(await transactionStatus(payment.id)).toBe("PENDING");
    await shot(page, "approvals-emergency-hold");
    await rejectIfPending(payment.id);
  } finally {
    // One officer asks to turn it off: it stays on, and she cannot confirm her own request (decision 0089).
    await page.getByRole("button", { name: "Turn off emergency hold" }).click();
    const off = page.getByRole("dialog", { name: "Turn off the emergency hold?" });
    await off.getByLabel(/Reason/).fill(`${incident} resolved`);
    await off.getByRole("button", { name: "Ask to turn off" }).click();
    await expect(off).toBeHidden();
    await expect(banner).toContainText(`asked to turn it off`);
    await expect(banner).toContainText(`${incident} resolved`);
    await expect(page.getByRole("button", { name: "Turn off emergency hold" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await shot(page, "emergency-hold-asked-off", { fullPage: false });

    // A second officer confirms it on her own page; the first one's page sees the hold go.
    const cole = secondDemoUser("compliance");
    const second = await (await browser.newContext()).newPage();
    await signInWith(second, cole.email, cole.password);
    await second.goto("/approvals");
    const confirm = second.getByRole("dialog", { name: "Turn off the emergency hold?" });
    await expect(async () => {
      await second.getByRole("button", { name: "Confirm turning off" }).click();
      await expect(confirm).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(confirm).toContainText(`${incident} resolved`);
    await confirm.getByLabel(/Reason/).fill(`${incident} resolved, confirmed`);
    await confirm.getByRole("button", { name: "Turn off the hold" }).click();
    await expect(second.getByRole("status").filter({ hasText: "Emergency hold is on" })).toBeHidden();
    await second.context().close();
    await expect(banner).toBeHidden();
  }

  // Off again: the policy decides the same kind of payment by itself.
  const after = await receiveSandboxPayment(customer.id, APPROVED);
  await expect.poll(() => transactionStatus(after.id), { timeout: 15_000 }).toBe("COMPLETED");

  // Both changes are in the audit log with their reason, attempt and outcome.
  const rows = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ outcome: string; summary: { reason?: string } }>(
          `SELECT outcome, summary FROM audit_events WHERE action = 'approvals.emergency-hold.update'
         AND summary->>'reason' LIKE $1 ORDER BY id`,
          [`${incident}%`],
        )
      ).rows,
  );
  expect(rows.map((row) => [row.outcome, row.summary.reason])).toEqual([
    ["attempted", `${incident}: sender domain compromised`],
    ["allowed", `${incident}: sender domain compromised`],
    ["attempted", `${incident} resolved`],
    ["allowed", `${incident} resolved`],
    ["attempted", `${incident} resolved, confirmed`],
    ["allowed", `${incident} resolved, confirmed`],
  ]);
});

test("a backtest replays the payments through the version in force and a candidate, and lists what would change", async ({
  page,
}) => {
  await signInPage(page, "compliance");
  const origin = new URL(page.url()).origin;
  const rejectAll = {
    allowListedDomains: [],
    rules: [
      {
        id: "reject-usd",
        name: "Reject all USD",
        when: [{ kind: "currency", side: "receiving", op: "in", values: ["USD"] }],
        then: { decision: "reject", code: "POLICY_REJECTED", message: "No USD" },
      },
    ],
  };
  const response = await page.request.post("/api/policies/backtest", {
    data: { document: rejectAll, days: 1 },
    headers: { origin },
  });
  expect(response.status()).toBe(200);
  type Outcome = { decision: string; ruleName: string | null; fallback: string | null };
  const answer = (await response.json()) as {
    days: number;
    period: { from: string; to: string };
    total: number;
    active: { version: number } | null;
    counts: Record<"active" | "candidate", { approve: number; reject: number; hold: number }>;
    changed: {
      transactionId: string;
      amount: { value: number; currency: string };
      sender: string;
      receiver: string;
      active: Outcome;
      candidate: Outcome;
      happened: { decision: string; by: string };
    }[];
  };
  expect(answer.days).toBe(1);
  expect(Date.parse(answer.period.to) - Date.parse(answer.period.from)).toBe(24 * 60 * 60 * 1000);
  expect(answer.total).toBeGreaterThanOrEqual(3);
  // Compared with the version in force, over the same payments: each version's counts add up to them all.
  expect(answer.active).toEqual({ version: policy.version });
  for (const counts of [answer.counts.active, answer.counts.candidate]) {
    expect(counts.approve + counts.hold + counts.reject).toBe(answer.total);
  }
  // The payment the version in force approves would now be rejected; what happened is kept beside it.
  const approvedByPolicy = answer.changed.find(
    // Paula's: other specs' payments of the same amount, to other customers, are replayed too.
    (row) =>
      row.amount.value === APPROVED &&
      row.receiver === "Paula Política" &&
      row.active.ruleName === "Small allow-listed USD",
  );
  expect(approvedByPolicy).toMatchObject({
    amount: { value: APPROVED, currency: "USD" },
    sender: "Alex Sandbox Rivera ($success.usd@sandbox.uma.money)",
    receiver: "Paula Política",
    active: { decision: "approve", ruleName: "Small allow-listed USD", fallback: null },
    candidate: { decision: "reject", ruleName: "Reject all USD", fallback: null },
    happened: { decision: "approve", by: `policy 'Small allow-listed USD' v${policy.version}` },
  });
  // The one the version in force rejects is no change: the candidate rejects it too, by another rule.
  expect(
    answer.changed.some((row) => row.amount.value === REJECTED && row.receiver === "Paula Política"),
  ).toBe(false);

  // Bad input is a 400 in the API's error shape (who may run one: e2e/api/rbac-matrix.spec.ts).
  const bad = await page.request.post("/api/policies/backtest", {
    data: { document: rejectAll, days: 91 },
    headers: { origin },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ status: 400, code: "INVALID_INPUT" });

  // On the page: the candidate proposed, its backtest beside the version in force.
  const created = await page.request.post("/api/policies", {
    data: { document: rejectAll, note: "e2e: backtest" },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { version } = (await created.json()) as { version: { id: string; version: number } };
  const proposed = await page.request.post(`/api/policies/${version.id}/propose`, {
    data: {},
    headers: { origin },
  });
  expect(proposed.status()).toBe(200);
  try {
    await page.goto(`/policies?version=${version.version}`);
    const panel = page.getByRole("region", { name: "Backtest: the last 30 days" });
    await expect(panel.getByText(/^Replayed \d+ incoming payments received between /)).toBeVisible({
      timeout: 30_000,
    });
    await expect(panel).toContainText(
      `through v${version.version} and v${policy.version}, the version in force now.`,
    );
    const outcomes = panel.getByRole("table", {
      name: `Outcomes: v${policy.version} (in force) and v${version.version}`,
    });
    await expect(outcomes.getByRole("columnheader")).toHaveText([
      "Outcome",
      `v${policy.version} (in force)`,
      `v${version.version}`,
      "Change",
    ]);
    await expect(outcomes.getByRole("rowheader")).toHaveText([
      "Approved automatically",
      "Held for people",
      "Rejected automatically",
    ]);
    const changed = panel
      .getByRole("list", { name: "Payments decided differently" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("link", {
          name: /43\.21 from Alex Sandbox Rivera \(\$success\.usd@sandbox\.uma\.money\) to Paula Política/,
        }),
      })
      .filter({
        hasText: `v${policy.version} (in force): would be approved by rule “Small allow-listed USD”.`,
      })
      .first();
    await expect(changed).toContainText(`v${version.version}: would be rejected by rule “Reject all USD”.`);
    await expect(changed).toContainText(
      `What happened: approved by policy 'Small allow-listed USD' v${policy.version}.`,
    );
    await shot(page, "policies-backtest-panel");
    await changed.scrollIntoViewIfNeeded();
    await shot(page, "policies-backtest-panel-in-view", { fullPage: false });
  } finally {
    // The proposal is declined, so no later spec finds it waiting for a second person.
    const admin = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
    await signInRequest(admin, "admin");
    const declined = await admin.post(`/api/policies/${version.id}/decline`, {
      data: { reason: "e2e: only here for its backtest" },
    });
    expect(declined.status()).toBe(200);
    await admin.dispose();
  }
});
