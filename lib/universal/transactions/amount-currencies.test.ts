import { describe, expect, it } from "vitest";
import { amountCurrencyChoices } from "./amount-currencies";

describe("amountCurrencyChoices", () => {
  it("offers the supported currencies, then the retired ones the platform holds, marked", () => {
    expect(amountCurrencyChoices(["USD", "EUR", "GBP"], ["USD", "MXN", "EUR", "GBP", "MXN"], null)).toEqual([
      { code: "USD", retired: false },
      { code: "EUR", retired: false },
      { code: "GBP", retired: false },
      { code: "MXN", retired: true },
    ]);
  });

  it("keeps a currency chosen in the address that is neither, first, and does not repeat one that is", () => {
    expect(amountCurrencyChoices(["USD"], ["MXN"], "JPY").map((choice) => choice.code)).toEqual([
      "JPY",
      "USD",
      "MXN",
    ]);
    expect(amountCurrencyChoices(["USD"], ["MXN"], "MXN").map((choice) => choice.code)).toEqual([
      "USD",
      "MXN",
    ]);
  });
});
