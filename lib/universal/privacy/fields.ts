import type { Role } from "../auth/permissions";

/**
 * Personal data a counterparty shares with a payment (counterpartyInformation), in the categories an admin decides
 * about: who sees each unmasked, and who must reveal it with a reason (issue 26, "Personal data on screen").
 */
export const PERSONAL_DATA_CATEGORIES = [
  "name",
  "birthDate",
  "nationality",
  "address",
  "contact",
  "taxId",
] as const;
export type PersonalDataCategory = (typeof PERSONAL_DATA_CATEGORIES)[number];

/** Whether a role that sees `visible` sees every category unmasked: nothing of an answer is masked for it. */
export const seesEveryCategory = (visible: readonly PersonalDataCategory[]): boolean =>
  PERSONAL_DATA_CATEGORIES.every((category) => visible.includes(category));

/** The key of a payment's counterparty data in the API's answers and webhooks: what masking looks for. */
export const COUNTERPARTY_KEY = "counterpartyInformation";

export const CATEGORY_LABELS: Record<PersonalDataCategory, string> = {
  name: "Names",
  birthDate: "Birth dates",
  nationality: "Nationality",
  address: "Addresses",
  contact: "Email and phone",
  taxId: "Tax ids",
};

const CATEGORY_OF_FIELD: Record<string, PersonalDataCategory> = {
  FULL_NAME: "name",
  BUSINESS_NAME: "name",
  BIRTH_DATE: "birthDate",
  NATIONALITY: "nationality",
  ADDRESS: "address",
  PHONE_NUMBER: "contact",
  EMAIL: "contact",
  TAX_ID: "taxId",
};

/** A field the console does not know is treated as the most private kind it knows: an address. */
export function categoryOf(field: string): PersonalDataCategory {
  return CATEGORY_OF_FIELD[field] ?? "address";
}

/** Which categories each role sees unmasked. */
export type Visibility = Record<Role, PersonalDataCategory[]>;

/**
 * The default: admins see everything; compliance sees who sends and from where (what screening needs) and reveals
 * the rest with a reason; developers and viewers see it all masked.
 */
export const DEFAULT_VISIBILITY: Visibility = {
  admin: [...PERSONAL_DATA_CATEGORIES],
  compliance: ["name", "nationality"],
  developer: [],
  viewer: [],
};

const DOT = "•";

/**
 * What a masked value shows: enough to tell two apart at a glance, not enough to use. Names keep each word's first
 * letter, emails the first letter and the domain, phones and tax ids their last two characters; dates, nationality
 * and addresses nothing.
 */
export function maskValue(field: string, value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
  switch (categoryOf(field)) {
    case "name":
      return text
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => `${[...word][0] ?? ""}${DOT.repeat(3)}`)
        .join(" ");
    case "contact": {
      const at = text.indexOf("@");
      if (at > 0) return `${[...text][0]}${DOT.repeat(3)}${text.slice(at)}`;
      return `${DOT.repeat(6)}${text.slice(-2)}`;
    }
    case "taxId":
      return `${DOT.repeat(6)}${text.slice(-2)}`;
    case "birthDate":
      return `${DOT.repeat(4)}-${DOT.repeat(2)}-${DOT.repeat(2)}`;
    default:
      return DOT.repeat(6);
  }
}

/** The counterparty's fields as a role may see them, and the names of the fields masked. */
export function maskCounterparty(
  information: Record<string, unknown>,
  visible: readonly PersonalDataCategory[],
): { information: Record<string, unknown>; masked: string[] } {
  const out: Record<string, unknown> = {};
  const masked: string[] = [];
  for (const [field, value] of Object.entries(information)) {
    if (visible.includes(categoryOf(field))) {
      out[field] = value;
    } else {
      out[field] = maskValue(field, value);
      masked.push(field);
    }
  }
  return { information: out, masked };
}
