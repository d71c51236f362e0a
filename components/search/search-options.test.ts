import { describe, expect, it } from "vitest";
import type { Customer, Quote, Transaction } from "@/shared/contract";
import {
  answerOptions,
  customerChoiceOption,
  customerOption,
  groupOrder,
  idsOfAnswer,
  ordered,
  pageOption,
  quoteOptions,
  searchMessage,
  transactionOption,
} from "./search-options";

const usd = { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 };

const transaction = (overrides: Partial<Transaction> = {}): Transaction =>
  ({
    id: "Transaction:t1",
    status: "COMPLETED",
    type: "INCOMING",
    destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:a1", currency: "USD" },
    customerId: "Customer:c1",
    platformCustomerId: "user-1",
    receivedAmount: { amount: 12345, currency: usd },
    ...overrides,
  }) as Transaction;

const customer = (overrides: Partial<Customer> = {}): Customer =>
  ({
    id: "Customer:c1",
    platformCustomerId: "user-1",
    customerType: "INDIVIDUAL",
    fullName: "Ana Silva",
    umaAddress: "$ana@demo.example",
    kycStatus: "APPROVED",
    isDeleted: false,
    ...overrides,
  }) as Customer;

describe("search options", () => {
  it("names a transaction by direction and amount, and opens its page", () => {
    expect(transactionOption(transaction())).toMatchObject({
      group: "Transactions",
      title: "Incoming $123.45",
      detail: "to user-1 · Transaction:t1",
      href: "/transactions/Transaction%3At1",
      status: "COMPLETED",
    });
  });

  it("says 'payment' when the API's answer carries no amount (get-by-id lists only the base fields)", () => {
    expect(transactionOption(transaction({ type: "OUTGOING", receivedAmount: undefined })).title).toBe(
      "Outgoing payment",
    );
  });

  it("names a customer, with the ids a person might have searched by, and marks a deleted one", () => {
    expect(customerOption(customer())).toMatchObject({
      title: "Ana Silva",
      detail: "Individual · user-1 · $ana@demo.example · Customer:c1",
      href: "/customers/Customer%3Ac1",
      status: "APPROVED",
      deleted: false,
    });
    const nameless = customerOption(
      customer({ customerType: "BUSINESS", fullName: undefined, isDeleted: true } as Partial<Customer>),
    );
    expect(nameless).toMatchObject({ title: "user-1", deleted: true });
    expect(nameless.detail).toBe("Business · $ana@demo.example · Customer:c1");
  });

  it("opens a quote in the Quotes page's sheet, and offers the payment it made once it made one", () => {
    const mxn = { code: "MXN", name: "Mexican Peso", symbol: "$", decimals: 2 };
    const quote = {
      quoteId: "Quote:q1",
      status: "COMPLETED",
      source: { sourceType: "ACCOUNT", accountId: "InternalAccount:a1", customerId: "Customer:c1" },
      sendingCurrency: usd,
      receivingCurrency: mxn,
      totalSendingAmount: 10_000,
      totalReceivingAmount: 170_000,
      transactionId: "Transaction:t9",
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:b1" },
    } as Quote;
    const [found, payment] = quoteOptions(quote);
    expect(found).toMatchObject({
      group: "Quotes",
      title: "$100.00 → MX$1,700.00",
      detail: "from Customer:c1 to InternalAccount:b1 · Quote:q1",
      href: "/quotes?quote=Quote%3Aq1",
      status: "COMPLETED",
    });
    expect(payment).toMatchObject({ group: "Transactions", href: "/transactions/Transaction%3At9" });
    expect(quoteOptions({ ...quote, status: "PENDING" })).toHaveLength(1);
    expect(quoteOptions({ ...quote, status: "EXPIRED" })).toHaveLength(1);
  });

  it("names the customer and the recipient as the lists do, once their names are found", () => {
    const names = {
      "Customer:c1": {
        kind: "customer",
        name: "Zoë Ångström-Berg",
        customerId: "Customer:c1",
        platformCustomerId: "user-9001",
        deleted: false,
      },
      "InternalAccount:b1": {
        kind: "customer-account",
        name: "Bob Ruiz's MXN account",
        customerId: "Customer:b",
      },
    } as const;
    const outgoing = transaction({ type: "OUTGOING", platformCustomerId: "user-9001" });
    expect(transactionOption(outgoing).detail).toBe("from user-9001 · Transaction:t1");
    expect(transactionOption(outgoing, names).detail).toBe("from Zoë Ångström-Berg · Transaction:t1");
    const quote = {
      quoteId: "Quote:q1",
      status: "PENDING",
      source: { sourceType: "REALTIME_FUNDING", customerId: "Customer:c1", currency: "USD" },
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:b1" },
      sendingCurrency: usd,
      receivingCurrency: usd,
      totalSendingAmount: 20_000,
      totalReceivingAmount: 19_930,
      transactionId: "Transaction:t9",
    } as Quote;
    expect(quoteOptions(quote, names)[0]?.detail).toBe(
      "from Zoë Ångström-Berg to Bob Ruiz's MXN account · Quote:q1",
    );
    const lookup = { kind: "transactions", filter: "reference", value: "REF-1" } as const;
    const answer = { kind: "transactions" as const, records: [outgoing], hasMore: false };
    expect(idsOfAnswer(answer)).toEqual(["Customer:c1"]);
    expect(answerOptions(lookup, answer, names)[0]?.detail).toBe("from Zoë Ångström-Berg · Transaction:t1");
  });

  it("adds the whole filtered list after a preview that holds only its start", () => {
    const lookup = { kind: "transactions", filter: "reference", value: "REF-1" } as const;
    const few = answerOptions(lookup, { kind: "transactions", records: [transaction()], hasMore: false });
    expect(few.map((option) => option.group)).toEqual(["Transactions"]);
    const many = answerOptions(lookup, { kind: "transactions", records: [transaction()], hasMore: true });
    expect(many[1]).toMatchObject({
      group: "Lists",
      title: "All transactions with this reference",
      href: "/transactions?reference=REF-1",
    });
  });

  it("names a customer found by name, with what tells two of the same name apart, and opens their page", () => {
    const lookup = { kind: "customerNames", text: "rene kowal" } as const;
    const choice = (id: string, platformCustomerId: string, extra = {}) => ({
      id,
      name: "Renée Kowalczyk",
      platformCustomerId,
      customerType: "INDIVIDUAL" as const,
      kycStatus: "APPROVED",
      ...extra,
    });
    const answer = {
      kind: "customerChoices" as const,
      records: [
        choice("Customer:r1", "user-1", { umaAddress: "$renee@demo.example" }),
        choice("Customer:r2", "user-2", { customerType: "BUSINESS", emailAddress: "renee@kowal.example" }),
      ],
      hasMore: false,
      searched: 12,
      complete: true,
    };
    const [first, second] = answerOptions(lookup, answer);
    expect(first).toMatchObject({
      group: "Customers",
      title: "Renée Kowalczyk",
      detail: "Individual · user-1 · $renee@demo.example",
      href: "/customers/Customer%3Ar1",
      status: "APPROVED",
    });
    expect(second?.detail).toBe("Business · renee@kowal.example · user-2");
    expect(idsOfAnswer(answer)).toEqual([]);
    // Found by name and by the platform's id at once, it is listed once.
    expect(
      ordered([customerOption(customer()), customerChoiceOption(choice("Customer:c1", "user-1"))]),
    ).toHaveLength(1);
  });

  it("orders by group and drops a record found twice", () => {
    const options = ordered([
      pageOption({ label: "Customers", href: "/customers" }),
      transactionOption(transaction()),
      customerOption(customer()),
      customerOption(customer()),
    ]);
    // A page the text names comes first (below); records keep their groups' order after it.
    expect(options.map((option) => option.key)).toEqual(["page:/customers", "Customer:c1", "Transaction:t1"]);
    expect(ordered(options.slice(1).reverse()).map((option) => option.key)).toEqual([
      "Customer:c1",
      "Transaction:t1",
    ]);
  });

  it("puts a page the text names before the customers its words find, so Enter opens the page", () => {
    const uma = pageOption({ label: "UMA providers", href: "/providers" });
    const found = customerChoiceOption({
      id: "Customer:u1",
      name: "Ana Silva",
      platformCustomerId: "user-1",
      customerType: "INDIVIDUAL",
      kycStatus: "APPROVED",
      umaAddress: "$ana@demo.uma.example",
    });
    expect(ordered([found, uma]).map((option) => option.key)).toEqual(["page:/providers", "Customer:u1"]);
    expect(groupOrder([found, uma])[0]).toBe("Pages");
    // Pages alone (nothing typed), or records alone, keep the usual order.
    expect(groupOrder([uma])[0]).toBe("Customers");
  });
});

