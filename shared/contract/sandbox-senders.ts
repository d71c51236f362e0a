/**
 * The sandbox's sender addresses and what each does (api-notes §4), without zod: the sandbox page offers them at
 * render time, and shared/contract/sandbox.ts re-exports them for the service.
 */
import { normalizeUmaAddress, parseUmaAddress } from "./uma-address-format";

export const SANDBOX_UMA_DOMAIN = "sandbox.uma.money";
export const SANDBOX_UMA_DOMAIN_ALIASES = ["sandbox.service.uma.money"] as const;

/** The sandbox sender who is a listed person: its name, date of birth and nationality are a UN list entry's. */
export const LISTED_SANDBOX_SENDER = `$listed.usd@${SANDBOX_UMA_DOMAIN}`;

/** The second listed sender, in euros: UN entry QDi.263, also on OFAC's list. */
export const SECOND_LISTED_SANDBOX_SENDER = `$listed.eur@${SANDBOX_UMA_DOMAIN}`;

export type SandboxSenderOutcome = "SUCCEEDS" | "STAYS_PENDING" | "FAILS_COMPLIANCE";

export const sandboxSenders = [
  { address: `$success.usd@${SANDBOX_UMA_DOMAIN}`, currencyCode: "USD", outcome: "SUCCEEDS" },
  { address: `$success.eur@${SANDBOX_UMA_DOMAIN}`, currencyCode: "EUR", outcome: "SUCCEEDS" },
  { address: `$success.mxn@${SANDBOX_UMA_DOMAIN}`, currencyCode: "MXN", outcome: "SUCCEEDS" },
  { address: `$pending.long.usd@${SANDBOX_UMA_DOMAIN}`, currencyCode: "USD", outcome: "STAYS_PENDING" },
  { address: `$fail.compliance.usd@${SANDBOX_UMA_DOMAIN}`, currencyCode: "USD", outcome: "FAILS_COMPLIANCE" },
  // Not in api-notes §4: the local sandbox's sender whose details are those of a person on the UN sanctions list,
  // so screening (issue 48) has something to find (docs/decisions/0058-screening-in-the-console.md).
  { address: LISTED_SANDBOX_SENDER, currencyCode: "USD", outcome: "SUCCEEDS" },
  // A second listed person, so that one can be confirmed as listed (after which one officer can no longer dismiss
  // that person's matches) while the first is dismissed as a false positive, in the same platform.
  { address: SECOND_LISTED_SANDBOX_SENDER, currencyCode: "EUR", outcome: "SUCCEEDS" },
] as const satisfies readonly { address: string; currencyCode: string; outcome: SandboxSenderOutcome }[];
export type SandboxSender = (typeof sandboxSenders)[number];

/** The listed sandbox sender's name, date of birth and nationality: a UN list entry's. */
export const LISTED_SANDBOX_PERSON = {
  FULL_NAME: "Tharwat Salah Shihata",
  BIRTH_DATE: "1960-06-29",
  NATIONALITY: "EG",
} as const;

/** The second listed sender's: UN entry QDi.263's. */
const SECOND_LISTED_SANDBOX_PERSON = {
  FULL_NAME: "Hafiz Muhammad Saeed",
  BIRTH_DATE: "1950-06-05",
  NATIONALITY: "PK",
} as const;

/** The listed person a sandbox sender's details are, by its address; undefined for the others. */
export const LISTED_SANDBOX_PEOPLE: Readonly<
  Record<string, { FULL_NAME: string; BIRTH_DATE: string; NATIONALITY: string }>
> = {
  [LISTED_SANDBOX_SENDER]: LISTED_SANDBOX_PERSON,
  [SECOND_LISTED_SANDBOX_SENDER]: SECOND_LISTED_SANDBOX_PERSON,
};

export const SANDBOX_SENDER_UMA_ADDRESSES: readonly string[] = sandboxSenders.map((s) => s.address);

/** The sandbox sender an address names, accepting the alias domain and any letter case; undefined otherwise. */
export function findSandboxSender(address: string): SandboxSender | undefined {
  const parsed = parseUmaAddress(address);
  if (!parsed.ok) return undefined;
  const { username, domain } = parsed.value;
  const knownDomain =
    domain === SANDBOX_UMA_DOMAIN || (SANDBOX_UMA_DOMAIN_ALIASES as readonly string[]).includes(domain);
  if (!knownDomain) return undefined;
  const canonical = normalizeUmaAddress(`${username}@${SANDBOX_UMA_DOMAIN}`);
  return sandboxSenders.find((s) => s.address === canonical);
}
