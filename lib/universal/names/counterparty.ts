import type { Quote, Transaction } from "../../../shared/contract";
import type { NamedRecord } from "./labels";

/**
 * One side of a payment as the lists name it: an id the console resolves to a name (`ref`), or text the record
 * itself carries (a UMA address, with the name the counterparty shared), or nothing known.
 */
export type Party =
  | { kind: "ref"; id: string }
  | { kind: "uma"; address: string; name?: string | undefined }
  | { kind: "platform" }
  | { kind: "unknown"; text: string };

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The name the counterparty's side shared with the payment, if any. */
function sharedName(information: Record<string, unknown> | undefined): string | undefined {
  return text(information?.FULL_NAME) ?? text(information?.BUSINESS_NAME);
}

function endpointParty(endpoint: Record<string, unknown> | undefined, name?: string): Party {
  const accountId = text(endpoint?.accountId);
  if (accountId) return { kind: "ref", id: accountId };
  const address = text(endpoint?.umaAddress);
  if (address) return { kind: "uma", address, name };
  return { kind: "unknown", text: "Not stated" };
}

/** The other side of a transaction: the sender of money we received, the recipient of money we sent. */
export function transactionCounterparty(transaction: Transaction): Party {
  const information = transaction.counterpartyInformation as Record<string, unknown> | undefined;
  const endpoint = transaction.type === "INCOMING" ? transaction.source : transaction.destination;
  return endpointParty(endpoint as Record<string, unknown> | undefined, sharedName(information));
}

/** The platform's customer a transaction involves (the sender going out, the recipient coming in). */
export function transactionCustomer(transaction: Transaction): Party {
  return transaction.customerId ? { kind: "ref", id: transaction.customerId } : { kind: "platform" };
}

/**
 * The customer a transaction involves, in words, for a line with room for one name: their name as the lists show
 * it once the console has found it (GET /api/names), until then the platform's own id for them; "Platform" when the
 * transaction involves no customer.
 */
export function transactionCustomerText(
  transaction: Transaction,
  names: Readonly<Record<string, NamedRecord>>,
): string {
  const party = transactionCustomer(transaction);
  if (party.kind !== "ref") return "Platform";
  const record = Object.hasOwn(names, party.id) ? names[party.id] : undefined;
  return record?.name ?? (transaction.platformCustomerId || party.id);
}

/**
 * The other side of a transaction in a few words, after its customer's name on a line with room for little: "from"
 * the sender of money received, "to" where money went, by the name the list shows (masked as the reader's role sees
 * it), a UMA address without one by the address; undefined while an account's name is not known.
 */
export function transactionCounterpartyPhrase(
  transaction: Transaction,
  names: Readonly<Record<string, NamedRecord>>,
): string | undefined {
  const party = transactionCounterparty(transaction);
  const name = party.kind === "uma" ? (party.name ?? party.address) : partyName(party, names);
  if (!name) return undefined;
  return `${transaction.type === "INCOMING" ? "from" : "to"} ${name}`;
}

/** Where a quote pays to. */
export function quoteCounterparty(quote: Quote): Party {
  return endpointParty(quote.destination as Record<string, unknown>);
}

/** Who sends with a quote: a customer, or the platform when the quote names none. */
export function quoteCustomer(quote: Quote): Party {
  const customerId = text((quote.source as Record<string, unknown>).customerId);
  return customerId ? { kind: "ref", id: customerId } : { kind: "platform" };
}

/**
 * The name a list gives one side of a payment, without its id or address: a customer or account by the name the
 * console found for it (GET /api/names), a UMA address by the name its side shared (masked as the role sees it),
 * "Platform" for the platform itself; undefined when no name is known.
 */
export function partyName(party: Party, names: Readonly<Record<string, NamedRecord>>): string | undefined {
  switch (party.kind) {
    case "platform":
      return "Platform";
    case "unknown":
      return undefined;
    case "uma":
      return party.name;
    case "ref":
      return Object.hasOwn(names, party.id) ? names[party.id]?.name : undefined;
  }
}

/**
 * One side of a payment in words, for a line with room for one name: a customer or account by the name the console
 * found for it (GET /api/names), else its id; a UMA address with the name its side shared, else the address.
 */
function partyText(party: Party, names: Readonly<Record<string, NamedRecord>>): string {
  switch (party.kind) {
    case "unknown":
      return party.text;
    case "uma":
      return party.name ? `${party.name} (${party.address})` : party.address;
    default:
      return partyName(party, names) ?? (party.kind === "ref" ? party.id : "Platform");
  }
}

/** "from Ada Lovelace to $bob@example.com": who sends with a quote and where it pays, by name where known. */
export function quotePartiesText(quote: Quote, names: Readonly<Record<string, NamedRecord>>): string {
  return `from ${partyText(quoteCustomer(quote), names)} to ${partyText(quoteCounterparty(quote), names)}`;
}

/** The ids of parties the console must look up to name them, each once. */
export function idsToName(parties: readonly Party[]): string[] {
  const ids = new Set<string>();
  for (const party of parties) if (party.kind === "ref") ids.add(party.id);
  return [...ids].sort();
}
