import { describe, expect, it } from "vitest";
import type {
  Customer,
  ExternalAccount,
  InternalAccount,
  Quote,
  Transaction,
} from "../../../shared/contract";
import {
  idsToName,
  quoteCounterparty,
  quoteCustomer,
  transactionCounterparty,
  transactionCounterpartyPhrase,
  transactionCustomer,
  transactionCustomerText,
} from "./counterparty";
import {
  customerChoice,
  customerMatchRank,
  matchesCustomer,
  nameWords,
  searchReach,
} from "./customer-matches";
import { bankAccountName, customerName, internalAccountName, type NamedRecord } from "./labels";

const base = {
  status: "COMPLETED",
  createdAt: "2026-11-26T08:00:00Z",
  updatedAt: "2026-11-26T08:00:00Z",
  platformCustomerId: "p-1",
} as const;

describe("the parties of a transaction", () => {
  it("names the sender of money received by their UMA address and the name they shared", () => {
    const transaction = {
      ...base,
      id: "Transaction:1",
      type: "INCOMING",
      customerId: "Customer:a",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$ana@remote.example" },
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:x" },
      counterpartyInformation: { FULL_NAME: "Ana Remota" },
    } as unknown as Transaction;
    expect(transactionCounterparty(transaction)).toEqual({
      kind: "uma",
      address: "$ana@remote.example",
      name: "Ana Remota",
    });
    expect(transactionCustomer(transaction)).toEqual({ kind: "ref", id: "Customer:a" });
  });

  it("names the recipient of money sent by their account, and the platform when no customer is involved", () => {
    const transaction = {
      ...base,
      id: "Transaction:2",
      type: "OUTGOING",
      customerId: "",
      source: { sourceType: "ACCOUNT", accountId: "InternalAccount:p" },
      destination: { destinationType: "ACCOUNT", accountId: "ExternalAccount:b" },
    } as unknown as Transaction;
    expect(transactionCounterparty(transaction)).toEqual({ kind: "ref", id: "ExternalAccount:b" });
    expect(transactionCustomer(transaction)).toEqual({ kind: "platform" });
  });

  it("says when the record does not state the other side", () => {
    const transaction = {
      ...base,
      id: "Transaction:3",
      type: "INCOMING",
      customerId: "Customer:a",
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:x" },
    } as unknown as Transaction;
    expect(transactionCounterparty(transaction)).toEqual({ kind: "unknown", text: "Not stated" });
  });

  it("says whose it is by the customer's name, as the lists do, not by the platform's id for them", () => {
    const transaction = {
      ...base,
      id: "Transaction:4",
      type: "INCOMING",
      customerId: "Customer:a",
      platformCustomerId: "user-1002",
      description: "Weekly payout",
    } as unknown as Transaction;
    const names = {
      "Customer:a": {
        kind: "customer",
        name: "James Carter",
        customerId: "Customer:a",
        platformCustomerId: "user-1002",
        deleted: false,
      },
    } as const;
    expect(transactionCustomerText(transaction, names)).toBe("James Carter");
    // Until the names have arrived (or for a customer the console cannot name), the platform's id for them.
    expect(transactionCustomerText(transaction, {})).toBe("user-1002");
    expect(transactionCustomerText({ ...transaction, platformCustomerId: "" }, {})).toBe("Customer:a");
    expect(transactionCustomerText({ ...transaction, customerId: "" }, names)).toBe("Platform");
  });
});

