import { describe, expect, it } from "vitest";
import type { Customer, Transaction } from "@/lib/contract";
import { answerOptions, customerOption, ordered, pageOption, transactionOption } from "./search-options";

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

  it("orders by group and drops a record found twice", () => {
    const options = ordered([
      pageOption({ label: "Customers", href: "/customers" }),
      transactionOption(transaction()),
      customerOption(customer()),
      customerOption(customer()),
    ]);
    expect(options.map((option) => option.key)).toEqual(["Customer:c1", "Transaction:t1", "page:/customers"]);
  });
});
