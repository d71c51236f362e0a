import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { paymentDecisions, policyEvaluations } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// A person and the approval policies never both decide one payment, against a real database.

let db: ConsoleDatabase;
let evaluations: typeof import("./evaluations");

beforeAll(async () => {
  // A short budget, so the policies' "still deciding" is reached quickly.
  ({ db } = await useConsoleTestDatabase("decision_claim", { POLICY_TIME_BUDGET_MS: "50" }));
  evaluations = await import("./evaluations");
});

afterAll(async () => {
  await db?.pool.end();
});

const evaluation = (transactionId: string) => ({
  transactionId,
  webhookId: `Webhook:${transactionId}`,
  decision: "hold" as const,
  fallback: "no-active-policy",
  outcome: {},
  facts: {},
  durationMicros: 1,
  evaluatedAt: new Date(),
});

describe("claimDecisionForPerson", () => {
  it("claims a payment no delivery has claimed: its webhook, arriving later, is not decided by the policies", async () => {
    expect(await evaluations.claimDecisionForPerson("T-first", "req-1")).toBe("ours");
    expect(await evaluations.claimPaymentDecision("T-first", "Webhook:late")).toBe(false);
    // Another person after them decides too (a second approver, a rejection).
    expect(await evaluations.claimDecisionForPerson("T-first", "req-2")).toBe("ours");
  });

  it("lets a person decide a payment the policies have decided (held for people)", async () => {
    expect(await evaluations.claimPaymentDecision("T-held", "Webhook:T-held")).toBe(true);
    await db.insert(policyEvaluations).values(evaluation("T-held"));
    expect(await evaluations.claimDecisionForPerson("T-held", "req-3")).toBe("ours");
  });

  it("waits while the policies are deciding, and goes on once their decision is stored", async () => {
    expect(await evaluations.claimPaymentDecision("T-deciding", "Webhook:T-deciding")).toBe(true);
    const claim = evaluations.claimDecisionForPerson("T-deciding", "req-4");
    let settled = false;
    void claim.then(() => {
      settled = true;
    });
    // Still waiting after a few of its reads: the decision is not stored yet.
    await db.select().from(paymentDecisions);
    expect(settled).toBe(false);
    await db.insert(policyEvaluations).values(evaluation("T-deciding"));
    expect(await claim).toBe("ours");
  });

  it("refuses a person while the policies' approval or rejection may still be on its way, not after a minute", async () => {
    expect(await evaluations.claimPaymentDecision("T-approved", "Webhook:T-approved")).toBe(true);
    await db.insert(policyEvaluations).values({ ...evaluation("T-approved"), decision: "approve" });
    expect(await evaluations.claimDecisionForPerson("T-approved", "req-5")).toBe("decided");
    // Waiting for the policies' decision, then refused by it.
    expect(await evaluations.claimPaymentDecision("T-rejecting", "Webhook:T-rejecting")).toBe(true);
    const claim = evaluations.claimDecisionForPerson("T-rejecting", "req-7");
    await db.insert(policyEvaluations).values({ ...evaluation("T-rejecting"), decision: "reject" });
    expect(await claim).toBe("decided");
    // A minute on, the API has applied or dropped that answer: a payment still pending is the people's.
    expect(await evaluations.claimPaymentDecision("T-old", "Webhook:T-old")).toBe(true);
    await db
      .insert(policyEvaluations)
      .values({ ...evaluation("T-old"), decision: "approve", evaluatedAt: new Date(Date.now() - 120_000) });
    expect(await evaluations.claimDecisionForPerson("T-old", "req-8")).toBe("ours");
  });

  it("goes on when the policies stored no decision within their budget (their delivery gave up)", async () => {
    expect(await evaluations.claimPaymentDecision("T-slow", "Webhook:T-slow")).toBe(true);
    expect(await evaluations.claimDecisionForPerson("T-slow", "req-5")).toBe("ours");
  });

  it("gives way to a delivery's claim long past its deadline with no decision (its process stopped)", async () => {
    await db.insert(paymentDecisions).values({
      transactionId: "T-stale",
      webhookId: "Webhook:T-stale",
      claimedAt: new Date(Date.now() - 120_000),
    });
    expect(await evaluations.claimDecisionForPerson("T-stale", "req-6")).toBe("ours");
  });
});
