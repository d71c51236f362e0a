import { describe, expect, it } from "vitest";
import type { Customer } from "@/shared/contract";
import { customerFormSchema } from "./customer-form-schema";
import {
  customerFormDefaults,
  formPathForServerPath,
  umaAddressFieldIssue,
  updateBodyFor,
  withoutInvalidInputs,
} from "./customer-form-values";

const currencies = [
  { currencyCode: "USD", providerRequiredCustomerFields: ["FULL_NAME", "ADDRESS"] },
  { currencyCode: "EUR", providerRequiredCustomerFields: ["FULL_NAME", "NATIONALITY"] },
];
const createRules = { mode: "create" as const, umaDomain: "demo.uma.localhost", currencies };
const usAccount = {
  accountType: "US_ACCOUNT" as const,
  accountNumber: "123456789",
  routingNumber: "021000021",
  accountCategory: "CHECKING" as const,
  bankName: "Chase",
};

function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("customerFormSchema", () => {
  it("turns a filled form into the contract's create body, without empty inputs", () => {
    const values = customerFormDefaults();
    Object.assign(values, { platformCustomerId: " user-1 ", fullName: "Ana López", nationality: "MX" });
    values.address = {
      line1: "Av. Reforma 1",
      line2: "",
      city: "CDMX",
      state: "",
      postalCode: "06600",
      country: "MX",
    };
    const result = customerFormSchema(createRules).safeParse(values);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      customerType: "INDIVIDUAL",
      platformCustomerId: "user-1",
      fullName: "Ana López",
      nationality: "MX",
      address: { line1: "Av. Reforma 1", city: "CDMX", postalCode: "06600", country: "MX" },
    });
  });

  it("requires nothing beyond the platform's id without a bank account (spec rule 1)", () => {
    const values = customerFormDefaults();
    values.platformCustomerId = "user-2";
    const result = customerFormSchema(createRules).safeParse(values);
    expect(issuesOf(result)).toEqual({});
    expect(result.data).toEqual({ customerType: "INDIVIDUAL", platformCustomerId: "user-2" });
  });

  it("marks the fields the bank account's currency requires, naming it", () => {
    const values = customerFormDefaults();
    values.platformCustomerId = "user-2";
    values.bankAccountInfo = { ...values.bankAccountInfo, ...usAccount };
    const issues = issuesOf(customerFormSchema(createRules).safeParse(values));
    expect(issues.fullName).toBe("Required for USD (FULL_NAME)");
    expect(issues.nationality).toBeUndefined();
    expect(issues["address.line1"]).toBe("Required for USD (ADDRESS)");
    expect(issues["address.country"]).toBe("Required for USD (ADDRESS)");
    expect(issues["address.state"]).toBeUndefined();
    expect(issues["address.city"]).toBeUndefined();

    values.bankAccountInfo = {
      ...values.bankAccountInfo,
      accountType: "IBAN",
      iban: "DE89370400440532013000",
      bankName: "Commerzbank",
    };
    const euro = issuesOf(customerFormSchema(createRules).safeParse(values));
    expect(euro.nationality).toBe("Required for EUR (NATIONALITY)");
    expect(euro["address.line1"]).toBeUndefined();
  });

  it("takes an address without a city", () => {
    const values = customerFormDefaults();
    Object.assign(values, { platformCustomerId: "user-3", fullName: "Ana López", nationality: "MX" });
    values.address = {
      line1: "Av. Reforma 1",
      line2: "",
      city: "",
      state: "",
      postalCode: "06600",
      country: "MX",
    };
    const result = customerFormSchema(createRules).safeParse(values);
    expect(issuesOf(result)).toEqual({});
    expect(result.data?.address).toEqual({ line1: "Av. Reforma 1", postalCode: "06600", country: "MX" });
  });

  it("asks a business for its legal name, not for personal fields", () => {
    const values = customerFormDefaults();
    Object.assign(values, { platformCustomerId: "biz", customerType: "BUSINESS", fullName: "left over" });
    values.bankAccountInfo = { ...values.bankAccountInfo, ...usAccount };
    const issues = issuesOf(customerFormSchema(createRules).safeParse(values));
    expect(issues["businessInfo.legalName"]).toBe("Required for USD (FULL_NAME)");
    expect(issues.fullName).toBeUndefined();
    expect(issues.nationality).toBeUndefined();
  });

  it("validates the chosen bank account format with the contract's messages", () => {
    const values = customerFormDefaults();
    values.bankAccountInfo = {
      ...values.bankAccountInfo,
      accountType: "CLABE",
      clabeNumber: "12345",
      bankName: "",
    };
    const issues = issuesOf(customerFormSchema({ ...createRules, currencies: [] }).safeParse(values));
    expect(issues["bankAccountInfo.clabeNumber"]).toBe("A CLABE is exactly 18 digits");
    expect(issues["bankAccountInfo.bankName"]).toBe("Required");
  });

  it("checks the UMA address against the platform's domain", () => {
    expect(umaAddressFieldIssue("", "demo.uma.localhost")).toBeNull();
    expect(umaAddressFieldIssue("$ana", "demo.uma.localhost")).toBe(
      "Add @demo.uma.localhost after the username",
    );
    expect(umaAddressFieldIssue("$ana@other.com", "demo.uma.localhost")).toBe(
      "The domain must be the platform's UMA domain, demo.uma.localhost",
    );
    expect(umaAddressFieldIssue("ana@demo.uma.localhost", "demo.uma.localhost")).toMatch(/starts with \$/);
    expect(umaAddressFieldIssue("$Ana@demo.uma.localhost", "demo.uma.localhost")).toBeNull();
  });
});

