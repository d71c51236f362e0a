import { expect, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { signInPage } from "./support/session";
import { resetTwoPersonRule } from "./support/two-person-rule";

const APPROVE_USD = {
  allowListedDomains: [],
  rules: [
    {
      id: "approve-usd",
      name: "Approve all USD",
      when: [{ kind: "currency", side: "receiving", op: "in", values: ["USD"] }],
      then: { decision: "approve" },
    },
  ],
};

type Outcome = { decision: string; ruleName: string | null; fallback: string | null };

test.afterAll(resetTwoPersonRule);

// A policy's approval of a payment the two-person rule asks two people to approve is a hold when the payment arrives
// (lib/server/policies/decide.ts); the backtest must say the same, not promise an approval no payment would get.
test("a backtest holds for two people what the two-person rule asks two to approve, as a live decision does", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Bea Backtest-Two");
  await receiveSandboxPayment(customer.id, 900);
  await receiveSandboxPayment(customer.id, 90_000);
  // Two people approve USD payments from $500: set here directly (through the console it takes two officers, as
  // e2e/compliance-needs-two-approvers.spec.ts shows).
  await withConsoleDatabase((client) =>
    client.query(
      `INSERT INTO approval_thresholds (currency, minimum_amount, updated_by) VALUES ('USD', 50000, 'e2e')
         ON CONFLICT (currency) DO UPDATE SET minimum_amount = 50000`,
    ),
  );
  await signInPage(page, "compliance");
  const response = await page.request.post("/api/policies/backtest", {
    data: { document: APPROVE_USD, days: 1 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as {
    changed: { receiver: string; amount: { value: number }; active: Outcome; candidate: Outcome }[];
  };
  const hers = answer.changed.filter((row) => row.receiver === "Bea Backtest-Two");
  // The version in force holds both (her account is new); the candidate approves the small one alone: the large one
  // it would approve waits for two people, a hold as before, so no change.
  expect(hers.map((row) => [row.amount.value, row.candidate])).toEqual([
    [900, { decision: "approve", ruleName: "Approve all USD", fallback: null }],
  ]);
});
