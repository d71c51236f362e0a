import { describe, expect, it } from "vitest";
import type { Customer } from "../../../shared/contract";
import { bulkSummary, needsCustomerRecord } from "./bulk-approve";
import { bulkReceiverInfo } from "./bulk-receiver-info";

const ana = {
  id: "Customer:1",
  customerType: "INDIVIDUAL",
  fullName: "Ana María López",
  birthDate: "1990-04-02",
  nationality: "MX",
} as unknown as Customer;

describe("bulk approval", () => {
  it("needs the customer record only when the sender asked about the recipient", () => {
    expect(needsCustomerRecord([])).toBe(false);
    expect(needsCustomerRecord([{ name: "SHOE_SIZE", mandatory: true }])).toBe(false);
    expect(needsCustomerRecord([{ name: "FULL_NAME", mandatory: false }])).toBe(true);
  });

  it("sends what the record holds and nothing empty", () => {
    expect(
      bulkReceiverInfo(
        [
          { name: "FULL_NAME", mandatory: true },
          { name: "ADDRESS", mandatory: false },
        ],
        ana,
      ),
    ).toEqual({ info: { FULL_NAME: "Ana María López" } });
    expect(bulkReceiverInfo([], undefined)).toEqual({ info: {} });
  });

  it("leaves a payment for one-by-one approval when a mandatory field is not on record", () => {
    expect(bulkReceiverInfo([{ name: "ADDRESS", mandatory: true }], ana)).toEqual({ missing: ["Address"] });
    expect(bulkReceiverInfo([{ name: "FULL_NAME", mandatory: true }], undefined)).toEqual({
      missing: ["Full legal name"],
    });
  });

  it("summarises what succeeded and why the others did not", () => {
    expect(bulkSummary([{ id: "a", approved: true }])).toBe("Approved 1 of 1 payment.");
    expect(
      bulkSummary([
        { id: "a", approved: true },
        { id: "b", approved: false, reason: "needs Address" },
      ]),
    ).toBe("Approved 1 of 2 payments. Not approved: b (needs Address).");
  });
});
