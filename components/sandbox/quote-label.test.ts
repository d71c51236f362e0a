import { describe, expect, it } from "vitest";
import type { Quote } from "@/shared/contract";
import { quoteLabel } from "./quote-label";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };
const mxn = { code: "MXN", name: "Mexican Peso", symbol: "$", decimals: 2 };

const names = {
  "Customer:c1": {
    kind: "customer",
    name: "Zoë Ångström-Berg",
    customerId: "Customer:c1",
    platformCustomerId: "user-9001",
    deleted: false,
  },
  "InternalAccount:b1": {
    kind: "customer-account",
    name: "Bob Ruiz's MXN account",
    customerId: "Customer:b",
  },
} as const;

const quote = {
  quoteId: "Quote:q1",
  status: "PENDING",
  source: { sourceType: "ACCOUNT", accountId: "InternalAccount:a1", customerId: "Customer:c1" },
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:b1" },
  sendingCurrency: usd,
  receivingCurrency: mxn,
  totalSendingAmount: 10_000,
  totalReceivingAmount: 170_000,
} as Quote;

describe("quoteLabel", () => {
  it("states the amounts, then who sends and whom it pays by name, and keeps the id last", () => {
    expect(quoteLabel(quote, names)).toBe(
      "$100.00 → MX$1,700.00 · from Zoë Ångström-Berg to Bob Ruiz's MXN account · Quote:q1",
    );
  });

  it("says the platform sends when the quote names no customer, and a UMA address with the name it shared", () => {
    const platform = {
      ...quote,
      source: { sourceType: "ACCOUNT", accountId: "InternalAccount:a1" },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: "$bob@example.com" },
    } as Quote;
    expect(quoteLabel(platform, names)).toBe(
      "$100.00 → MX$1,700.00 · from Platform to $bob@example.com · Quote:q1",
    );
  });

  it("falls back to the ids while no name is found, and says when an executed quote waits for its funds", () => {
    const waiting = {
      ...quote,
      status: "PROCESSING",
      paymentInstructions: [{ reference: "REF", bankAccountInfo: {} }],
    } as unknown as Quote;
    expect(quoteLabel(waiting, {})).toBe(
      "$100.00 → MX$1,700.00 · from Customer:c1 to InternalAccount:b1 · Quote:q1 · executed, waiting for funds",
    );
  });
});
