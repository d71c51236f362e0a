import { describe, expect, it } from "vitest";
import { DECIDED_AT_THE_API, happenedWords, whatHappened } from "./backtest-compare";
import { velocityKey } from "./evaluate";
import { domainOf, gatherFacts, incomingPaymentOf, type VelocityEntry, velocityFrom } from "./facts";
import { type PolicyDocument, policyDocumentSchema } from "./rules";

const usd = (amount: number) => ({
  amount,
  currency: { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 },
});

const payload = {
  webhookId: "Webhook:1",
  type: "INCOMING_PAYMENT",
  requestedReceiverCustomerInfoFields: [{ name: "FULL_NAME", mandatory: true }, { name: "EMAIL" }],
  transaction: {
    id: "Transaction:1",
    status: "PENDING",
    customerId: "Customer:1",
    source: { sourceType: "UMA_ADDRESS", umaAddress: "$Success.USD@Sandbox.UMA.money" },
    receivedAmount: usd(1_000),
    sentAmount: usd(1_050),
    counterpartyInformation: { FULL_NAME: "Ana", NATIONALITY: "MX", AGE: 3 },
  },
};

const doc = (rules: unknown[]): PolicyDocument =>
  policyDocumentSchema.parse({
    rules: rules.map((when, index) => ({
      id: `r${index}`,
      name: `Rule ${index}`,
      when,
      then: { decision: "approve" },
    })),
  });

const at = new Date("2026-01-10T12:00:00Z");

describe("incomingPaymentOf", () => {
  it("reads amounts, the sender (lower case), the recipient, string counterparty fields and requested fields", () => {
    expect(incomingPaymentOf(payload)).toEqual({
      transactionId: "Transaction:1",
      customerId: "Customer:1",
      senderAddress: "$success.usd@sandbox.uma.money",
      receiving: { amount: 1_000, currency: "USD" },
      sending: { amount: 1_050, currency: "USD" },
      counterparty: { FULL_NAME: "Ana", NATIONALITY: "MX" },
      requestedFields: [
        { name: "FULL_NAME", mandatory: true },
        { name: "EMAIL", mandatory: false },
      ],
    });
    expect(incomingPaymentOf({ transaction: { status: "PENDING" } })).toBeNull();
    expect(domainOf("$a@b.example")).toBe("b.example");
    expect(domainOf("no-domain@")).toBeUndefined();
  });
});

describe("gatherFacts", () => {
  const payment = incomingPaymentOf(payload);
  if (!payment) throw new Error("unreadable payload");
  const calls: string[] = [];
  const sources = {
    recipient: async (id: string) => {
      calls.push(`recipient ${id}`);
      return {
        customerType: "INDIVIDUAL" as const,
        kycStatus: "APPROVED",
        createdAt: "2026-01-01T00:00:00Z",
      };
    },
    velocity: async (clause: { per: string; hours: number }) => {
      calls.push(`velocity ${clause.per} ${clause.hours}`);
      return 4;
    },
  };

  it("gathers only what the clauses ask for", async () => {
    calls.length = 0;
    const facts = await gatherFacts(
      doc([[{ kind: "amount", side: "receiving", currency: "USD", op: "lt", value: 5 }]]),
      payment,
      at,
      sources,
    );
    expect(facts).toEqual({ receiving: { amount: 1_000, currency: "USD" } });
    expect(calls).toEqual([]);
  });

  it("reads the recipient and each velocity figure once, as of the given time", async () => {
    calls.length = 0;
    const velocity = {
      kind: "velocity",
      per: "sender",
      measure: "count",
      hours: 24,
      op: "lt",
      value: 5,
    } as const;
    const facts = await gatherFacts(
      doc([
        [
          velocity,
          { kind: "recipientAgeDays", op: "gte", value: 1 },
          { kind: "senderAllowListed", value: true },
        ],
        [velocity, { kind: "counterpartyField", field: "BIRTH_DATE", present: false }],
        [{ kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["MX"] }],
      ]),
      payment,
      at,
      sources,
    );
    expect(facts).toEqual({
      senderAddress: "$success.usd@sandbox.uma.money",
      senderDomain: "sandbox.uma.money",
      counterparty: { NATIONALITY: "MX" },
      recipient: { ageDays: 9 },
      velocity: { [velocityKey(velocity)]: 4 },
    });
    expect(calls).toEqual(["recipient Customer:1", "velocity sender 24"]);
  });
});