describe("searchMessage", () => {
  const page = pageOption({ label: "Audit log", href: "/audit" });
  const link = { ...page, key: "link:x", group: "Lists" as const };
  const base = { searching: false, failure: null, noRecordFor: null, options: [], nothingToSay: false };

  it("says it is searching, aloud only", () => {
    expect(searchMessage({ ...base, searching: true, failure: "down" })).toEqual({
      text: "Searching…",
      shown: false,
    });
  });

  it("shows a failure", () => {
    expect(searchMessage({ ...base, failure: "The console could not be reached." })).toEqual({
      text: "The search could not finish: The console could not be reached.",
      shown: true,
    });
  });

  it("shows that an id matched no record, unless a page matched instead", () => {
    const noRecord = "No customer, transaction or quote has the identifier “audit”.";
    expect(searchMessage({ ...base, noRecordFor: "audit" })).toEqual({ text: noRecord, shown: true });
    expect(searchMessage({ ...base, noRecordFor: "audit", options: [link] })).toEqual({
      text: noRecord,
      shown: true,
    });
    expect(searchMessage({ ...base, noRecordFor: "audit", options: [page] })).toEqual({
      text: `1 result. ${noRecord}`,
      shown: false,
    });
  });

  it("says no customer's name matches, and how far the search read, when the text was searched as a name", () => {
    const byName = { only: true, searched: 2000, complete: false };
    expect(searchMessage({ ...base, noRecordFor: "Renée K", byName })).toEqual({
      text: "No customer's name or email matches “Renée K” among the newest 2,000.",
      shown: true,
    });
    expect(
      searchMessage({ ...base, noRecordFor: "renee", byName: { only: false, searched: 40, complete: true } }),
    ).toEqual({
      text: "No customer, transaction or quote has the identifier “renee”, and no customer's name or email matches it.",
      shown: true,
    });
  });

  it("counts results aloud, and shows 'Nothing matches' only when there is nothing else to say", () => {
    expect(searchMessage({ ...base, options: [page, link] })).toEqual({ text: "2 results.", shown: false });
    expect(searchMessage(base)).toEqual({ text: "Nothing matches.", shown: true });
    expect(searchMessage({ ...base, nothingToSay: true })).toEqual({ text: "", shown: false });
  });
});
