import { compareCodeUnits } from "@/lib/universal/text/order";
import type { Customer, CustomerType, UpdateCustomerBody } from "@/shared/contract";
import type { CurrencyRequirement } from "@/shared/contract/customer-requirements";
import { parseUmaAddress } from "@/shared/contract/uma-address-format";

/** Rails a customer's own bank account can be on; FBO is the platform's omnibus account, not a customer's. */
export const customerBankAccountTypes = ["US_ACCOUNT", "CLABE", "IBAN", "PIX", "UPI"] as const;
export type CustomerBankAccountType = (typeof customerBankAccountTypes)[number];

/** Every input of the bank account section as typed; only the fields of the chosen type are sent. */
export type BankAccountFormValues = {
  accountType: CustomerBankAccountType | "";
  bankName: string;
  accountNumber: string;
  routingNumber: string;
  accountCategory: "CHECKING" | "SAVINGS" | "";
  clabeNumber: string;
  pixKey: string;
  pixKeyType: "CPF" | "CNPJ" | "PHONE" | "EMAIL" | "RANDOM" | "";
  vpa: string;
  iban: string;
  swiftBic: string;
  platformAccountId: string;
};

export type CustomerFormValues = {
  customerType: CustomerType;
  platformCustomerId: string;
  umaAddress: string;
  fullName: string;
  birthDate: string;
  nationality: string;
  businessInfo: { legalName: string; registrationNumber: string; taxId: string };
  address: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  bankAccountInfo: BankAccountFormValues;
};

export const emptyBankAccount: BankAccountFormValues = {
  accountType: "",
  bankName: "",
  accountNumber: "",
  routingNumber: "",
  accountCategory: "",
  clabeNumber: "",
  pixKey: "",
  pixKeyType: "",
  vpa: "",
  iban: "",
  swiftBic: "",
  platformAccountId: "",
};

/** The form's starting values: empty for a new customer, the stored record for an edit. */
export function customerFormDefaults(customer?: Customer): CustomerFormValues {
  const address = customer?.address ?? {};
  const business = customer?.customerType === "BUSINESS" ? (customer.businessInfo ?? {}) : {};
  const person = customer?.customerType === "INDIVIDUAL" ? customer : undefined;
  return {
    customerType: customer?.customerType ?? "INDIVIDUAL",
    platformCustomerId: customer?.platformCustomerId ?? "",
    umaAddress: customer?.umaAddress ?? "",
    fullName: person?.fullName ?? "",
    birthDate: person?.birthDate ?? "",
    nationality: person?.nationality ?? "",
    businessInfo: {
      legalName: business.legalName ?? "",
      registrationNumber: business.registrationNumber ?? "",
      taxId: business.taxId ?? "",
    },
    address: {
      line1: address.line1 ?? "",
      line2: address.line2 ?? "",
      city: address.city ?? "",
      state: address.state ?? "",
      postalCode: address.postalCode ?? "",
      country: address.country ?? "",
    },
    bankAccountInfo: emptyBankAccount,
  };
}

const text = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

/** Drops absent keys, so the strict contract schemas see only what the person entered. */
function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The bank account section → the API's bankAccountInfo, with the fields of the chosen type only. */
export function bankAccountBody(values: BankAccountFormValues): Record<string, unknown> | undefined {
  const common = { platformAccountId: text(values.platformAccountId) };
  switch (values.accountType) {
    case "":
      return undefined;
    case "US_ACCOUNT":
      return compact({
        accountType: values.accountType,
        accountNumber: text(values.accountNumber),
        routingNumber: text(values.routingNumber),
        accountCategory: text(values.accountCategory),
        bankName: text(values.bankName),
        ...common,
      });
    case "CLABE":
      return compact({
        accountType: values.accountType,
        clabeNumber: text(values.clabeNumber),
        bankName: text(values.bankName),
        ...common,
      });
    case "IBAN":
      return compact({
        accountType: values.accountType,
        iban: text(values.iban),
        bankName: text(values.bankName),
        swiftBic: text(values.swiftBic),
        ...common,
      });
    case "PIX":
      return compact({
        accountType: values.accountType,
        pixKey: text(values.pixKey),
        pixKeyType: text(values.pixKeyType),
        ...common,
      });
    case "UPI":
      return compact({ accountType: values.accountType, vpa: text(values.vpa), ...common });
  }
}

function addressBody(address: CustomerFormValues["address"]) {
  const parts = compact({
    line1: text(address.line1),
    line2: text(address.line2),
    city: text(address.city),
    state: text(address.state),
    postalCode: text(address.postalCode),
    country: text(address.country),
  });
  return Object.keys(parts).length === 0 ? undefined : parts;
}

/**
 * The request body the form stands for, before validation: empty inputs are absent, an address exists once any
 * of its parts is filled, and only the chosen customer type's fields are included.
 */
