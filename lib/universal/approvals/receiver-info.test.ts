import { describe, expect, it } from "vitest";
import type { Customer } from "../../../shared/contract";
import { approvalFormFields, prefillReceiverInfo, toReceiverCustomerInfo } from "./receiver-info";
import { receiverInfoFormSchema } from "./receiver-info-schema";

const individual = {
  id: "Customer:1",
  platformCustomerId: "p-1",
  customerType: "INDIVIDUAL",
  umaAddress: "$ana@demo.uma.localhost",
  kycStatus: "APPROVED",
  fullName: "Ana María López",
  birthDate: "1990-04-02",
  nationality: "MX",
  address: { line1: "Av. Reforma 1", city: "CDMX", postalCode: "06600", country: "MX" },
} as unknown as Customer;

describe("approval form fields", () => {
  it("keeps the fields the API knows and drops others", () => {
    expect(
      approvalFormFields([
        { name: "FULL_NAME", mandatory: true },
        { name: "SHOE_SIZE", mandatory: true },
      ]),
    ).toEqual([{ name: "FULL_NAME", mandatory: true }]);
  });

  it("requires mandatory fields and validates each by its meaning", () => {
    const schema = receiverInfoFormSchema([
      { name: "FULL_NAME", mandatory: true },
      { name: "BIRTH_DATE", mandatory: false },
    ]);
    expect(schema.safeParse({ FULL_NAME: "", BIRTH_DATE: "" }).success).toBe(false);
    expect(schema.safeParse({ FULL_NAME: "Ana López", BIRTH_DATE: "" }).data).toEqual({
      FULL_NAME: "Ana López",
      BIRTH_DATE: undefined,
    });
    expect(schema.safeParse({ FULL_NAME: "Ana López", BIRTH_DATE: "2023-02-30" }).success).toBe(false);
    expect(schema.safeParse({ FULL_NAME: "R2-D2", BIRTH_DATE: "" }).success).toBe(false);
  });

  it("prefills from the customer record", () => {
    const fields = approvalFormFields([
      { name: "FULL_NAME", mandatory: true },
      { name: "BIRTH_DATE", mandatory: false },
      { name: "ADDRESS", mandatory: false },
      { name: "EMAIL", mandatory: false },
    ]);
    expect(prefillReceiverInfo(fields, individual)).toEqual({
      FULL_NAME: "Ana María López",
      BIRTH_DATE: "1990-04-02",
      ADDRESS: "Av. Reforma 1, CDMX, 06600, MX",
      EMAIL: "",
    });
  });

  it("sends only filled values", () => {
    expect(toReceiverCustomerInfo({ FULL_NAME: "Ana", BIRTH_DATE: undefined, EMAIL: "" })).toEqual({
      FULL_NAME: "Ana",
    });
  });
});
