import { describe, expect, it } from "vitest";
import type { Transaction } from "../contract";
import { buildTimeline, type TransactionEvent } from "./timeline";

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

describe("buildTimeline", () => {
  it("orders creation and each reported status once", () => {
    const timeline = buildTimeline(base, [
      event({ transactionStatus: "COMPLETED", receivedAt: "2025-03-10T10:05:01.000Z" }),
      event({ transactionStatus: "PENDING", responseStatus: 202 }),
      event({ transactionStatus: "PENDING", receivedAt: "2025-03-10T10:00:02.000Z" }),
    ]);
    expect(timeline.map((entry) => entry.status)).toEqual(["CREATED", "PENDING", "COMPLETED"]);
    expect(timeline[1]?.detail).toMatch(/held for a person/);
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
});
