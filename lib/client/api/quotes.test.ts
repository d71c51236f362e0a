import { describe, expect, it } from "vitest";
import { quoteDeadline, quoteWasExecuted } from "./quotes";

describe("quoteDeadline", () => {
  const quote = { createdAt: "2025-03-10T12:06:40.000Z", expiresAt: "2025-03-10T12:11:40.000Z" };

  it("counts the quote's lifetime from its arrival, whatever the API's clock says", () => {
    const arrived = Date.parse("2025-03-10T12:00:00.000Z");
    expect(quoteDeadline(quote, arrived)).toBe(arrived + 300_000);
  });

  it("falls back to expiresAt with nothing to anchor to", () => {
    expect(quoteDeadline(quote)).toBe(Date.parse(quote.expiresAt));
    expect(quoteDeadline({ createdAt: "bad", expiresAt: quote.expiresAt }, 0)).toBe(
      Date.parse(quote.expiresAt),
    );
  });
});

describe("quoteWasExecuted", () => {
  it("is true once the money is on its way", () => {
    expect(quoteWasExecuted("PENDING")).toBe(false);
    expect(quoteWasExecuted("EXPIRED")).toBe(false);
    expect(quoteWasExecuted("PROCESSING")).toBe(true);
    expect(quoteWasExecuted("FAILED")).toBe(true);
  });
});
