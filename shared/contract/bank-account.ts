import { cnpj, cpf } from "cpf-cnpj-validator";
import { electronicFormatIBAN, isValidBIC, ValidationErrorsIBAN, validateIBAN } from "ibantools";
import { z } from "zod";
import { addressInputSchema } from "./address";
import { RAIL_CURRENCY } from "./bank-account-currency";
import {
  birthDateSchema,
  countryCodeSchema,
  currencyCodeSchema,
  E164_PATTERN,
  emailSchema,
  nameSchema,
  requiredError,
  textSchema,
} from "./common";

export const bankAccountTypes = ["FBO", "CLABE", "US_ACCOUNT", "PIX", "UPI", "IBAN"] as const;
export const bankAccountTypeSchema = z.enum(bankAccountTypes);
export type BankAccountType = z.infer<typeof bankAccountTypeSchema>;

export const usAccountCategorySchema = z.enum(["CHECKING", "SAVINGS"]);
export type UsAccountCategory = z.infer<typeof usAccountCategorySchema>;

export const pixKeyTypeSchema = z.enum(["CPF", "CNPJ", "PHONE", "EMAIL", "RANDOM"]);
export type PixKeyType = z.infer<typeof pixKeyTypeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Check digits

/** ABA routing number: nine digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * (weights[i] ?? 0);
  return sum % 10 === 0;
}

/**
 * Banxico's CLABE control digit of the first 17 digits: each digit times 3, 7, 1, 3, 7, 1…, each product taken
 * mod 10, summed; the digit is (10 − sum mod 10) mod 10. Computed here rather than with clabe-validator, whose
 * module carries Mexico's bank and city tables (28 kB gzipped) into every page that uses the contract.
 */
function clabeControlDigit(first17: string): number {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (weights[i % 3] ?? 0)) % 10;
  return (10 - (sum % 10)) % 10;
}

/**
 * Why a CLABE is unusable, or null. Only length and control digit are checked: bank and city tables lag behind
 * Banxico, and an unknown bank code is for the bank to refuse, not for a form.
 */
export function clabeIssue(value: string): string | null {
  if (!/^\d{18}$/.test(value)) return "A CLABE is exactly 18 digits";
  const expected = clabeControlDigit(value.slice(0, 17));
  if (String(expected) !== value.slice(17)) {
    return `The CLABE control digit (the last one) is wrong; expected ${expected}`;
  }
  return null;
}

/** Why a PIX key does not fit its declared type, or null. CPF and CNPJ keys are registered without punctuation. */
export function pixKeyIssue(type: PixKeyType, key: string): string | null {
  switch (type) {
    case "CPF":
      if (!/^\d{11}$/.test(key)) return "A CPF key is 11 digits, without dots or dashes";
      return cpf.isValid(key, true) ? null : "This CPF's check digits are wrong";
    case "CNPJ":
      if (!/^[0-9A-Z]{12}\d{2}$/.test(key))
        return "A CNPJ key is 14 characters, without dots, slashes or dashes";
      return cnpj.isValid(key, true) ? null : "This CNPJ's check digits are wrong";
    case "PHONE":
      return E164_PATTERN.test(key) ? null : "A phone key is an international number like +5511999999999";
    case "EMAIL":
      return emailSchema.safeParse(key).success ? null : "An email key must be an email address";
    case "RANDOM":
      return z.guid().safeParse(key).success
        ? null
        : "A random key is a UUID like 123e4567-e89b-12d3-a456-426614174000";
  }
}

const IBAN_MESSAGES: Partial<Record<ValidationErrorsIBAN, string>> = {
  [ValidationErrorsIBAN.NoIBANCountry]: "The IBAN does not start with a known country code",
  [ValidationErrorsIBAN.WrongBBANLength]: "The IBAN has the wrong length for its country",
  [ValidationErrorsIBAN.WrongBBANFormat]: "The IBAN's account part has the wrong format for its country",
  [ValidationErrorsIBAN.ChecksumNotNumber]: "The IBAN's check digits (characters 3 and 4) must be digits",
  [ValidationErrorsIBAN.WrongIBANChecksum]: "The IBAN's check digits are wrong (mod-97 check failed)",
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: "The IBAN's national check digits are wrong",
};

