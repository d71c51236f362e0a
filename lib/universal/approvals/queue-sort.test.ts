import { describe, expect, it } from "vitest";
import { groupBySender, sortQueue } from "./queue-sort";

const item = (
  id: string,
  amount: number,
  currency: string,
  sender: string | null,
  deadline: string | null,
) => ({
  id,
  transaction: { receivedAmount: { amount, currency: { code: currency } } },
  counterpartyInformation: sender ? { FULL_NAME: sender } : {},
  deadline,
});

const items = [
  item("a", 5_000, "USD", "Zoë", "2026-01-01T12:05:00Z"),
  item("b", 90_000, "MXN", "ana", "2026-01-01T12:01:00Z"),
  item("c", 7_000, "USD", "Ana", "2026-01-01T12:03:00Z"),
  item("d", 7_000, "USD", null, null),
];
const ids = (list: readonly { id: string }[]) => list.map((entry) => entry.id);

describe("sorting the approval queue", () => {
  it("puts the soonest deadline first, payments without one last", () => {
    expect(ids(sortQueue(items, "deadline"))).toEqual(["b", "c", "a", "d"]);
  });

  it("compares amounts only within a currency, largest first, deadline breaking ties", () => {
    expect(ids(sortQueue(items, "amount"))).toEqual(["b", "c", "d", "a"]);
  });

  it("orders senders alphabetically without regard to case, unnamed last, and groups them", () => {
    const sorted = sortQueue(items, "sender");
    expect(ids(sorted)).toEqual(["b", "c", "a", "d"]);
    expect(groupBySender(sorted).map((group) => [group.sender, ids(group.items)])).toEqual([
      ["ana", ["b", "c"]],
      ["Zoë", ["a"]],
      ["Unknown sender", ["d"]],
    ]);
  });

  it("leaves the input as it was", () => {
    const copy = [...items];
    sortQueue(items, "amount");
    expect(items).toEqual(copy);
  });
});
