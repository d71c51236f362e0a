import { describe, expect, it } from "vitest";
import { describeRule, moneyInWords } from "./describe";

describe("describeRule", () => {
  it("reads as a compliance officer says it", () => {
    expect(
      describeRule({
        id: "small",
        name: "Small allow-listed USD",
        when: [
          { kind: "amount", side: "receiving", currency: "USD", op: "gte", value: 100_000 },
          { kind: "senderAllowListed", value: true },
        ],
        then: { decision: "approve" },
      }),
    ).toBe("Amount received ≥ USD 1,000.00 and sender on the allow-list → Approve");
  });

  it("names a hold's queue and priority, a rejection's code, and velocity in its currency", () => {
    expect(
      describeRule({
        id: "busy",
        name: "Busy sender",
        when: [
          {
            kind: "velocity",
            per: "sender",
            measure: "amount",
            currency: "EUR",
            hours: 24,
            op: "gt",
            value: 500_000,
          },
        ],
        then: { decision: "hold", queue: "Compliance", priority: "high" },
      }),
    ).toBe("Total per sender in EUR in the last 24 h > EUR 5,000.00 → Hold for Compliance (high priority)");
    expect(
      describeRule({
        id: "nat",
        name: "Nationality",
        when: [{ kind: "counterpartyValue", field: "NATIONALITY", op: "in", values: ["KP", "IR"] }],
        then: { decision: "reject", code: "POLICY_REJECTED", message: "Sanctioned" },
      }),
    ).toBe("Sender's NATIONALITY is one of KP, IR → Reject (POLICY_REJECTED: Sanctioned)");
  });

  it("writes amounts in the currency's own decimal places", () => {
    expect(moneyInWords(150_000, "JPY")).toBe("JPY 150,000");
    expect(moneyInWords(5, "USD")).toBe("USD 0.05");
  });
});