export function customerBody(values: CustomerFormValues, mode: "create" | "edit"): Record<string, unknown> {
  const shared = {
    customerType: values.customerType,
    ...(mode === "create" ? { platformCustomerId: text(values.platformCustomerId) } : {}),
    umaAddress: text(values.umaAddress),
    address: addressBody(values.address),
    bankAccountInfo: bankAccountBody(values.bankAccountInfo),
  };
  if (values.customerType === "INDIVIDUAL") {
    return compact({
      ...shared,
      fullName: text(values.fullName),
      birthDate: text(values.birthDate),
      nationality: text(values.nationality),
    });
  }
  const businessInfo = compact({
    legalName: text(values.businessInfo.legalName),
    registrationNumber: text(values.businessInfo.registrationNumber),
    taxId: text(values.businessInfo.taxId),
  });
  return compact({
    ...shared,
    businessInfo: Object.keys(businessInfo).length > 0 ? businessInfo : undefined,
  });
}

/** An error tree as react-hook-form keeps it: a leaf carries a message, a branch holds its fields' errors. */
type FieldErrorTree = { [key: string]: unknown };

/**
 * The values with every input that has an error shown emptied: what the customer would be once the form is put
 * right, so readiness does not count a date of birth in the future or a malformed postal code as given.
 */
export function withoutInvalidInputs(values: CustomerFormValues, errors: FieldErrorTree): CustomerFormValues {
  const copy = structuredClone(values) as unknown as Record<string, unknown>;
  const blank = (target: Record<string, unknown>, tree: FieldErrorTree) => {
    for (const [key, error] of Object.entries(tree)) {
      if (typeof error !== "object" || error === null || !(key in target)) continue;
      const value = target[key];
      if (typeof value === "string") {
        if ("message" in error || "type" in error) target[key] = "";
      } else if (typeof value === "object" && value !== null) {
        blank(value as Record<string, unknown>, error as FieldErrorTree);
      }
    }
  };
  blank(copy, errors);
  return copy as unknown as CustomerFormValues;
}

export type CustomerFormRules = {
  mode: "create" | "edit";
  umaDomain: string;
  /** The supported currencies with what each requires of a customer who transacts in it. */
  currencies: readonly CurrencyRequirement[];
  /** The stored customer, in edit mode. */
  stored?: Customer | undefined;
};

/** Why a UMA address typed for this platform is unusable, or null; the service's rules in its own words. */
export function umaAddressFieldIssue(input: string, umaDomain: string): string | null {
  const value = input.trim();
  if (value === "") return null;
  if (value.startsWith("$") && !value.includes("@") && !/\s/.test(value)) {
    return `Add @${umaDomain} after the username`;
  }
  const parsed = parseUmaAddress(value);
  if (!parsed.ok) return parsed.issue;
  if (parsed.value.domain !== umaDomain.toLowerCase()) {
    return `The domain must be the platform's UMA domain, ${umaDomain}`;
  }
  return null;
}

/** Top-level personal fields: PATCH replaces them when given and keeps them when absent, so none can be emptied. */
export const TOP_LEVEL_PERSONAL = [
  "fullName",
  "birthDate",
  "nationality",
  "address",
  "businessInfo",
] as const;

function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => compareCodeUnits(a, b));
  return JSON.stringify(Object.fromEntries(entries));
}

/**
 * The PATCH body: the type (required) and only what changed, so the audit log shows what was edited and an
 * unchanged UMA address is not re-claimed. On an unregulated platform personal information is never sent.
 */
export function updateBodyFor(
  validated: UpdateCustomerBody,
  stored: Customer,
  { regulated }: { regulated: boolean },
): UpdateCustomerBody {
  const changes: Record<string, unknown> = { customerType: validated.customerType };
  const storedRecord = stored as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(validated)) {
    if (key === "customerType" || value === undefined) continue;
    if (!regulated && (TOP_LEVEL_PERSONAL as readonly string[]).includes(key)) continue;
    if (key === "bankAccountInfo" || canonical(value) !== canonical(storedRecord[key])) changes[key] = value;
  }
  return changes as UpdateCustomerBody;
}

/** Where a server field error (dotted API path) is shown: the input itself, or the first input of its group. */
export function formPathForServerPath(path: string): string | undefined {
  const known = new Set([
    "customerType",
    "platformCustomerId",
    "umaAddress",
    "fullName",
    "birthDate",
    "nationality",
    "businessInfo.legalName",
    "businessInfo.registrationNumber",
    "businessInfo.taxId",
    "address.line1",
    "address.line2",
    "address.city",
    "address.state",
    "address.postalCode",
    "address.country",
    ...Object.keys(emptyBankAccount).map((key) => `bankAccountInfo.${key}`),
  ]);
  if (known.has(path)) return path;
  if (path === "address") return "address.line1";
  if (path === "businessInfo") return "businessInfo.legalName";
  if (path.startsWith("bankAccountInfo") || path.startsWith("accountInfo")) {
    const rest = path.split(".").slice(1).join(".");
    return known.has(`bankAccountInfo.${rest}`) ? `bankAccountInfo.${rest}` : "bankAccountInfo.accountType";
  }
  return undefined;
}
