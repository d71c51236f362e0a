import { describe, expect, it } from "vitest";
import { transactionFailureReasons } from "../../../shared/contract";
import { explainedFailureReasons, explainFailure, failureSentence } from "./failure-reasons";

describe("explainFailure", () => {
  it("explains every failure reason of the contract in words", () => {
    expect([...explainedFailureReasons].sort()).toEqual([...transactionFailureReasons].sort());
    for (const reason of transactionFailureReasons) {
      const explained = explainFailure(reason);
      expect(explained.title).not.toMatch(/_/);
      expect(explained.explanation.length).toBeGreaterThan(20);
      expect(explained.nextStep.length).toBeGreaterThan(10);
    }
  });

  it("tells an incoming payout failure from an outgoing one", () => {
    expect(explainFailure("OFFRAMP_FAILED", "INCOMING").explanation).toMatch(/recipient's account/);
    expect(explainFailure("OFFRAMP_FAILED", "OUTGOING").explanation).toMatch(/receiving bank/);
  });

  it("explains the reasons the service gives a failed bank transfer, in each direction", () => {
    // A refused transfer-out or payout is QUOTE_EXECUTION_FAILED (OFFRAMP_FAILED is an incoming reason).
    expect(explainFailure("QUOTE_EXECUTION_FAILED", "OUTGOING").explanation).toMatch(/receiving bank/);
    expect(explainFailure("TIMEOUT", "OUTGOING").title).toBe("The payment timed out");
    expect(explainFailure("OFFRAMP_FAILED", "INCOMING").title).not.toMatch(/_/);
  });

  it("tells a sender's institution stopping an incoming payment from a receiver refusing an outgoing one", () => {
    expect(failureSentence("PAY_REQUEST_FAILED", "INCOMING")).toBe(
      "The sender's institution stopped the payment (PAY_REQUEST_FAILED). Its checks of the sender (compliance) failed, or it could not give the information this platform asks about senders; nothing reached the recipient.",
    );
    expect(explainFailure("PAY_REQUEST_FAILED", "OUTGOING").title).toBe("The payment request was refused");
  });

  it("reads an unknown reason as words rather than a code", () => {
    expect(explainFailure("NEW_KIND_OF_FAILURE").title).toBe("New kind of failure");
  });
});
