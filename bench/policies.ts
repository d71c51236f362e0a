import { createPrivateKey, createSign, randomUUID } from "node:crypto";
import pg from "pg";
import { evaluate, type PolicyFacts, velocityKey } from "../lib/universal/policies/evaluate";
import { type PolicyDocument, policyDocumentSchema } from "../lib/universal/policies/rules";
import { databaseUrl, webhookPrivateKeyPem } from "./support/secrets";
import { CONSOLE_ORIGIN } from "./support/stack";
import { percentile } from "./support/stats";
import type { BenchContext } from "./types";

/** The console's default POLICY_TIME_BUDGET_MS (lib/server/env.ts), which the bench's stack runs with. */
export const POLICY_TIME_BUDGET_MS = 1_500;
const RULES = 100;

export interface PoliciesResult {
  rules: number;
  /** Pure evaluation in this process (lib/universal/policies/evaluate.ts), milliseconds. */
  pure: { runs: number; p50: number; p99: number };
  /** The console's whole decision per webhook (settings, active version, facts, rules), from policy_evaluations. */
  whole: { webhooks: number; p50: number; p99: number; overBudget: number; heldForBudget: number };
  /** Facts gathering: the whole decision less the pure evaluation, at the same percentile. */
  facts: { p50: number; p99: number };
  /** Round trip of the delivery as the sender sees it (verify, decide, audit, store, answer). */
  delivery: { p50: number; p99: number };
  budgetMs: number;
}

/**
 * A realistic worst case: 99 rules that each fail on their last clause after reading amounts, the sender's domain,
 * counterparty fields, the recipient's record and six distinct velocity figures, then a last rule that holds
 * everything. Every webhook walks all 100 rules.
 */
function benchPolicy(): PolicyDocument {
  const velocity = (i: number) => ({
    kind: "velocity",
    per: i % 2 ? "sender" : "recipient",
    measure: i % 4 < 2 ? "count" : "amount",
    currency: "USD",
    hours: [1, 24, 168][i % 3],
    op: "lt",
    value: 1_000_000_000,
  });
  const rules = Array.from({ length: RULES - 1 }, (_, i) => ({
    id: `rule-${i}`,
    name: `Rule ${i}`,
    when: [
      { kind: "currency", side: "receiving", op: "in", values: ["USD", "EUR", "MXN"] },
      { kind: "senderDomain", op: "notIn", values: [`blocked-${i}.example`] },
      { kind: "counterpartyField", field: "FULL_NAME", present: true },
      { kind: "recipientKyc", op: "notIn", values: ["REJECTED"] },
      { kind: "recipientAgeDays", op: "gte", value: 0 },
      velocity(i),
      { kind: "amount", side: "receiving", currency: "USD", op: "eq", value: 1 + i },
    ],
    then: { decision: "approve" },
  }));
  rules.push({
    id: "hold-the-rest",
    name: "Hold the rest",
    when: [{ kind: "currency", side: "receiving", op: "in", values: ["USD"] }] as never,
    then: { decision: "hold", queue: "Compliance", priority: "normal" } as never,
  });
  return policyDocumentSchema.parse({ rules, allowListedDomains: ["sandbox.uma.money"] });
}

function pureRuns(document: PolicyDocument, runs: number): number[] {
  const velocity = Object.fromEntries(
    document.rules.flatMap((rule) =>
      rule.when.flatMap((clause) => (clause.kind === "velocity" ? [[velocityKey(clause), 3]] : [])),
    ),
  );
  const facts: PolicyFacts = {
    receiving: { amount: 12_345, currency: "USD" },
    senderAddress: "$success.usd@sandbox.uma.money",
    senderDomain: "sandbox.uma.money",
    counterparty: { FULL_NAME: "Alex Sandbox Rivera" },
    recipient: { kycStatus: "APPROVED", ageDays: 30 },
    velocity,
  };
  for (let i = 0; i < 1_000; i++) evaluate(document, facts);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = evaluate(document, facts);
    times.push(performance.now() - started);
    if (result.rule?.id !== "hold-the-rest") throw new Error("the bench policy did not reach its last rule");
  }
  return times;
}

/**
 * Approval policies at 100 rules: pure evaluation in this process, and the console's whole decision per signed
 * PENDING INCOMING_PAYMENT webhook (one at a time, against a real customer of the service, so the recipient's
 * record is read from the API and the velocity figures from the inbox), as the console measured and stored it.
 */
