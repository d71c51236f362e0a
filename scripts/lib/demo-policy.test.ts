import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../../lib/server/db/client";
import { createConsoleTestDatabase } from "../../lib/server/db/test-database";
import { actAsConsole } from "../../lib/server/env";
import { backtest } from "../../lib/server/policies/backtest";
import { DECIDED_AT_THE_API } from "../../lib/universal/policies/backtest-compare";
import { evaluate, type PolicyFacts } from "../../lib/universal/policies/evaluate";
import { gatherFacts, incomingPaymentOf } from "../../lib/universal/policies/facts";
import { policyDocumentSchema } from "../../lib/universal/policies/rules";
import { getCustomer } from "../../service/domain/customers";
import { startTestService, type TestService } from "../../service/test-support/service";
import { LISTED_SANDBOX_SENDER } from "../../shared/contract/sandbox-senders";
import { DEMO_POLICY, demoPolicyApprovals, finishDemoPolicy } from "./demo-policy";
import { seedDemoUsersIfEmpty } from "./demo-users";

const ENDPOINT = "http://127.0.0.1:1/api/webhooks";
const DAY = 24 * 60 * 60 * 1000;

let service: TestService;
let console_: { url: string; db: ConsoleDatabase };
let secretsDir: string;
let opening: Date;

async function consoleRows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await console_.db.pool.query(text, values)).rows as T[];
}
async function serviceRows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await service.context.db.pool.query(text, values)).rows as T[];
}

beforeAll(async () => {
  service = await startTestService({}, { worker: false });
  console_ = await createConsoleTestDatabase("demo_policy");
  secretsDir = mkdtempSync(path.join(tmpdir(), "demo-policy-"));
  const { demoOpening, seedDemo } = await import("../../service/seed/demo");
  opening = demoOpening(service.context.clock.now());
  await seedDemoUsersIfEmpty(console_.url, secretsDir, opening);
  const approvals = demoPolicyApprovals(
    {
      DATABASE_URL: console_.url,
      AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-schema",
      PAYMENT_API_BASE_URL: `${service.baseUrl}`,
      PAYMENT_API_TOKEN_ID: "token",
      PAYMENT_API_CLIENT_SECRET: "secret",
    },
    service.context,
  );
  try {
    expect(await seedDemo(service.context, { webhookEndpoint: ENDPOINT, approvals })).toBe(true);
  } finally {
    await finishDemoPolicy();
  }
}, 240_000);
afterAll(async () => {
  await service?.close();
  await console_?.db.pool.end();
  rmSync(secretsDir, { recursive: true, force: true });
});

interface EvaluationRow {
  transaction_id: string;
  decision: string;
  policy_version: number | null;
  rule_id: string | null;
  fallback: string | null;
  facts: PolicyFacts;
  evaluated_at: Date;
}

