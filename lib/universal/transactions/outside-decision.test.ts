import { describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/contract";
import { buildTimeline, type TransactionDecisionRecord, type TransactionEvent } from "./timeline";

// Issue 46 item 3: a held payment decided with an API credential directly shows as such on its timeline.
const payment = (status: string): Transaction =>
  ({
    id: "Transaction:9",
    status,
    type: "INCOMING",
    customerId: "Customer:1",
    platformCustomerId: "p1",
    destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:1" },
    createdAt: "2025-03-10T10:00:00.000Z",
    updatedAt: "2025-03-10T10:05:00.000Z",
  }) as Transaction;

const held: TransactionEvent = {
  webhookId: "Webhook:1",
  type: "INCOMING_PAYMENT",
  transactionStatus: "PENDING",
  failureReason: null,
  receivedAt: "2025-03-10T10:00:01.000Z",
  occurredAt: "2025-03-10T10:00:01.000Z",
  responseStatus: 202,
};

const byPerson = (partial: Partial<TransactionDecisionRecord>): TransactionDecisionRecord => ({
  decision: "approved",
  at: "2025-03-10T10:04:00.000Z",
  by: { name: "Carla", email: "compliance@demo.local" },
  ...partial,
});

const titles = (status: string, decisions: TransactionDecisionRecord[] = [], events = [held]) =>
  buildTimeline(payment(status), events, decisions).map((entry) => entry.title);

describe("a held payment decided outside the console", () => {
  it("says approved at the API when it completed with no decision in the audit log", () => {
    expect(titles("COMPLETED")).toEqual([
      "Created",
      "Pending",
      "Approved at the API, not through this console",
      "Completed",
    ]);
  });

  it("says rejected at the API when it was rejected with no decision in the audit log", () => {
    expect(titles("REJECTED")).toContain("Rejected at the API, not through this console");
  });

  it("says it when the API had it decided while the console was still deciding it (answered 409)", () => {
    expect(titles("COMPLETED", [], [{ ...held, responseStatus: 409 }])).toContain(
      "Approved at the API, not through this console",
    );
  });

  it("says it when only a first approval of two was recorded here", () => {
    expect(titles("COMPLETED", [byPerson({ approvalStep: "1 of 2" })])).toContain(
      "Approved at the API, not through this console",
    );
  });

  it("says nothing of the kind when a person decided it here, it still waits, or it was never held", () => {
    expect(titles("COMPLETED", [byPerson({})]).some((title) => title.includes("not through"))).toBe(false);
    expect(titles("PENDING").some((title) => title.includes("not through"))).toBe(false);
    expect(titles("EXPIRED").some((title) => title.includes("not through"))).toBe(false);
    const automatic = [{ ...held, responseStatus: 200 }];
    expect(titles("COMPLETED", [], automatic).some((title) => title.includes("not through"))).toBe(false);
  });
});
