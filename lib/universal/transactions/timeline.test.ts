import { describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/contract";
import type { PolicyEvaluationView } from "../policies/evaluation-view";
import { REASON_WITHHELD } from "../privacy/reason-withheld";
import { buildTimeline, type TransactionDecisionRecord, type TransactionEvent } from "./timeline";

const base: Transaction = {
  id: "Transaction:1",
  status: "COMPLETED",
  type: "INCOMING",
  customerId: "Customer:1",
  platformCustomerId: "p1",
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:1" },
  createdAt: "2025-03-10T10:00:00.000Z",
  updatedAt: "2025-03-10T10:05:00.000Z",
  settledAt: "2025-03-10T10:05:00.000Z",
};

const event = (partial: Partial<TransactionEvent>): TransactionEvent => ({
  webhookId: `Webhook:${partial.receivedAt}`,
  type: "INCOMING_PAYMENT",
  transactionStatus: "PENDING",
  failureReason: null,
  receivedAt: "2025-03-10T10:00:01.000Z",
  responseStatus: 200,
  ...partial,
  occurredAt: partial.occurredAt ?? partial.receivedAt ?? "2025-03-10T10:00:01.000Z",
});

const evaluation = (partial: Partial<PolicyEvaluationView>): PolicyEvaluationView => ({
  decision: "approve",
  policyVersion: 3,
  ruleId: "small-usd",
  ruleName: "Small allow-listed USD",
  fallback: null,
  outcome: {},
  evaluatedAt: "2025-03-10T10:00:01.100Z",
  durationMicros: 2_400,
  ...partial,
});

describe("buildTimeline with policy evaluations", () => {
  it("says which policy decided, right after Pending and before any person", () => {
    const timeline = buildTimeline(
      base,
      [event({}), event({ transactionStatus: "COMPLETED", receivedAt: "2025-03-10T10:05:01.000Z" })],
      [],
      [evaluation({})],
    );
    expect(timeline.map((entry) => entry.title)).toEqual([
      "Created",
      "Pending",
      "Approved by policy 'Small allow-listed USD' v3",
      "Completed",
    ]);
  });

  it("names a rejection's reason, a hold's queue and priority, and each fallback", () => {
    const titles = (view: Partial<PolicyEvaluationView>) => {
      const entry = buildTimeline(base, [event({})], [], [evaluation(view)])[2];
      return [entry?.title, entry?.detail];
    };
    expect(
      titles({ decision: "reject", outcome: { code: "POLICY_REJECTED", message: "Not accepted" } }),
    ).toEqual([
      "Rejected by policy 'Small allow-listed USD' v3",
      "Reason: POLICY_REJECTED — Not accepted · Evaluated in 2.4 ms",
    ]);
    expect(
      titles({ decision: "hold", ruleName: "Large", outcome: { queue: "Senior", priority: "high" } })[0],
    ).toBe("Held by policy 'Large' v3 (Senior, high priority)");
    expect(titles({ decision: "hold", ruleName: null, fallback: "no-rule-matched" })[0]).toBe(
      "Held: no rule matched (v3)",
    );
    expect(titles({ decision: "hold", policyVersion: null, fallback: "emergency-hold" })[0]).toBe(
      "Held: emergency hold",
    );
    expect(titles({ decision: "hold", policyVersion: null, fallback: "no-active-policy" })[0]).toBe(
      "Held: no active policy",
    );
    expect(titles({ decision: "hold", fallback: "time-budget-exceeded" })[0]).toBe(
      "Held: the policy v3 ran past its time budget",
    );
  });
});

describe("buildTimeline", () => {
  it("orders creation and each reported status once", () => {
    const timeline = buildTimeline(base, [
      event({ transactionStatus: "COMPLETED", receivedAt: "2025-03-10T10:05:01.000Z" }),
      event({ transactionStatus: "PENDING", responseStatus: 202 }),
      event({ transactionStatus: "PENDING", receivedAt: "2025-03-10T10:00:02.000Z" }),
    ]);
    // Held, then completed with no decision in the console's audit log: decided at the API (issue 46 item 3).
    expect(timeline.map((entry) => entry.status)).toEqual(["CREATED", "PENDING", "PENDING", "COMPLETED"]);
    expect(timeline[1]?.detail).toMatch(/held for a person/);
    expect(timeline[2]?.title).toBe("Approved at the API, not through this console");
  });

  it("orders by when the status changed, not by when the deliveries arrived", () => {
    const outgoing = { ...base, type: "OUTGOING" as const };
    const at = "2025-03-10T10:00:00.500Z";
    const timeline = buildTimeline(outgoing, [
      event({
        type: "OUTGOING_PAYMENT",
        transactionStatus: "COMPLETED",
        occurredAt: at,
        receivedAt: "2025-03-10T10:00:01.000Z",
      }),
      event({
        type: "OUTGOING_PAYMENT",
        transactionStatus: "PROCESSING",
        occurredAt: at,
        receivedAt: "2025-03-10T10:00:02.000Z",
      }),
    ]);
    expect(timeline.map((entry) => entry.status)).toEqual(["CREATED", "PROCESSING", "COMPLETED"]);
  });

  it("ends with the API's current status when no webhook reported it", () => {
    expect(buildTimeline(base, []).map((entry) => [entry.status, entry.at])).toEqual([
      ["CREATED", "2025-03-10T10:00:00.000Z"],
      ["COMPLETED", "2025-03-10T10:05:00.000Z"],
    ]);
    const timeline = buildTimeline({ ...base, status: "FAILED", settledAt: undefined }, [
      event({ transactionStatus: "PENDING" }),
    ]);
    expect(timeline.at(-1)).toMatchObject({ status: "FAILED", source: "record" });
  });

  it("explains a failure a webhook carried", () => {
    const timeline = buildTimeline({ ...base, status: "FAILED", settledAt: undefined }, [
      event({ transactionStatus: "FAILED", failureReason: "PAYMENT_APPROVAL_TIMED_OUT" }),
    ]);
    expect(timeline.at(-1)?.detail).toContain("PAYMENT_APPROVAL_TIMED_OUT");
    expect(timeline.filter((entry) => entry.status === "FAILED")).toHaveLength(1);
  });
  describe("a person's decision", () => {
    const held = [
      event({ transactionStatus: "PENDING", responseStatus: 202 }),
      event({ transactionStatus: "COMPLETED", receivedAt: "2025-03-10T10:05:01.000Z" }),
    ];
    const approval: TransactionDecisionRecord = {
      decision: "approved",
      at: "2025-03-10T10:04:00.000Z",
      by: { name: "Carla Compliance", email: "compliance@demo.local" },
    };

    it("names the two approvals of a payment under the two-person rule", () => {
      const first = { ...approval, approvalStep: "1 of 2" };
      const second: TransactionDecisionRecord = {
        decision: "approved",
        at: "2025-03-10T10:04:30.000Z",
        by: { name: "Ada Admin", email: "admin@demo.local" },
        approvalStep: "2 of 2",
      };
      const timeline = buildTimeline(base, held, [first, second]);
      expect(timeline.map((entry) => entry.title)).toEqual([
        "Created",
        "Pending",
        "First of two approvals by Carla Compliance",
        "Approved (second of two) by Ada Admin",
        "Completed",
      ]);
      expect(timeline[2]?.tone).toBeUndefined();
      expect(timeline[3]?.tone).toBe("success");
    });

    it("comes right after the Pending step, named and on the console's clock", () => {
      const timeline = buildTimeline(base, held, [approval]);
      expect(timeline.map((entry) => entry.title)).toEqual([
        "Created",
        "Pending",
        "Approved by Carla Compliance",
        "Completed",
      ]);
      expect(timeline[2]).toMatchObject({ source: "console", tone: "success", at: approval.at });
      // The title names who decided; nothing under it says the same decision again.
      expect(timeline[2]?.detail).toBeUndefined();
    });

    it("stays after Pending when the sandbox clock has run ahead of the console's", () => {
      // The platform's clock moved a day: its times are later than the console's record of the decision.
      const ahead = [
        event({ transactionStatus: "PENDING", occurredAt: "2025-03-11T10:00:01.000Z" }),
        event({ transactionStatus: "COMPLETED", occurredAt: "2025-03-11T10:05:01.000Z" }),
      ];
      const timeline = buildTimeline({ ...base, createdAt: "2025-03-11T10:00:00.000Z" }, ahead, [approval]);
      expect(timeline.map((entry) => entry.title)).toEqual([
        "Created",
        "Pending",
        "Approved by Carla Compliance",
        "Completed",
      ]);
    });

    it("gives a rejection's reason, and names a decider who left the team by email", () => {
      const rejected = { ...base, status: "REJECTED" as const, settledAt: undefined };
      const timeline = buildTimeline(
        rejected,
        [event({ transactionStatus: "PENDING", responseStatus: 202 })],
        [
          {
            decision: "rejected",
            at: "2025-03-10T10:04:00.000Z",
            by: { name: null, email: "former@demo.local" },
            reason: "Sender name does not match",
          },
        ],
      );
      expect(timeline.map((entry) => [entry.title, entry.detail])).toEqual([
        ["Created", undefined],
        ["Pending", "Webhook received; held for a person to approve or reject"],
        ["Rejected by former@demo.local", "Reason: Sender name does not match"],
        ["Rejected", "Current status from the payment API; no webhook has reported it to this console"],
      ]);
      expect(timeline[2]?.tone).toBe("danger");
    });

    it("says a rejection once, by name, with its reason under it (or that the reason is withheld)", () => {
      const timeline = buildTimeline(
        { ...base, status: "REJECTED" as const, settledAt: undefined },
        [],
        [
          {
            decision: "rejected",
            at: "2025-03-10T10:04:00.000Z",
            by: { name: "Carla Compliance", email: "compliance@demo.local" },
            reason: "Sender name does not match",
          },
        ],
      );
      const decision = timeline.find((entry) => entry.key.startsWith("decision"));
      expect([decision?.title, decision?.detail]).toEqual([
        "Rejected by Carla Compliance",
        "Reason: Sender name does not match",
      ]);
      const withheld = buildTimeline(
        { ...base, status: "REJECTED" as const, settledAt: undefined },
        [],
        [
          {
            decision: "rejected",
            at: "2025-03-10T10:04:00.000Z",
            by: { name: "Cole Compliance", email: "second-compliance@demo.local" },
            reason: REASON_WITHHELD,
          },
        ],
      ).find((entry) => entry.key.startsWith("decision"));
      expect(withheld?.detail).toBe(REASON_WITHHELD);
    });

    it("follows creation when no webhook reported the payment pending", () => {
      const timeline = buildTimeline(base, [], [approval]);
      expect(timeline.map((entry) => entry.title)).toEqual([
        "Created",
        "Approved by Carla Compliance",
        "Completed",
      ]);
    });
  });
});