describe("the demo's approval policy and its history", () => {
  it("was written and proposed by Carla Compliance and activated by Ada Admin the morning the platform opened", async () => {
    const versions = await consoleRows<{
      version: number;
      status: string;
      document: unknown;
      author: string;
      proposer: string;
      activator: string;
      created_at: Date;
      proposed_at: Date;
      decided_at: Date;
    }>(
      `select v.version, v.status, v.document, a.name as author, p.name as proposer, d.name as activator,
              v.created_at, v.proposed_at, v.decided_at
         from policy_versions v join users a on a.id = v.created_by join users p on p.id = v.proposed_by
         join users d on d.id = v.decided_by`,
    );
    expect(versions).toHaveLength(1);
    const [v1] = versions;
    expect(v1).toMatchObject({
      version: 1,
      status: "active",
      author: "Carla Compliance",
      proposer: "Carla Compliance",
      activator: "Ada Admin",
    });
    expect(policyDocumentSchema.parse(v1?.document)).toEqual(DEMO_POLICY);
    expect(v1?.created_at.getTime()).toBe(opening.getTime() + 6 * 60 * 60 * 1000);
    const [first] = await serviceRows<{ created_at: Date }>(
      "select min(created_at) as created_at from transactions where type = 'INCOMING'",
    );
    expect(v1?.decided_at.getTime()).toBeLessThan(first?.created_at.getTime() ?? 0);
    // Through the routes' own functions: each step audited with its person and the replayed time.
    const audit = await consoleRows<{ action: string; actor_email: string; at: string }>(
      `select action, actor_email, summary->>'at' as at from audit_events
        where target_id = 'policy-version:1' and outcome = 'allowed' order by id`,
    );
    expect(audit.map((row) => [row.action, row.actor_email])).toEqual([
      ["policy.version.create", "compliance@demo.local"],
      ["policy.version.propose", "compliance@demo.local"],
      ["policy.version.activate", "admin@demo.local"],
    ]);
    expect(audit.at(-1)?.at).toBe(v1?.decided_at.toISOString());
  });

  it("decided every pending payment of the history when it arrived, as the service then carried out", async () => {
    const evaluations = await consoleRows<EvaluationRow>(
      "select transaction_id, decision, policy_version, rule_id, fallback, facts, evaluated_at from policy_evaluations",
    );
    const incoming = await serviceRows<{
      id: string;
      status: string;
      created_at: Date;
      updated_at: Date;
      failure_reason: string | null;
    }>(
      // Sandbox senders' payments (not those between the platform's customers), before today's few.
      `select id, status, created_at, updated_at, failure_reason from transactions
        where type = 'INCOMING' and sender_uma_address like '%@sandbox.uma.money' and created_at < $1`,
      [new Date(service.context.clock.now().getTime() - 30 * 60 * 1000)],
    );
    // Every payment that asked for approval (not those the sender's compliance failed at once), once.
    const asked = incoming.filter((payment) => payment.failure_reason !== "PAY_REQUEST_FAILED");
    expect(new Set(evaluations.map((row) => row.transaction_id))).toEqual(new Set(asked.map((p) => p.id)));
    expect(evaluations).toHaveLength(asked.length);
    const byId = new Map(incoming.map((payment) => [payment.id, payment]));
    for (const row of evaluations) {
      const payment = byId.get(row.transaction_id);
      expect(row.policy_version).toBe(1);
      expect(row.evaluated_at.getTime()).toBe(payment?.created_at.getTime());
      // The stored decision is what the version's rules give for the facts it saw.
      const again = evaluate(DEMO_POLICY, row.facts);
      expect([again.decision, again.rule?.id ?? null, again.fallback]).toEqual([
        row.decision,
        row.rule_id,
        row.fallback,
      ]);
      if (row.decision === "approve") {
        // Approved without a person: completed the moment it arrived.
        expect(payment?.status).toBe("COMPLETED");
        expect(payment?.updated_at.getTime()).toBe(payment?.created_at.getTime());
      } else {
        expect(row.fallback).toBe("no-rule-matched");
        expect(payment?.updated_at.getTime()).toBeGreaterThan(payment?.created_at.getTime() ?? 0);
      }
    }
    const approved = evaluations.filter((row) => row.decision === "approve");
    const held = evaluations.filter((row) => row.decision === "hold");
    expect(approved.length).toBeGreaterThan(20);
    expect(held.length).toBeGreaterThan(20);
    // In every currency; and a small payment to a customer in their first week waited for people.
    expect(new Set(approved.map((row) => row.rule_id))).toEqual(
      new Set(DEMO_POLICY.rules.map((rule) => rule.id)),
    );
    expect(
      held.some(
        (row) => (row.facts.recipient?.ageDays ?? 99) < 7 && (row.facts.receiving?.amount ?? 0) < 100_00,
      ),
    ).toBe(true);
  });

  it("gives a backtest of a fresh start the history's payments, as the payment API has them", async () => {
    // As the console runs: its database, and the API with the platform's credential, over HTTP.
    actAsConsole({
      DATABASE_URL: console_.url,
      AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-schema",
      PAYMENT_API_BASE_URL: service.baseUrl,
      PAYMENT_API_TOKEN_ID: "test_token",
      PAYMENT_API_CLIENT_SECRET: "test_secret_0123456789",
    });
    const now = service.context.clock.now();
    // The console received none of the history's webhooks (service/seed/demo-history.ts forgets them).
    expect(await consoleRows("select 1 from webhook_events")).toHaveLength(0);
    const asked = await serviceRows<{ id: string; status: string }>(
      `select id, status from transactions
        where type = 'INCOMING' and sender_uma_address is not null
          and coalesce(failure_reason, '') <> 'PAY_REQUEST_FAILED' and created_at >= $1`,
      [new Date(now.getTime() - 30 * DAY)],
    );
    const evaluations = new Map(
      (
        await consoleRows<{ transaction_id: string; decision: string }>(
          "select transaction_id, decision from policy_evaluations",
        )
      ).map((row) => [row.transaction_id, row.decision]),
    );
    expect(asked.length).toBeGreaterThan(50);

    // The policy in force, backtested over 30 days on the platform's clock, as compliance (names masked) runs it: it
    // decides as it does, so nothing changes, and both columns count what it approved.
    const same = await backtest(DEMO_POLICY, 30, undefined, []);
    expect(same.total).toBe(asked.length);
    expect(same.truncated).toBeUndefined();
    expect(same.active).toEqual({ version: 1 });
    expect(same.changed).toEqual([]);
    expect(same.counts.candidate).toEqual(same.counts.active);
    expect(same.counts.active.approve).toBe(
      asked.filter((row) => evaluations.get(row.id) === "approve").length,
    );

    // A candidate approving every allow-listed sender changes what the policy in force left to people; what
    // happened to those is what people then decided at the API (the replayed history: no audit row here).
    const wider = policyDocumentSchema.parse({
      allowListedDomains: DEMO_POLICY.allowListedDomains,
      rules: [
        {
          id: "any-allow-listed",
          name: "Any allow-listed sender",
          when: [{ kind: "senderAllowListed", value: true }],
          // biome-ignore lint/suspicious/noThenProperty: a policy rule's "then" is the policy document's own key.
          then: { decision: "approve" },
        },
      ],
    });
    const answer = await backtest(wider, 30, undefined, []);
    expect(answer.total).toBe(asked.length);
    expect(answer.counts.active).toEqual(same.counts.active);
    expect(answer.changed.length).toBeGreaterThan(0);
    expect(answer.counts.candidate.approve - answer.counts.active.approve).toBe(answer.changed.length);
    const statusOf = new Map(asked.map((row) => [row.id, row.status]));
    for (const row of answer.changed) {
      expect(evaluations.get(row.transactionId)).not.toBe("approve");
      expect(row.active).toEqual({ decision: "hold", ruleName: null, fallback: "no-rule-matched" });
      expect(row.candidate).toEqual({
        decision: "approve",
        ruleName: "Any allow-listed sender",
        fallback: null,
      });
      const status = statusOf.get(row.transactionId);
      if (status === "COMPLETED" || status === "REJECTED") {
        expect(row.happened).toEqual({
          decision: status === "COMPLETED" ? "approve" : "reject",
          by: DECIDED_AT_THE_API,
        });
      }
      // The sender as the lists name them, their name masked for a role that sees names masked; the customer paid.
      expect(row.sender).toContain("@sandbox.uma.money");
      const shared = row.sender.split(" ($")[0] ?? "";
      if (row.sender.includes(" ($")) expect(shared).toMatch(/^\S•••( \S•••)*$/);
      expect(row.receiver).not.toMatch(/^Customer:/);
    }
    expect(answer.changed.some((row) => row.happened.by === DECIDED_AT_THE_API)).toBe(true);
    await finishDemoPolicy();
  });

  it("holds the demo's payments waiting today: one too large, one from a listed sender it leaves to screening", async () => {
    const { seedDemoPendingPayment } = await import("../../service/seed/demo");
    await seedDemoPendingPayment(service.context);
    const events = await serviceRows<{ id: string; payload: Record<string, unknown>; created_at: Date }>(
      `select w.id, w.payload, w.created_at from webhook_events w join transactions t on t.id = w.transaction_id
        where w.type = 'INCOMING_PAYMENT' and t.status = 'PENDING'`,
    );
    expect(events).toHaveLength(2);
    const decisions = await Promise.all(
      events.map(async (event) => {
        const payment = incomingPaymentOf(event.payload);
        if (!payment) throw new Error("no payment in the webhook");
        const facts = await gatherFacts(DEMO_POLICY, payment, event.created_at, {
          recipient: async (id) => {
            const row = await getCustomer(service.context, id);
            return {
              customerType: row.customerType,
              kycStatus: row.kycStatus,
              createdAt: row.createdAt.toISOString(),
            };
          },
          velocity: async () => 0,
        });
        return { sender: payment.senderAddress, decision: evaluate(DEMO_POLICY, facts).decision };
      }),
    );
    // The USD 1,250 is above the policy's bound: held. The listed sender's USD 480 is one the rules would approve,
    // so only screening holds it (decide.ts never approves a potential match).
    expect(decisions).toContainEqual({ sender: "$success.usd@sandbox.uma.money", decision: "hold" });
    expect(decisions).toContainEqual({ sender: LISTED_SANDBOX_SENDER, decision: "approve" });
  });

  it("leaves the team a member since the platform opened", async () => {
    const team = await consoleRows<{ role_since: Date }>("select role_since from users");
    expect(team.length).toBeGreaterThan(0);
    for (const member of team) expect(member.role_since.getTime()).toBe(opening.getTime());
    expect(Date.now() - opening.getTime()).toBeGreaterThan(59 * DAY);
  });
});