describe("the other side of a transaction in a few words", () => {
  const account: NamedRecord = {
    kind: "bank-account",
    name: "Nordwind Handels GmbH · Commerzbank ••3000",
    customerId: "Customer:n",
  };

  it("says whom money came from, by the name the sender shared (as masked for the reader), else the address", () => {
    const incoming = {
      ...base,
      id: "Transaction:5",
      type: "INCOMING",
      customerId: "Customer:a",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money" },
      counterpartyInformation: { FULL_NAME: "T••• S••• S•••" },
    } as unknown as Transaction;
    expect(transactionCounterpartyPhrase(incoming, {})).toBe("from T••• S••• S•••");
    expect(transactionCounterpartyPhrase({ ...incoming, counterpartyInformation: {} }, {})).toBe(
      "from $success.usd@sandbox.uma.money",
    );
  });

  it("says where money went by the account's name once known, and nothing while it is not", () => {
    const outgoing = {
      ...base,
      id: "Transaction:6",
      type: "OUTGOING",
      customerId: "Customer:a",
      source: { sourceType: "ACCOUNT", accountId: "InternalAccount:a" },
      destination: { destinationType: "ACCOUNT", accountId: "ExternalAccount:n" },
    } as unknown as Transaction;
    expect(transactionCounterpartyPhrase(outgoing, { "ExternalAccount:n": account })).toBe(
      "to Nordwind Handels GmbH · Commerzbank ••3000",
    );
    expect(transactionCounterpartyPhrase(outgoing, {})).toBeUndefined();
  });
});

describe("the parties of a quote", () => {
  it("is its destination and its sending customer, or the platform", () => {
    const quote = {
      source: { sourceType: "ACCOUNT", accountId: "InternalAccount:p" },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: "$bo@remote.example" },
    } as unknown as Quote;
    expect(quoteCounterparty(quote)).toEqual({ kind: "uma", address: "$bo@remote.example", name: undefined });
    expect(quoteCustomer(quote)).toEqual({ kind: "platform" });
    const customers = { ...quote, source: { ...quote.source, customerId: "Customer:c" } } as unknown as Quote;
    expect(quoteCustomer(customers)).toEqual({ kind: "ref", id: "Customer:c" });
  });

  it("looks each id up once", () => {
    expect(
      idsToName([
        { kind: "ref", id: "Customer:b" },
        { kind: "platform" },
        { kind: "ref", id: "Customer:b" },
        { kind: "ref", id: "ExternalAccount:a" },
      ]),
    ).toEqual(["Customer:b", "ExternalAccount:a"]);
  });
});

const ada = {
  id: "Customer:ada",
  customerType: "INDIVIDUAL",
  platformCustomerId: "ada-001",
  fullName: "Ada Lovelace",
  umaAddress: "$ada@console.example",
  kycStatus: "APPROVED",
} as unknown as Customer;

describe("names", () => {
  it("of a customer: the name, the legal name of a business, else the platform's id", () => {
    expect(customerName(ada)).toBe("Ada Lovelace");
    expect(
      customerName({ ...ada, customerType: "BUSINESS", businessInfo: { legalName: "Acme SA" } } as Customer),
    ).toBe("Acme SA");
    expect(customerName({ ...ada, fullName: " " } as Customer)).toBe("ada-001");
  });

  it("of an internal account: its owner and currency", () => {
    const account = { id: "InternalAccount:1", balance: { currency: { code: "MXN" } } } as InternalAccount;
    expect(internalAccountName(account)).toBe("Platform MXN account");
    expect(internalAccountName(account, "Ada Lovelace")).toBe("Ada Lovelace's MXN account");
  });

  it("of a bank account: holder, bank and the end of its number", () => {
    const account = {
      id: "ExternalAccount:1",
      customerId: "Customer:ada",
      currency: "MXN",
      status: "ACTIVE",
      accountInfo: { accountType: "CLABE", clabeNumber: "012180001234567897", bankName: "BBVA México" },
    } as unknown as ExternalAccount;
    expect(bankAccountName(account, "Ada Lovelace")).toBe("Ada Lovelace · BBVA México ••7897");
    const held = {
      ...account,
      accountInfo: { ...account.accountInfo, beneficiary: { fullName: "Bo Holder" } },
    } as unknown as ExternalAccount;
    expect(bankAccountName(held, "Ada Lovelace")).toBe("Bo Holder · BBVA México ••7897");
    expect(bankAccountName({ ...account, customerId: undefined })).toBe("Platform · BBVA México ••7897");
  });
});

