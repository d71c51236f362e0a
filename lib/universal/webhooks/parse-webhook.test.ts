import { describe, expect, it } from "vitest";
import { parseWebhook } from "./parse-webhook";

// A real-time funded quote's payment is announced PENDING by OUTGOING_PAYMENT when the quote is executed, before its
// money arrives (service/README.md): the console stores it as information; only a PENDING INCOMING_PAYMENT is a
// payment for it to approve or reject (api-notes §3).

const webhook = (type: string, status: string) =>
  JSON.stringify({
    webhookId: "Webhook:1",
    type,
    timestamp: "2026-01-01T00:00:00.000Z",
    transaction: { id: "Transaction:1", status, type: type === "INCOMING_PAYMENT" ? "INCOMING" : "OUTGOING" },
  });

describe("parseWebhook", () => {
  it("reads a PENDING OUTGOING_PAYMENT's payment and status, and does not take it for one to approve", () => {
    expect(parseWebhook(webhook("OUTGOING_PAYMENT", "PENDING"))).toMatchObject({
      type: "OUTGOING_PAYMENT",
      transactionId: "Transaction:1",
      transactionStatus: "PENDING",
      isPendingIncomingPayment: false,
    });
    expect(parseWebhook(webhook("OUTGOING_PAYMENT", "EXPIRED"))?.isPendingIncomingPayment).toBe(false);
  });

  it("takes a PENDING INCOMING_PAYMENT for one to approve, and its final status for information", () => {
    expect(parseWebhook(webhook("INCOMING_PAYMENT", "PENDING"))?.isPendingIncomingPayment).toBe(true);
    expect(parseWebhook(webhook("INCOMING_PAYMENT", "COMPLETED"))?.isPendingIncomingPayment).toBe(false);
  });
});