const stored: Customer = {
  id: "Customer:1",
  platformCustomerId: "user-1",
  customerType: "INDIVIDUAL",
  umaAddress: "$ana@demo.uma.localhost",
  kycStatus: "APPROVED",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  isDeleted: false,
  fullName: "Ana López",
  nationality: "MX",
};

describe("editing", () => {
  const editRules = {
    mode: "edit" as const,
    umaDomain: "demo.uma.localhost",
    currencies: [],
    stored,
  };

  it("refuses to empty a stored value, which PATCH cannot remove", () => {
    const values = customerFormDefaults(stored);
    values.nationality = "";
    expect(issuesOf(customerFormSchema(editRules).safeParse(values)).nationality).toBe(
      "A stored value can be replaced but not removed",
    );
  });

  it("sends only what changed, and no personal information on an unregulated platform", () => {
    const values = customerFormDefaults(stored);
    values.fullName = "Ana María López";
    const result = customerFormSchema(editRules).safeParse(values);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(updateBodyFor(result.data, stored, { regulated: true })).toEqual({
      customerType: "INDIVIDUAL",
      fullName: "Ana María López",
    });
    expect(updateBodyFor(result.data, stored, { regulated: false })).toEqual({ customerType: "INDIVIDUAL" });
  });
});

describe("formPathForServerPath", () => {
  it("puts a server error on its input, or on the first input of its group", () => {
    expect(formPathForServerPath("address.country")).toBe("address.country");
    expect(formPathForServerPath("address")).toBe("address.line1");
    expect(formPathForServerPath("businessInfo")).toBe("businessInfo.legalName");
    expect(formPathForServerPath("bankAccountInfo.routingNumber")).toBe("bankAccountInfo.routingNumber");
    expect(formPathForServerPath("accountInfo.iban")).toBe("bankAccountInfo.iban");
    expect(formPathForServerPath("bankAccountInfo")).toBe("bankAccountInfo.accountType");
    expect(formPathForServerPath("somethingElse")).toBeUndefined();
  });
});

describe("withoutInvalidInputs", () => {
  it("empties each input whose error is shown, at any depth, and keeps the rest", () => {
    const values = customerFormDefaults();
    Object.assign(values, { fullName: "Ana López", birthDate: "2999-01-01" });
    values.address = { ...values.address, line1: "Av. Reforma 1", postalCode: "!!", country: "MX" };
    const cleaned = withoutInvalidInputs(values, {
      birthDate: { type: "custom", message: "Cannot be in the future" },
      address: { postalCode: { type: "custom", message: "Not a postal code" } },
      bankAccountInfo: { message: "ignored: not an input" },
    });
    expect(cleaned.birthDate).toBe("");
    expect(cleaned.address).toEqual({ ...values.address, postalCode: "" });
    expect(cleaned.fullName).toBe("Ana López");
    expect(cleaned.bankAccountInfo).toEqual(values.bankAccountInfo);
    expect(values.birthDate).toBe("2999-01-01");
  });
});
