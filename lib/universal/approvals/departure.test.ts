import { describe, expect, it } from "vitest";
import {
  type Departure,
  departureOf,
  departureOfStatus,
  departureVerb,
  paymentSubject,
  saysMore,
  shortPaymentId,
} from "./departure";
import type { PendingApproval } from "./pending-approval";

const heard = new Date("2026-03-02T10:15:00.000Z");

describe("departureOf", () => {
  it("takes who decided and when from a person's decision", () => {
    expect(
      departureOf(
        {
          kind: "approval-decided",
          environment: "sandbox",
          transactionId: "Transaction:1",
          decision: "approved",
          decidedBy: "second-compliance@demo.local",
          decidedByName: "Cole Compliance",
          decidedAt: "2026-03-02T10:14:58.000Z",
        },
        heard,
      ),
    ).toEqual({
      id: "Transaction:1",
      departure: {
        outcome: "approved",
        by: { email: "second-compliance@demo.local", name: "Cole Compliance" },
        at: "2026-03-02T10:14:58.000Z",
      },
    });
  });

  it("reads a webhook's status, a time-out, and ignores what never waited", () => {
    const webhook = {
      kind: "webhook",
      webhookId: "w",
      type: "INCOMING_PAYMENT",
      transactionId: "T:2",
    } as const;
    expect(departureOf({ ...webhook, transactionStatus: "REJECTED" }, heard)?.departure).toEqual({
      outcome: "rejected",
      at: heard.toISOString(),
    });
    expect(
      departureOf(
        { ...webhook, transactionStatus: "FAILED", failureReason: "PAYMENT_APPROVAL_TIMED_OUT" },
        heard,
      )?.departure.outcome,
    ).toBe("timed-out");
    expect(
      departureOf({ ...webhook, transactionStatus: "FAILED", failureReason: "PAY_REQUEST_FAILED" }, heard),
    ).toBeUndefined();
    expect(departureOf({ ...webhook, transactionStatus: "PENDING" }, heard)).toBeUndefined();
    // Approved or rejected by the policies as it arrived: said so, not "elsewhere".
    const byPolicy = departureOf({ ...webhook, transactionStatus: "COMPLETED", queue: "never" }, heard);
    expect(byPolicy?.departure).toMatchObject({ outcome: "approved", byPolicy: true });
    expect(departureVerb(byPolicy?.departure)).toBe("was approved by the approval policy");
    expect(
      departureOf({ ...webhook, transactionStatus: "REJECTED", queue: "never" }, heard)?.departure.byPolicy,
    ).toBe(true);
    expect(
      departureOf({ ...webhook, transactionStatus: "COMPLETED", queue: "held" }, heard)?.departure.byPolicy,
    ).toBeUndefined();
    expect(
      departureOf({ ...webhook, type: "OUTGOING_PAYMENT", transactionStatus: "COMPLETED" }, heard),
    ).toBeUndefined();
  });
});

describe("departureOfStatus", () => {
  const at = "2026-03-02T10:14:58.000Z";
  it("reads a decided payment's status as read again, naming no one", () => {
    expect(departureOfStatus("COMPLETED", undefined, at)).toEqual({ outcome: "approved", at });
    expect(departureOfStatus("REJECTED", undefined, at)).toEqual({ outcome: "rejected", at });
    expect(departureOfStatus("FAILED", "PAYMENT_APPROVAL_TIMED_OUT", at)).toEqual({
      outcome: "timed-out",
      at,
    });
    expect(departureOfStatus("FAILED", "TIMEOUT", at)).toEqual({
      outcome: "failed",
      at,
      failureReason: "TIMEOUT",
    });
  });

  it("says nothing of a payment that still waits, or of a status that is no decision", () => {
    expect(departureOfStatus("PENDING", undefined, at)).toBeUndefined();
    expect(departureOfStatus("PROCESSING", undefined, at)).toBeUndefined();
    expect(departureOfStatus(undefined, undefined, at)).toBeUndefined();
  });
});

describe("saysMore", () => {
  const status: Departure = { outcome: "approved", at: "2026-03-02T10:15:00.000Z" };
  const person: Departure = {
    outcome: "approved",
    by: { email: "second-compliance@demo.local", name: "Cole Compliance" },
    at: "2026-03-02T10:14:58.000Z",
  };
  const own: Departure = { outcome: "approved", own: true, at: "2026-03-02T10:14:57.000Z" };

  it("takes anything over nothing, and a person's decision over a status", () => {
    expect(saysMore(status, undefined)).toBe(true);
    expect(saysMore(person, status)).toBe(true);
  });

  it("keeps who decided, and the page's own decision, over what is heard after", () => {
    expect(saysMore(status, person)).toBe(false);
    expect(saysMore(person, person)).toBe(false);
    expect(saysMore(person, own)).toBe(false);
    expect(saysMore(status, own)).toBe(false);
  });
});

describe("departureVerb", () => {
  it("names who decided: you (here or in another tab), a colleague by name, or nobody known", () => {
    expect(departureVerb({ outcome: "approved", own: true })).toBe("was approved by you");
    const by = { email: "Compliance@demo.local", name: "Carla Compliance" };
    expect(departureVerb({ outcome: "rejected", by }, "compliance@demo.local")).toBe("was rejected by you");
    expect(departureVerb({ outcome: "rejected", by }, "other@demo.local")).toBe(
      "was rejected by Carla Compliance",
    );
    expect(departureVerb({ outcome: "approved", by: { email: "a@b.c" } }, "x@y.z")).toBe(
      "was approved by a@b.c",
    );
    expect(departureVerb({ outcome: "approved" })).toBe("was approved");
    expect(departureVerb({ outcome: "timed-out" })).toBe("timed out before anyone decided");
    expect(departureVerb(undefined)).toBe("was decided elsewhere");
  });
});

describe("paymentSubject", () => {
  const approval = {
    transaction: {
      id: "Transaction:c7c6e8a1-0000",
      receivedAmount: {
        amount: 125_000,
        currency: { code: "USD", decimals: 2, symbol: "$", name: "US Dollar" },
      },
    },
    counterpartyInformation: { FULL_NAME: "A••• S••• R•••" },
  } as unknown as PendingApproval;

  it("names a payment as its card does, the sender as masked for the reader", () => {
    expect(paymentSubject(approval.transaction.id, approval)).toBe("$1,250.00 from A••• S••• R•••");
    expect(paymentSubject("Transaction:9", undefined)).toBe("Payment Transaction:9");
  });

  it("shortens an id to what tells two payments apart", () => {
    expect(shortPaymentId("Transaction:c7c6e8a1-0000")).toBe("c7c6e8a1");
    expect(shortPaymentId("abcdef123456")).toBe("abcdef12");
  });
});
