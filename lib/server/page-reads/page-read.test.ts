import { describe, expect, it } from "vitest";
import { describeQueryKey } from "./page-read";

describe("describeQueryKey", () => {
  it("writes a key's words and ids as they are, and a list's filters by their names alone", () => {
    expect(describeQueryKey(["transactions", "detail", "Transaction:019a"])).toBe(
      "transactions/detail/Transaction:019a",
    );
    expect(describeQueryKey(["customers", "list", { q: "Jane Doe", limit: 20, cursor: undefined }])).toBe(
      "customers/list/{q,limit}",
    );
    expect(describeQueryKey(["approvals", null, 3, {}])).toBe("approvals/null/3/{}");
  });
});