describe("finding a customer by words", () => {
  const choice = customerChoice(ada);
  it("matches every word across name, email, address and ids, ignoring case and accents", () => {
    expect(matchesCustomer(choice, "ada love")).toBe(true);
    expect(matchesCustomer(choice, "console.example")).toBe(true);
    expect(matchesCustomer(choice, "ada-001")).toBe(true);
    expect(matchesCustomer(choice, "ada smith")).toBe(false);
    expect(
      matchesCustomer(customerChoice({ ...ada, fullName: "José Núñez" } as Customer), "jose nunez"),
    ).toBe(true);
    expect(matchesCustomer(choice, "   ")).toBe(false);
  });

  it("finds a name with an apostrophe typed either way", () => {
    const liam = customerChoice({ ...ada, fullName: "Liam O'Brien" } as Customer);
    expect(matchesCustomer(liam, "O\u2019Brien")).toBe(true);
    expect(
      matchesCustomer(customerChoice({ ...ada, fullName: "Liam O\u2019Brien" } as Customer), "o'brien"),
    ).toBe(true);
  });

  it("matches a business by its people's names and emails, and shows the first email", () => {
    const business = customerChoice({
      ...ada,
      id: "Customer:acme",
      customerType: "BUSINESS",
      businessInfo: { legalName: "Acme Logística SA" },
      beneficialOwners: [
        { fullName: "Bea Ortiz", individualType: "OFFICER", emailAddress: "bea@acme.example" },
      ],
    } as unknown as Customer);
    expect(business.name).toBe("Acme Logística SA");
    expect(business.emailAddress).toBe("bea@acme.example");
    expect(matchesCustomer(business, "BEA@ACME")).toBe(true);
    expect(matchesCustomer(business, "bea ortiz")).toBe(true);
    expect(matchesCustomer(business, "acme logistica")).toBe(true);
    expect(matchesCustomer(choice, "bea")).toBe(false);
  });

  it("ranks a name that begins with the text above a word that begins with it, above text found inside", () => {
    const named = (fullName: string) => customerChoice({ ...ada, fullName } as Customer);
    expect(customerMatchRank(named("Ana María López"), "ana")).toBe("name-starts");
    expect(customerMatchRank(named("Ana María López"), "ana mar")).toBe("name-starts");
    expect(customerMatchRank(named("Ana María López"), "lop")).toBe("word-starts");
    expect(customerMatchRank(named("Ana María López"), "maria ana")).toBe("word-starts");
    expect(customerMatchRank(named("Kenji Tanaka"), "ana")).toBe("contains");
    expect(customerMatchRank(named("Kenji Tanaka"), "ada-001")).toBe("contains");
    expect(customerMatchRank(named("José Núñez"), "NUNEZ")).toBe("word-starts");
  });
});

describe("the words of a name, and how far a search by words read", () => {
  it("folds a name into its words once each, split at anything but a letter or digit", () => {
    expect(nameWords("Seán O’Brien-Smith, O'Brien")).toEqual(["sean", "o", "brien", "smith"]);
    expect(nameWords(" - ")).toEqual([]);
  });

  it("says nothing when every customer was read, and what was read otherwise", () => {
    expect(searchReach({ searched: 40, complete: true })).toBe("");
    expect(searchReach({ searched: 2000, complete: false })).toBe(" among the newest 2,000");
    expect(searchReach({ searched: 2000, complete: false, older: { found: 2, complete: true } })).toBe(
      " among the newest 2,000 and, by name, email or UMA address, the older ones",
    );
    expect(searchReach({ searched: 2000, complete: false, older: { found: 0, complete: false } })).toBe(
      " among the newest 2,000 and, by name, email or UMA address, some older ones",
    );
  });
});
