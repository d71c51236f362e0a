import { clabe } from "clabe-validator";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  bankAccountInfoInputSchema,
  bankAccountInfoSchema,
  clabeIssue,
  ibanIssue,
  isValidAbaRoutingNumber,
  normalizeIban,
  pixKeyIssue,
  swiftBicSchema,
} from "./bank-account";

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

const valid = {
  FBO: { accountType: "FBO", currencyCode: "USD" },
  CLABE: { accountType: "CLABE", clabeNumber: "032180000118359719", bankName: "IXE Banco" },
  US_ACCOUNT: {
    accountType: "US_ACCOUNT",
    accountNumber: "000123456789",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
    bankName: "JPMorgan Chase",
  },
  PIX: { accountType: "PIX", pixKey: "29537995593", pixKeyType: "CPF" },
  UPI: { accountType: "UPI", vpa: "alice@okhdfcbank" },
  IBAN: {
    accountType: "IBAN",
    iban: "DE89370400440532013000",
    bankName: "Commerzbank",
    swiftBic: "COBADEFFXXX",
  },
} as const;

describe("bankAccountInfoInputSchema", () => {
  it.each(Object.entries(valid))(
    "accepts a valid %s account, with or without platformAccountId",
    (_type, info) => {
      expect(bankAccountInfoInputSchema.safeParse(info).success).toBe(true);
      expect(bankAccountInfoInputSchema.safeParse({ ...info, platformAccountId: "acct-77" }).success).toBe(
        true,
      );
    },
  );

  it.each(Object.entries(valid))("refuses unknown fields on %s", (_type, info) => {
    expect(bankAccountInfoInputSchema.safeParse({ ...info, nickname: "main" }).success).toBe(false);
  });

  it("takes the reference's currency and beneficiary, and refuses a currency the rail cannot hold", () => {
    const chf = { ...valid.IBAN, iban: "CH9300762011623852957", currency: "CHF" };
    expect(bankAccountInfoInputSchema.safeParse(chf).success).toBe(true);
    expect(issues(bankAccountInfoInputSchema, { ...valid.US_ACCOUNT, currency: "EUR" })).toEqual([
      { path: ["currency"], message: "A US_ACCOUNT account holds USD, not EUR" },
    ]);
    const person = { fullName: "Ana López", birthDate: "1990-04-02", nationality: "MX" };
    const company = { legalName: "Acme SA de CV", taxId: "ACM010101AB1" };
    for (const beneficiary of [
      person,
      company,
      { ...person, address: { line1: "Reforma 1", postalCode: "06600", country: "MX" } },
    ]) {
      expect(bankAccountInfoInputSchema.safeParse({ ...valid.CLABE, beneficiary }).success).toBe(true);
    }
    expect(
      bankAccountInfoInputSchema.safeParse({ ...valid.CLABE, beneficiary: { ...person, nickname: "A" } })
        .success,
    ).toBe(false);
    expect(
      bankAccountInfoInputSchema.safeParse({ ...valid.CLABE, beneficiary: { fullName: "Ana López" } })
        .success,
    ).toBe(false);
  });

  it("refuses an unknown accountType with the path of the discriminator", () => {
    expect(issues(bankAccountInfoInputSchema, { accountType: "SWIFT" })[0]?.path).toEqual(["accountType"]);
  });

  it("FBO needs an ISO currency", () => {
    expect(issues(bankAccountInfoInputSchema, { accountType: "FBO", currencyCode: "XYZ" })[0]?.path).toEqual([
      "currencyCode",
    ]);
  });

  describe("CLABE", () => {
    it("refuses a wrong control digit, naming the field", () => {
      expect(
        issues(bankAccountInfoInputSchema, { ...valid.CLABE, clabeNumber: "032180000118359718" }),
      ).toEqual([
        { path: ["clabeNumber"], message: "The CLABE control digit (the last one) is wrong; expected 9" },
      ]);
    });

    it("refuses lengths other than 18 and non-digits", () => {
      expect(clabeIssue("03218000011835971")).toBe("A CLABE is exactly 18 digits");
      expect(clabeIssue("0321800001183597190")).toBe("A CLABE is exactly 18 digits");
      expect(clabeIssue("03218000011835971a")).toBe("A CLABE is exactly 18 digits");
    });

    it("agrees with clabe-validator's control digit for any 17 digits", () => {
      fc.assert(
        fc.property(fc.stringMatching(/^\d{17}$/), (first17) => {
          const expected = String(clabe.computeChecksum(first17));
          expect(clabeIssue(`${first17}${expected}`)).toBeNull();
        }),
        { numRuns: 2_000 },
      );
    });

    it("for any 17 digits exactly one control digit is accepted", () => {
      fc.assert(
        fc.property(fc.stringMatching(/^\d{17}$/), (prefix) => {
          const accepted = "0123456789".split("").filter((d) => clabeIssue(prefix + d) === null);
          return accepted.length === 1;
        }),
      );
    });

    it("requires bankName", () => {
      const { bankName: _omitted, ...rest } = valid.CLABE;
      expect(issues(bankAccountInfoInputSchema, rest)).toEqual([{ path: ["bankName"], message: "Required" }]);
    });
  });

  describe("US_ACCOUNT", () => {
    it("accepts known routing numbers and refuses a wrong check digit", () => {
      expect(isValidAbaRoutingNumber("011000015")).toBe(true);
      expect(isValidAbaRoutingNumber("021000021")).toBe(true);
      expect(isValidAbaRoutingNumber("021000022")).toBe(false);
      expect(issues(bankAccountInfoInputSchema, { ...valid.US_ACCOUNT, routingNumber: "011000016" })).toEqual(
        [{ path: ["routingNumber"], message: "This routing number fails the ABA checksum" }],
      );
    });

    it("routing numbers are exactly nine digits", () => {
      expect(issues(bankAccountInfoInputSchema, { ...valid.US_ACCOUNT, routingNumber: "02100002" })).toEqual([
        { path: ["routingNumber"], message: "A routing number is exactly 9 digits" },
      ]);
      expect(isValidAbaRoutingNumber("02100002a")).toBe(false);
    });

    it("changing any one digit of a valid routing number breaks the checksum", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 8 }),
          fc.integer({ min: 1, max: 9 }),
          fc.constantFrom("011000015", "021000021", "121000358"),
          (position, delta, routing) => {
            const digit = (Number(routing[position]) + delta) % 10;
            const changed = routing.slice(0, position) + String(digit) + routing.slice(position + 1);
            return !isValidAbaRoutingNumber(changed);
          },
        ),
      );
    });

    it("account numbers are 4 to 17 digits", () => {
      const at = (accountNumber: string) =>
        bankAccountInfoInputSchema.safeParse({ ...valid.US_ACCOUNT, accountNumber }).success;
      expect(at("1234")).toBe(true);
      expect(at("12345678901234567")).toBe(true);
      expect(at("123")).toBe(false);
      expect(at("123456789012345678")).toBe(false);
      expect(at("12-3456")).toBe(false);
    });

    it("accountCategory is CHECKING or SAVINGS", () => {
      expect(
        bankAccountInfoInputSchema.safeParse({ ...valid.US_ACCOUNT, accountCategory: "SAVINGS" }).success,
      ).toBe(true);
      expect(
        issues(bankAccountInfoInputSchema, { ...valid.US_ACCOUNT, accountCategory: "BROKERAGE" })[0]?.path,
      ).toEqual(["accountCategory"]);
    });
  });

  describe("PIX", () => {
    const pix = (pixKeyType: string, pixKey: string) =>
      issues(bankAccountInfoInputSchema, { accountType: "PIX", pixKeyType, pixKey });

    it("accepts a valid key of every type", () => {
      expect(pix("CPF", "29537995593")).toEqual([]);
      expect(pix("CNPJ", "54550752000155")).toEqual([]);
      expect(pix("PHONE", "+5511999999999")).toEqual([]);
      expect(pix("EMAIL", "pagamentos@example.com.br")).toEqual([]);
      expect(pix("RANDOM", "123e4567-e89b-12d3-a456-426614174000")).toEqual([]);
    });

    it("refuses wrong CPF and CNPJ check digits on the pixKey path", () => {
      expect(pix("CPF", "29537995594")).toEqual([
        { path: ["pixKey"], message: "This CPF's check digits are wrong" },
      ]);
      expect(pix("CNPJ", "54550752000156")).toEqual([
        { path: ["pixKey"], message: "This CNPJ's check digits are wrong" },
      ]);
      expect(pix("CPF", "11111111111")).toEqual([
        { path: ["pixKey"], message: "This CPF's check digits are wrong" },
      ]);
    });

    it("refuses keys that do not fit their type", () => {
      expect(pix("CPF", "295.379.955-93")[0]?.message).toBe("A CPF key is 11 digits, without dots or dashes");
      expect(pix("CNPJ", "29537995593")[0]?.path).toEqual(["pixKey"]);
      expect(pix("PHONE", "11999999999")[0]?.path).toEqual(["pixKey"]);
      expect(pix("EMAIL", "not-an-email")[0]?.path).toEqual(["pixKey"]);
      expect(pix("RANDOM", "not-a-uuid")[0]?.path).toEqual(["pixKey"]);
      expect(pix("IBAN", "29537995593")[0]?.path).toEqual(["pixKeyType"]);
    });

    it("pixKeyIssue is exported for forms", () => {
      expect(pixKeyIssue("EMAIL", "a@b.co")).toBeNull();
      expect(pixKeyIssue("PHONE", "+55")).not.toBeNull();
    });
  });

  describe("UPI", () => {
    it("vpa looks like name@bank", () => {
      expect(
        bankAccountInfoInputSchema.safeParse({ accountType: "UPI", vpa: "ravi.kumar-1@ybl" }).success,
      ).toBe(true);
      for (const vpa of ["ravi", "ravi@", "@ybl", "ravi kumar@ybl", "ravi@ybl@x"]) {
        expect(issues(bankAccountInfoInputSchema, { accountType: "UPI", vpa })[0]?.path, vpa).toEqual([
          "vpa",
        ]);
      }
    });
  });

  describe("IBAN", () => {
    it("accepts IBANs with spaces and lowercase, normalising them", () => {
      const parsed = bankAccountInfoInputSchema.parse({
        ...valid.IBAN,
        iban: "de89 3704 0044 0532 0130 00",
        swiftBic: "cobadeff",
      });
      expect(parsed).toMatchObject({ iban: "DE89370400440532013000", swiftBic: "COBADEFF" });
      expect(normalizeIban("GB82 WEST 1234 5698 7654 32")).toBe("GB82WEST12345698765432");
      expect(ibanIssue("GB82WEST12345698765432")).toBeNull();
    });

    it("refuses a wrong check digit on the iban path", () => {
      expect(issues(bankAccountInfoInputSchema, { ...valid.IBAN, iban: "DE89370400440532013001" })).toEqual([
        { path: ["iban"], message: "The IBAN's check digits are wrong (mod-97 check failed)" },
      ]);
      expect(ibanIssue("GB83WEST12345698765432")).toBe(
        "The IBAN's check digits are wrong (mod-97 check failed)",
      );
    });

    it("refuses wrong lengths and unknown countries", () => {
      expect(ibanIssue("DE8937040044053201300")).toBe("The IBAN has the wrong length for its country");
      expect(ibanIssue("QQ89370400440532013000")).toBe("The IBAN does not start with a known country code");
    });

    it("swiftBic is optional but must be 8 or 11 well-formed characters", () => {
      const { swiftBic: _omitted, ...withoutBic } = valid.IBAN;
      expect(bankAccountInfoInputSchema.safeParse(withoutBic).success).toBe(true);
      expect(swiftBicSchema.safeParse("DEUTDEFF").success).toBe(true);
      expect(swiftBicSchema.safeParse("DEUTDEFF500").success).toBe(true);
      expect(swiftBicSchema.safeParse("DEUTDEF").error?.issues[0]?.message).toBe(
        "A SWIFT/BIC code is 8 or 11 characters",
      );
      expect(swiftBicSchema.safeParse("DEUTDEFF5").success).toBe(false);
      expect(swiftBicSchema.safeParse("DEU1DEFF").success).toBe(false);
      expect(swiftBicSchema.safeParse("DEUTQQFF").success).toBe(false);
      expect(issues(bankAccountInfoInputSchema, { ...valid.IBAN, swiftBic: "SHORT" })[0]?.path).toEqual([
        "swiftBic",
      ]);
    });
  });
});

describe("bankAccountInfoSchema (response)", () => {
  it("keeps unknown fields and does not re-run format checks", () => {
    const stored = { ...valid.CLABE, clabeNumber: "032180000118359718", verifiedAt: "2025-01-01T00:00:00Z" };
    expect(bankAccountInfoSchema.parse(stored)).toEqual(stored);
  });

  it("still needs a known accountType and the identifying field", () => {
    expect(bankAccountInfoSchema.safeParse({ accountType: "CLABE" }).success).toBe(false);
    expect(bankAccountInfoSchema.safeParse({ accountType: "WIRE", number: "1" }).success).toBe(false);
  });
});