describe("velocityFrom", () => {
  const payment = incomingPaymentOf(payload);
  if (!payment) throw new Error("unreadable payload");
  const entry = (id: string, hoursAgo: number, partial: Partial<VelocityEntry> = {}): VelocityEntry => ({
    transactionId: id,
    receivedAt: new Date(at.getTime() - hoursAgo * 3_600_000),
    senderAddress: "$success.usd@sandbox.uma.money",
    customerId: "Customer:2",
    receiving: { amount: 100, currency: "USD" },
    ...partial,
  });
  const history = [
    entry("T:a", 1),
    entry("T:a", 1),
    entry("T:b", 5, { receiving: { amount: 300, currency: "EUR" } }),
    entry("T:c", 30),
    entry("T:d", 2, { senderAddress: "$other@x.example", customerId: "Customer:1" }),
    entry("Transaction:1", 0.5),
    entry("T:later", -1),
  ];

  it("counts each earlier payment of the sender in the window once, leaving this one and later ones out", () => {
    const count = {
      kind: "velocity",
      per: "sender",
      measure: "count",
      hours: 24,
      op: "lt",
      value: 1,
    } as const;
    expect(velocityFrom(count, payment, at, history)).toBe(2);
    expect(velocityFrom({ ...count, hours: 48 }, payment, at, history)).toBe(3);
    expect(velocityFrom({ ...count, per: "recipient" }, payment, at, history)).toBe(1);
  });

  it("totals amounts in the clause's currency, else this payment's receiving currency", () => {
    const amount = {
      kind: "velocity",
      per: "sender",
      measure: "amount",
      hours: 24,
      op: "lt",
      value: 1,
    } as const;
    expect(velocityFrom(amount, payment, at, history)).toBe(100);
    expect(velocityFrom({ ...amount, currency: "EUR" }, payment, at, history)).toBe(300);
  });
});

describe("whatHappened (backtest)", () => {
  const view = {
    decision: "approve" as const,
    policyVersion: 2,
    ruleId: "r",
    ruleName: "Small",
    fallback: null,
    outcome: {},
    evaluatedAt: at.toISOString(),
    durationMicros: 1,
  };
  it("a person's decision first, then the policy's, then the console's answer", () => {
    expect(whatHappened({ decision: "reject", name: "Carla Compliance" }, view, 202)).toEqual({
      decision: "reject",
      by: "Carla Compliance",
    });
    expect(whatHappened({ decision: "approve", name: null }, view, 202).by).toBe(
      "a person no longer on the team",
    );
    expect(whatHappened(undefined, view, 200)).toEqual({ decision: "approve", by: "policy 'Small' v2" });
    expect(
      whatHappened(
        undefined,
        { ...view, decision: "hold", ruleName: null, fallback: "no-rule-matched" },
        202,
      ),
    ).toEqual({ decision: "hold", by: "policy v2 (no rule matched)" });
    expect(whatHappened(undefined, undefined, 202)).toEqual({
      decision: "hold",
      by: "the console (held for people)",
    });
    expect(whatHappened(undefined, undefined, undefined).decision).toBe("unknown");
  });

  it("else what the API records of a payment the console never decided (a fresh start's history)", () => {
    const held = { ...view, decision: "hold" as const, ruleName: null, fallback: "no-rule-matched" };
    expect(whatHappened(undefined, held, undefined, { status: "COMPLETED" })).toEqual({
      decision: "approve",
      by: DECIDED_AT_THE_API,
    });
    expect(whatHappened(undefined, undefined, undefined, { status: "REJECTED" })).toEqual({
      decision: "reject",
      by: DECIDED_AT_THE_API,
    });
    // The policy's own decision, a person's and the console's answer come first.
    expect(whatHappened(undefined, view, undefined, { status: "COMPLETED" }).by).toBe("policy 'Small' v2");
    expect(whatHappened(undefined, undefined, 200, { status: "COMPLETED" }).by).toBe(
      "the console (webhook answer)",
    );
    expect(whatHappened(undefined, held, undefined, { status: "PENDING" }).by).toBe(
      "policy v2 (no rule matched)",
    );
    expect(
      happenedWords(
        whatHappened(undefined, undefined, undefined, {
          status: "FAILED",
          failureReason: "PAYMENT_APPROVAL_TIMED_OUT",
        }),
      ),
    ).toBe("held by the API until it timed out (no one decided)");
  });

  it("says what happened in words (issue 49 item 7)", () => {
    const noPolicy = {
      ...view,
      decision: "hold" as const,
      policyVersion: null,
      ruleName: null,
      fallback: "no-active-policy",
    };
    expect(happenedWords(whatHappened(undefined, noPolicy, 202))).toBe(
      "held by the console (no policy was active)",
    );
    expect(happenedWords(whatHappened(undefined, view, 200))).toBe("approved by policy 'Small' v2");
    const screened = { ...view, decision: "hold" as const, fallback: "screening-potential-match" };
    expect(happenedWords(whatHappened(undefined, screened, 202))).toBe(
      "held by policy v2 (the sender was a potential watchlist match)",
    );
    expect(happenedWords({ decision: "unknown", by: "unknown" })).toBe("decided in a way no record shows");
  });
});
