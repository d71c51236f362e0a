import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { UserInfoFieldName } from "./common";
import { userInfoFieldNames } from "./common";
import {
  createCustomerBodySchema,
  customerKycLinkSchema,
  customerListSchema,
  customerPathsByUserInfoField,
  customerSchema,
  finalKycStatusSchema,
  getCustomerKycLinkQuerySchema,
  kycStatusSchema,
  listCustomersQuerySchema,
  missingProviderRequiredFields,
  updateCustomerBodySchema,
} from "./customers";

function paths(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
}

const address = { line1: "1 Main St", city: "Springfield", postalCode: "62701", country: "US" };

const individual = {
  platformCustomerId: "cust-1",
  customerType: "INDIVIDUAL",
  fullName: "Ada Lovelace",
  birthDate: "1990-01-31",
  nationality: "GB",
  address,
  umaAddress: "$Ada@Example.com",
  bankAccountInfo: {
    accountType: "US_ACCOUNT",
    accountNumber: "123456789",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
    bankName: "Chase",
  },
};

const business = {
  platformCustomerId: "biz-1",
  customerType: "BUSINESS",
  businessInfo: { legalName: "Acme Widgets, Inc.", registrationNumber: "RC-123", taxId: "12-3456789" },
  address,
} as const;

describe("createCustomerBodySchema", () => {
  it("needs only platformCustomerId and customerType", () => {
    expect(
      createCustomerBodySchema.safeParse({ platformCustomerId: "p", customerType: "INDIVIDUAL" }).success,
    ).toBe(true);
    expect(
      createCustomerBodySchema.safeParse({ platformCustomerId: "p", customerType: "BUSINESS" }).success,
    ).toBe(true);
    expect(paths(createCustomerBodySchema, { customerType: "INDIVIDUAL" })).toEqual(["platformCustomerId"]);
    expect(paths(createCustomerBodySchema, { platformCustomerId: "p" })).toEqual(["customerType"]);
    expect(paths(createCustomerBodySchema, { platformCustomerId: "p", customerType: "ROBOT" })).toEqual([
      "customerType",
    ]);
  });

  it("accepts a full individual and lowercases the UMA address", () => {
    const parsed = createCustomerBodySchema.parse(individual);
    expect(parsed.umaAddress).toBe("$ada@example.com");
    expect(parsed.customerType).toBe("INDIVIDUAL");
  });

  it("accepts a full business", () => {
    expect(createCustomerBodySchema.parse(business)).toEqual(business);
  });

  it("an individual may not send businessInfo", () => {
    const result = createCustomerBodySchema.safeParse({ ...individual, businessInfo: { legalName: "X" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["businessInfo"] });
  });

  it.each(["fullName", "birthDate", "nationality"])("a business may not send %s", (field) => {
    const result = createCustomerBodySchema.safeParse({
      ...business,
      [field]: individual[field as keyof typeof individual],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: [field] });
  });

  it("refuses unknown fields", () => {
    expect(createCustomerBodySchema.safeParse({ ...individual, email: "a@b.co" }).success).toBe(false);
  });

  it("validates every field with its own path", () => {
    expect(paths(createCustomerBodySchema, { ...individual, fullName: "R2-D2" })).toEqual(["fullName"]);
    expect(paths(createCustomerBodySchema, { ...individual, birthDate: "1990-02-30" })).toEqual([
      "birthDate",
    ]);
    expect(paths(createCustomerBodySchema, { ...individual, birthDate: "2999-01-01" })).toEqual([
      "birthDate",
    ]);
    expect(paths(createCustomerBodySchema, { ...individual, nationality: "gb" })).toEqual(["nationality"]);
    expect(paths(createCustomerBodySchema, { ...individual, umaAddress: "ada@example.com" })).toEqual([
      "umaAddress",
    ]);
    expect(
      paths(createCustomerBodySchema, { ...individual, address: { ...address, country: undefined } }),
    ).toEqual(["address.country"]);
    expect(
      paths(createCustomerBodySchema, {
        ...individual,
        bankAccountInfo: { ...individual.bankAccountInfo, routingNumber: "021000022" },
      }),
    ).toEqual(["bankAccountInfo.routingNumber"]);
    expect(
      paths(createCustomerBodySchema, { ...business, businessInfo: { legalName: "Acme <script>" } }),
    ).toEqual(["businessInfo.legalName"]);
    expect(paths(createCustomerBodySchema, { ...business, businessInfo: { vat: "1" } })).toEqual([
      "businessInfo",
    ]);
  });
});

describe("updateCustomerBodySchema", () => {
  it("requires customerType and nothing else", () => {
    expect(updateCustomerBodySchema.safeParse({ customerType: "INDIVIDUAL" }).success).toBe(true);
    expect(paths(updateCustomerBodySchema, { fullName: "Ada" })).toEqual(["customerType"]);
  });

  it("takes the spec's optional fields", () => {
    const { platformCustomerId: _p, ...patch } = individual;
    expect(updateCustomerBodySchema.safeParse(patch).success).toBe(true);
  });

  it("lets a business supply businessInfo but not personal fields", () => {
    expect(
      updateCustomerBodySchema.safeParse({ customerType: "BUSINESS", businessInfo: { taxId: "1" } }).success,
    ).toBe(true);
    expect(updateCustomerBodySchema.safeParse({ customerType: "BUSINESS", fullName: "Ada" }).success).toBe(
      false,
    );
    expect(updateCustomerBodySchema.safeParse({ customerType: "INDIVIDUAL", businessInfo: {} }).success).toBe(
      false,
    );
  });

  it("does not accept platformCustomerId", () => {
    expect(
      updateCustomerBodySchema.safeParse({ customerType: "INDIVIDUAL", platformCustomerId: "x" }).success,
    ).toBe(false);
  });
});

const storedIndividual = {
  id: "Customer:1",
  platformCustomerId: "cust-1",
  customerType: "INDIVIDUAL",
  umaAddress: "$ada@example.com",
  kycStatus: "APPROVED",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-02T00:00:00Z",
  isDeleted: false,
  fullName: "Ada Lovelace",
};

describe("customerSchema (response)", () => {
  it("parses both variants and keeps unknown fields", () => {
    expect(customerSchema.parse({ ...storedIndividual, riskScore: 3 })).toMatchObject({ riskScore: 3 });
    const storedBusiness = {
      ...storedIndividual,
      customerType: "BUSINESS",
      fullName: undefined,
      businessInfo: { legalName: "Acme", lei: "5493001KJTIIGC8Y1R12" },
    };
    expect(customerSchema.parse(storedBusiness)).toMatchObject({
      businessInfo: { lei: "5493001KJTIIGC8Y1R12" },
    });
  });

  it("treats a missing isDeleted as false", () => {
    const { isDeleted: _d, ...withoutFlag } = storedIndividual;
    expect(customerSchema.parse(withoutFlag).isDeleted).toBe(false);
  });

  it("requires umaAddress, a known kycStatus and date-times", () => {
    expect(customerSchema.safeParse({ ...storedIndividual, umaAddress: undefined }).success).toBe(false);
    expect(customerSchema.safeParse({ ...storedIndividual, kycStatus: "MAYBE" }).success).toBe(false);
    expect(customerSchema.safeParse({ ...storedIndividual, createdAt: "yesterday" }).success).toBe(false);
  });

  it("wraps in the paginated envelope", () => {
    expect(customerListSchema.parse({ data: [storedIndividual], hasMore: false }).data).toHaveLength(1);
  });

  it("lists every KYC status and only final ones as final", () => {
    expect(kycStatusSchema.options).toHaveLength(7);
    expect(finalKycStatusSchema.safeParse("PENDING_REVIEW").success).toBe(false);
    expect(finalKycStatusSchema.safeParse("MANUALLY_APPROVED").success).toBe(true);
  });
});

describe("listCustomersQuerySchema", () => {
  it("applies defaults", () => {
    expect(listCustomersQuerySchema.parse({})).toEqual({ isIncludingDeleted: false, limit: 20 });
  });

  it("coerces every filter from URL text", () => {
    expect(
      listCustomersQuerySchema.parse({
        platformCustomerId: "cust-1",
        customerType: "BUSINESS",
        createdAfter: "2025-01-01T00:00:00Z",
        createdBefore: "2025-02-01T00:00:00Z",
        updatedAfter: "2025-01-01T00:00:00+01:00",
        updatedBefore: "2025-02-01T00:00:00Z",
        umaAddress: "$Ada@Example.com",
        isIncludingDeleted: "true",
        limit: "100",
        cursor: "abc",
      }),
    ).toEqual({
      platformCustomerId: "cust-1",
      customerType: "BUSINESS",
      createdAfter: "2025-01-01T00:00:00Z",
      createdBefore: "2025-02-01T00:00:00Z",
      updatedAfter: "2025-01-01T00:00:00+01:00",
      updatedBefore: "2025-02-01T00:00:00Z",
      umaAddress: "$ada@example.com",
      isIncludingDeleted: true,
      limit: 100,
      cursor: "abc",
    });
  });

  it("refuses bad values and unknown parameters", () => {
    expect(paths(listCustomersQuerySchema, { isIncludingDeleted: "yes" })).toEqual(["isIncludingDeleted"]);
    expect(paths(listCustomersQuerySchema, { limit: "101" })).toEqual(["limit"]);
    expect(paths(listCustomersQuerySchema, { limit: "0" })).toEqual(["limit"]);
    expect(paths(listCustomersQuerySchema, { createdAfter: "2025-01-01" })).toEqual(["createdAfter"]);
    expect(paths(listCustomersQuerySchema, { customerType: "individual" })).toEqual(["customerType"]);
    expect(listCustomersQuerySchema.safeParse({ sort: "asc" }).success).toBe(false);
  });
});

describe("KYC link", () => {
  it("query needs platformCustomerId; redirectUri must be an http(s) URL", () => {
    expect(getCustomerKycLinkQuerySchema.safeParse({ platformCustomerId: "c" }).success).toBe(true);
    expect(
      getCustomerKycLinkQuerySchema.safeParse({
        platformCustomerId: "c",
        redirectUri: "https://app.example/done",
      }).success,
    ).toBe(true);
    expect(paths(getCustomerKycLinkQuerySchema, { redirectUri: "https://a.example" })).toEqual([
      "platformCustomerId",
    ]);
    expect(
      paths(getCustomerKycLinkQuerySchema, { platformCustomerId: "c", redirectUri: "javascript:alert(1)" }),
    ).toEqual(["redirectUri"]);
  });

  it("response keeps unknown fields and allows customerId to be absent", () => {
    expect(customerKycLinkSchema.parse({ kycUrl: "https://kyc", platformCustomerId: "c", ttl: 60 })).toEqual({
      kycUrl: "https://kyc",
      platformCustomerId: "c",
      ttl: 60,
    });
    expect(customerKycLinkSchema.safeParse({ platformCustomerId: "c" }).success).toBe(false);
  });
});

describe("missingProviderRequiredFields", () => {
  const all = [...userInfoFieldNames];

  it("reports what an empty individual lacks, ignoring fields no customer record holds", () => {
    expect(missingProviderRequiredFields({ customerType: "INDIVIDUAL" }, all)).toEqual([
      "FULL_NAME",
      "BIRTH_DATE",
      "NATIONALITY",
      "ADDRESS",
    ]);
  });

  it("reports what an empty business lacks", () => {
    expect(missingProviderRequiredFields({ customerType: "BUSINESS" }, all)).toEqual([
      "FULL_NAME",
      "ADDRESS",
      "BUSINESS_NAME",
      "TAX_ID",
    ]);
  });

  it("a complete individual lacks nothing", () => {
    expect(missingProviderRequiredFields(createCustomerBodySchema.parse(individual), all)).toEqual([]);
  });

  it("a business with legal name and tax id satisfies FULL_NAME, BUSINESS_NAME and TAX_ID", () => {
    expect(
      missingProviderRequiredFields(business, ["FULL_NAME", "BUSINESS_NAME", "TAX_ID", "ADDRESS"]),
    ).toEqual([]);
    expect(
      missingProviderRequiredFields({ ...business, businessInfo: { legalName: "Acme" } }, [
        "BUSINESS_NAME",
        "TAX_ID",
      ]),
    ).toEqual(["TAX_ID"]);
  });

  it("treats blank strings and null as missing, keeps the given order and drops duplicates", () => {
    expect(
      missingProviderRequiredFields({ customerType: "INDIVIDUAL", fullName: "  ", nationality: null }, [
        "NATIONALITY",
        "FULL_NAME",
        "NATIONALITY",
      ]),
    ).toEqual(["NATIONALITY", "FULL_NAME"]);
  });

  it("maps every field name for both customer types", () => {
    for (const field of all) {
      expect(Object.keys(customerPathsByUserInfoField[field as UserInfoFieldName]).sort()).toEqual([
        "BUSINESS",
        "INDIVIDUAL",
      ]);
    }
    expect(customerPathsByUserInfoField.BUSINESS_NAME.BUSINESS).toBe("businessInfo.legalName");
    expect(customerPathsByUserInfoField.EMAIL.INDIVIDUAL).toBeNull();
  });
});
