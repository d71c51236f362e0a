import { describe, expect, it } from "vitest";
import { addressInputSchema, addressSchema, postalCodeSchema } from "./address";

const full = {
  line1: "1 Main St",
  line2: "Apt 2",
  city: "Springfield",
  state: "IL",
  postalCode: "62701",
  country: "US",
};

describe("addressInputSchema", () => {
  it("accepts a full address and one without the optional line2 and state", () => {
    expect(addressInputSchema.parse(full)).toEqual(full);
    const { line2: _line2, state: _state, ...minimal } = full;
    expect(addressInputSchema.parse(minimal)).toEqual(minimal);
  });

  it("accepts an address of only line1, postalCode and country (api-notes §8: city is optional)", () => {
    const minimal = { line1: "1 Main St", postalCode: "62701", country: "US" };
    expect(addressInputSchema.parse(minimal)).toEqual(minimal);
  });

  it.each(["line1", "postalCode", "country"] as const)("requires %s", (field) => {
    const { [field]: _omitted, ...rest } = full;
    const result = addressInputSchema.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message: "Required" })]);
  });

  it("refuses blank required parts, an invalid country and unknown fields", () => {
    expect(addressInputSchema.safeParse({ ...full, line1: "   " }).success).toBe(false);
    expect(addressInputSchema.safeParse({ ...full, country: "USA" }).success).toBe(false);
    expect(addressInputSchema.safeParse({ ...full, country: "us" }).success).toBe(false);
    const extra = addressInputSchema.safeParse({ ...full, zip: "62701" });
    expect(extra.error?.issues[0]?.code).toBe("unrecognized_keys");
  });

  it("postal codes follow national formats, not punctuation", () => {
    for (const code of ["SW1A 1AA", "01310-100", "K1A 0B1", "62701-1234", "75008"]) {
      expect(postalCodeSchema.safeParse(code).success, code).toBe(true);
    }
    for (const code of ["", "-123", "12345678901234567", "12#45"]) {
      expect(postalCodeSchema.safeParse(code).success, code).toBe(false);
    }
    // An empty one is told it is required, and only that.
    expect(postalCodeSchema.safeParse("  ").error?.issues.map((issue) => issue.message)).toEqual([
      "Required",
    ]);
  });
});

describe("addressSchema (response)", () => {
  it("keeps unknown fields and tolerates missing parts", () => {
    expect(addressSchema.parse({ city: "Lisbon", country: "PT", district: "Baixa" })).toEqual({
      city: "Lisbon",
      country: "PT",
      district: "Baixa",
    });
    expect(addressSchema.safeParse({ line1: 5 }).success).toBe(false);
  });
});
