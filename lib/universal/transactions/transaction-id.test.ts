import { describe, expect, it } from "vitest";
import { asTransactionId } from "./transaction-id";

describe("a pasted payment id", () => {
  const id = "Transaction:18826dc4-981a-4c2e-9a51-0d6f2b7c1e11";
  it.each([
    [id, id],
    ["18826dc4-981a-4c2e-9a51-0d6f2b7c1e11", id],
    ["  18826DC4-981A-4C2E-9A51-0D6F2B7C1E11 ", id],
    ["TRANSACTION:18826DC4-981A-4C2E-9A51-0D6F2B7C1E11", id],
    ["transaction: 18826dc4-981a-4c2e-9a51-0d6f2b7c1e11", id],
  ])("reads %s as the API's id", (typed, expected) => {
    expect(asTransactionId(typed)).toBe(expected);
  });

  it("leaves other text as typed", () => {
    expect(asTransactionId("Transaction:demo-7")).toBe("Transaction:demo-7");
    expect(asTransactionId("18826dc4")).toBe("18826dc4");
  });
});