export async function runPolicies(context: BenchContext): Promise<PoliciesResult> {
  const document = benchPolicy();
  const pure = pureRuns(document, context.quick ? 2_000 : 20_000);
  const webhooks = context.quick ? 30 : 300;

  const consoleDb = new pg.Client({ connectionString: databaseUrl("console") });
  const serviceDb = new pg.Client({ connectionString: databaseUrl("payment_service") });
  await Promise.all([consoleDb.connect(), serviceDb.connect()]);
  const run = `bench-policies-${randomUUID().slice(0, 8)}`;
  const delivery: number[] = [];
  let versionId: string | undefined;
  try {
    const customer = (
      await serviceDb.query<{ id: string }>("select id from customers order by created_at limit 1")
    ).rows[0];
    if (!customer) throw new Error("the service has no customer");
    await consoleDb.query("update policy_versions set status = 'superseded' where status = 'active'");
    const inserted = await consoleDb.query<{ id: string }>(
      `insert into policy_versions (version, status, document, note, created_by)
       select coalesce(max(version), 0) + 1, 'active', $1, 'bench',
              (select id from users where role = 'admin' order by created_at limit 1)
       from policy_versions returning id`,
      [JSON.stringify(document)],
    );
    versionId = inserted.rows[0]?.id;

    const key = createPrivateKey(webhookPrivateKeyPem());
    const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
    for (let i = 0; i < webhooks + 5; i++) {
      const now = new Date().toISOString();
      const body = JSON.stringify({
        webhookId: `${run}-${i}`,
        type: "INCOMING_PAYMENT",
        timestamp: now,
        requestedReceiverCustomerInfoFields: [],
        transaction: {
          id: `Transaction:${randomUUID()}`,
          status: "PENDING",
          type: "INCOMING",
          destination: {
            destinationType: "ACCOUNT",
            accountId: `InternalAccount:${randomUUID()}`,
            currency: "USD",
          },
          customerId: customer.id,
          platformCustomerId: "bench-policies",
          source: {
            sourceType: "UMA_ADDRESS",
            umaAddress: "$success.usd@sandbox.uma.money",
            currency: "USD",
          },
          sentAmount: { amount: 12_345, currency: usd },
          receivedAmount: { amount: 12_345, currency: usd },
          createdAt: now,
          updatedAt: now,
          counterpartyInformation: { FULL_NAME: "Alex Sandbox Rivera" },
        },
      });
      const signature = createSign("sha256")
        .update(body, "utf8")
        .sign({ key, dsaEncoding: "der" })
        .toString("base64");
      const started = performance.now();
      const response = await fetch(`${CONSOLE_ORIGIN}/api/webhooks`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "X-Service-Signature": JSON.stringify({ v: "1", s: signature }),
        },
        body,
      });
      await response.arrayBuffer();
      // The first few warm the console's code paths and connections.
      if (i >= 5) delivery.push(performance.now() - started);
      if (response.status !== 202) throw new Error(`the console answered ${response.status}, not 202 (held)`);
    }
    const stored = await consoleDb.query<{ duration_micros: number; fallback: string | null }>(
      `select duration_micros, fallback from policy_evaluations
        where webhook_id like $1 and split_part(webhook_id, '-', 4)::int >= 5`,
      [`${run}-%`],
    );
    const whole = stored.rows.map((row) => row.duration_micros / 1000);
    const pureP50 = percentile(pure, 50);
    const pureP99 = percentile(pure, 99);
    const result: PoliciesResult = {
      rules: document.rules.length,
      pure: { runs: pure.length, p50: pureP50, p99: pureP99 },
      whole: {
        webhooks: whole.length,
        p50: percentile(whole, 50),
        p99: percentile(whole, 99),
        overBudget: whole.filter((value) => value > POLICY_TIME_BUDGET_MS).length,
        heldForBudget: stored.rows.filter((row) => row.fallback === "time-budget-exceeded").length,
      },
      facts: {
        p50: Math.max(0, percentile(whole, 50) - pureP50),
        p99: Math.max(0, percentile(whole, 99) - pureP99),
      },
      delivery: { p50: percentile(delivery, 50), p99: percentile(delivery, 99) },
      budgetMs: POLICY_TIME_BUDGET_MS,
    };
    context.log(
      `policies: pure p50 ${pureP50.toFixed(3)} ms, whole p50 ${result.whole.p50.toFixed(1)} ms, p99 ${result.whole.p99.toFixed(1)} ms`,
    );
    return result;
  } finally {
    if (versionId)
      await consoleDb.query("update policy_versions set status = 'superseded' where id = $1", [versionId]);
    await Promise.all([consoleDb.end(), serviceDb.end()]);
  }
}
