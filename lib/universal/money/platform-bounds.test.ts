import { describe, expect, it } from "vitest";
import { outsidePlatformBounds } from "./platform-bounds";

const supported = [{ currencyCode: "USD", minAmount: 100, maxAmount: 1_000_000_000 }];
const usd = { code: "USD", decimals: 2 };

describe("the platform's bounds for an amount", () => {
  it("say the bounds in the currency's writing when the amount is outside them", () => {
    expect(outsidePlatformBounds(supported, usd, 50)).toBe("$1.00 to $10,000,000.00");
    expect(outsidePlatformBounds(supported, usd, 1_000_000_001)).toBe("$1.00 to $10,000,000.00");
  });

  it("say nothing inside them, or for a currency the configuration does not bound", () => {
    expect(outsidePlatformBounds(supported, usd, 100)).toBeNull();
    expect(outsidePlatformBounds(supported, usd, 1_000_000_000)).toBeNull();
    expect(outsidePlatformBounds(supported, { code: "EUR", decimals: 2 }, 1)).toBeNull();
    expect(outsidePlatformBounds(undefined, usd, 1)).toBeNull();
  });
});
