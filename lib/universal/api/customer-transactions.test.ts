import { describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/contract";
import { customerSide, mergeNewestFirst } from "./customer-transactions";

const payment = (id: string, createdAt: string, overrides: Partial<Transaction> = {}): Transaction => ({
  id,
  status: "COMPLETED",
  type: "OUTGOING",
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:other" },
  customerId: "Customer:alice",
  platformCustomerId: "alice",
  createdAt,
  ...overrides,
});

describe("a customer's payments", () => {
  it("merges lists into one newest-first list, each payment once, cut at the limit", () => {
    const a = payment("Transaction:a", "2026-11-01T10:00:00Z");
    const b = payment("Transaction:b", "2026-11-03T10:00:00Z");
    const c = payment("Transaction:c", "2026-11-02T10:00:00Z");
    expect(
      mergeNewestFirst(
        [
          [b, a],
          [c, b],
        ],
        10,
      ).map((t) => t.id),
    ).toEqual(["Transaction:b", "Transaction:c", "Transaction:a"]);
    expect(mergeNewestFirst([[b, a], [c]], 2).map((t) => t.id)).toEqual(["Transaction:b", "Transaction:c"]);
  });

  it("sees a payment another customer sent into its account as received, and its own by their type", () => {
    const own = new Set(["InternalAccount:bob-usd"]);
    const fromAlice = payment("Transaction:x", "2026-11-01T10:00:00Z", {
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:bob-usd" },
    });
    expect(customerSide(fromAlice, "Customer:bob", own)).toBe("received");
    expect(customerSide(fromAlice, "Customer:alice", new Set())).toBe("sent");
    const incoming = payment("Transaction:y", "2026-11-01T10:00:00Z", {
      type: "INCOMING",
      customerId: "Customer:bob",
    });
    expect(customerSide(incoming, "Customer:bob", own)).toBe("received");
  });
});