/** IBANs are written with spaces in groups of four; the electronic form has none, in uppercase. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value;
}

export function ibanIssue(value: string): string | null {
  const result = validateIBAN(normalizeIban(value));
  if (result.valid) return null;
  const first = result.errorCodes[0];
  return (first !== undefined && IBAN_MESSAGES[first]) || "Not a valid IBAN";
}

// ---------------------------------------------------------------------------------------------------------
// Field schemas, shared with the bulk CSV row schema so both report the same messages

function checked(issueOf: (value: string) => string | null) {
  return (ctx: z.core.ParsePayload<string>) => {
    const issue = issueOf(ctx.value);
    if (issue !== null) ctx.issues.push({ code: "custom", message: issue, input: ctx.value });
  };
}

export const clabeNumberSchema = z.string({ error: requiredError }).check(checked(clabeIssue));

export const routingNumberSchema = z.string({ error: requiredError }).check(
  checked((value) => {
    if (!/^\d{9}$/.test(value)) return "A routing number is exactly 9 digits";
    return isValidAbaRoutingNumber(value) ? null : "This routing number fails the ABA checksum";
  }),
);

export const usAccountNumberSchema = z
  .string({ error: requiredError })
  .regex(/^\d{4,17}$/, "A US account number is 4 to 17 digits");

export const ibanSchema = z
  .string({ error: requiredError })
  .overwrite(normalizeIban)
  .check(checked(ibanIssue));

/** SWIFT/BIC: 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export const swiftBicSchema = z
  .string({ error: requiredError })
  .overwrite((value) => value.trim().toUpperCase())
  .check(
    checked((value) => {
      if (value.length !== 8 && value.length !== 11) return "A SWIFT/BIC code is 8 or 11 characters";
      if (!/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value)) {
        return "A SWIFT/BIC code is 6 letters followed by 2 or 5 letters or digits";
      }
      return isValidBIC(value) ? null : "The SWIFT/BIC code's country (characters 5 and 6) is not a country";
    }),
  );

export const upiVpaSchema = z
  .string({ error: requiredError })
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/,
    "A UPI address looks like name@bank",
  );

export const bankNameSchema = textSchema(200);
export const platformAccountIdSchema = textSchema(255);

// ---------------------------------------------------------------------------------------------------------
// Request shapes (strict, validated)

/** Who holds an external account (api-notes §8): a person or a business, each with their own fields. */
export const beneficiaryInputSchema = z.union([
  z.strictObject({
    fullName: nameSchema,
    birthDate: birthDateSchema,
    nationality: countryCodeSchema,
    address: addressInputSchema.optional(),
  }),
  z.strictObject({
    legalName: nameSchema,
    registrationNumber: textSchema(100).optional(),
    taxId: textSchema(100).optional(),
    address: addressInputSchema.optional(),
  }),
]);
export type BeneficiaryInput = z.infer<typeof beneficiaryInputSchema>;

const common = {
  platformAccountId: platformAccountIdSchema.optional(),
  // The reference's optional fields (api-notes §8): the account's currency when its rail does not fix it (an IBAN
  // account in CHF), and, on an external account's accountInfo, who holds it.
  currency: currencyCodeSchema.optional(),
  beneficiary: beneficiaryInputSchema.optional(),
};

export const fboAccountInputSchema = z.strictObject({
  accountType: z.literal("FBO"),
  currencyCode: currencyCodeSchema,
  ...common,
});

export const clabeAccountInputSchema = z.strictObject({
  accountType: z.literal("CLABE"),
  clabeNumber: clabeNumberSchema,
  bankName: bankNameSchema,
  ...common,
});

export const usAccountInputSchema = z.strictObject({
  accountType: z.literal("US_ACCOUNT"),
  accountNumber: usAccountNumberSchema,
  routingNumber: routingNumberSchema,
  accountCategory: usAccountCategorySchema,
  bankName: bankNameSchema,
  ...common,
});

export const pixAccountInputSchema = z
  .strictObject({
    accountType: z.literal("PIX"),
    pixKey: textSchema(140),
    pixKeyType: pixKeyTypeSchema,
    ...common,
  })
  .check((ctx) => {
    const issue = pixKeyIssue(ctx.value.pixKeyType, ctx.value.pixKey);
    if (issue !== null)
      ctx.issues.push({ code: "custom", message: issue, path: ["pixKey"], input: ctx.value });
  });

export const upiAccountInputSchema = z.strictObject({
  accountType: z.literal("UPI"),
  vpa: upiVpaSchema,
  ...common,
});

// swiftBic is optional in the JSON API; only the bulk CSV requires it.
export const ibanAccountInputSchema = z.strictObject({
  accountType: z.literal("IBAN"),
  iban: ibanSchema,
  bankName: bankNameSchema,
  swiftBic: swiftBicSchema.optional(),
  ...common,
});

export const bankAccountInfoInputSchema = z
  .discriminatedUnion("accountType", [
    fboAccountInputSchema,
    clabeAccountInputSchema,
    usAccountInputSchema,
    pixAccountInputSchema,
    upiAccountInputSchema,
    ibanAccountInputSchema,
  ])
  .check((ctx) => {
    // A rail that carries one currency cannot be said to hold another.
    const { accountType, currency } = ctx.value;
    const rail = accountType === "FBO" ? ctx.value.currencyCode : RAIL_CURRENCY[accountType];
    if (currency !== undefined && rail !== undefined && currency !== rail) {
      ctx.issues.push({
        code: "custom",
        message: `A ${accountType} account holds ${rail}, not ${currency}`,
        path: ["currency"],
        input: ctx.value,
      });
    }
  });
export type BankAccountInfoInput = z.infer<typeof bankAccountInfoInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Response shapes (loose; formats are the API's business once stored)

const stored = { platformAccountId: z.string().optional() };

export const bankAccountInfoSchema = z.discriminatedUnion("accountType", [
  z.looseObject({ accountType: z.literal("FBO"), currencyCode: z.string(), ...stored }),
  z.looseObject({
    accountType: z.literal("CLABE"),
    clabeNumber: z.string(),
    bankName: z.string().optional(),
    ...stored,
  }),
  z.looseObject({
    accountType: z.literal("US_ACCOUNT"),
    accountNumber: z.string(),
    routingNumber: z.string(),
    accountCategory: usAccountCategorySchema.optional(),
    bankName: z.string().optional(),
    ...stored,
  }),
  z.looseObject({
    accountType: z.literal("PIX"),
    pixKey: z.string(),
    pixKeyType: pixKeyTypeSchema,
    ...stored,
  }),
  z.looseObject({ accountType: z.literal("UPI"), vpa: z.string(), ...stored }),
  z.looseObject({
    accountType: z.literal("IBAN"),
    iban: z.string(),
    bankName: z.string().optional(),
    swiftBic: z.string().optional(),
    ...stored,
  }),
]);
export type BankAccountInfo = z.infer<typeof bankAccountInfoSchema>;
