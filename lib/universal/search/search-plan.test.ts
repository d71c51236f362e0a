import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH, matchPages, searchPlan } from "./search-plan";

describe("searchPlan", () => {
  it("looks up nothing for empty or blank text", () => {
    expect(searchPlan("")).toEqual({ lookups: [], links: [] });
    expect(searchPlan("   ")).toEqual({ lookups: [], links: [] });
  });

  it("looks a transaction or customer id up directly, with the API's spelling of the prefix", () => {
    expect(searchPlan("  Transaction:0193-abc ").lookups).toEqual([
      { kind: "transaction", id: "Transaction:0193-abc" },
    ]);
    expect(searchPlan("transaction:0193-abc").lookups).toEqual([
      { kind: "transaction", id: "Transaction:0193-abc" },
    ]);
    expect(searchPlan("CUSTOMER:Ab12").lookups).toEqual([{ kind: "customer", id: "Customer:Ab12" }]);
  });

  it("offers an account's payments, both ways and each way, as links to the filtered transactions", () => {
    const plan = searchPlan("InternalAccount:xyz");
    expect(plan.lookups).toEqual([]);
    expect(plan.links.map((link) => link.href)).toEqual([
      "/transactions?accountIdentifier=InternalAccount%3Axyz",
      "/transactions?senderAccountIdentifier=InternalAccount%3Axyz",
      "/transactions?receiverAccountIdentifier=InternalAccount%3Axyz",
    ]);
    expect(searchPlan("externalaccount:q1").links[0]?.href).toBe(
      "/transactions?accountIdentifier=ExternalAccount%3Aq1",
    );
  });

  it("looks a quote up by its id", () => {
    expect(searchPlan("quote:123")).toEqual({ lookups: [{ kind: "quote", id: "Quote:123" }], links: [] });
  });

  it("says why another kind of id cannot be looked up", () => {
    const plan = searchPlan("Webhook:9");
    expect(plan.lookups).toEqual([]);
    expect(plan.hint).toMatch(/^Webhook ids cannot be looked up/);
  });

  it("finds customers by UMA address, in lower case, and links the address's payments", () => {
    const plan = searchPlan("$Alice@Example.com");
    expect(plan.lookups).toEqual([{ kind: "customers", filter: "umaAddress", value: "$alice@example.com" }]);
    expect(plan.links[0]?.href).toBe("/transactions?accountIdentifier=%24alice%40example.com");
    expect(plan.links[2]?.href).toBe("/transactions?receiverAccountIdentifier=%24alice%40example.com");
  });

  it("explains a malformed UMA address instead of sending it", () => {
    const plan = searchPlan("$alice");
    expect(plan.lookups).toEqual([]);
    expect(plan.hint).toMatch(/Add @ and a domain/);
  });

  it("reads any other single word as a platform customer id or a payment reference", () => {
    expect(searchPlan("user-1042").lookups).toEqual([
      { kind: "customers", filter: "platformCustomerId", value: "user-1042" },
      { kind: "transactions", filter: "reference", value: "user-1042" },
      { kind: "customerNames", text: "user-1042" },
    ]);
    // One character is not searched as a name: it is in nearly every one.
    expect(searchPlan("x").lookups.map((lookup) => lookup.kind)).toEqual(["customers", "transactions"]);
    // A colon with a prefix the API does not issue is part of the platform's own id.
    expect(searchPlan("acme:42").lookups[0]).toEqual({
      kind: "customers",
      filter: "platformCustomerId",
      value: "acme:42",
    });
  });

  it("searches text with spaces as a customer's name only, its spaces folded", () => {
    expect(searchPlan("  José   García ")).toEqual({
      lookups: [{ kind: "customerNames", text: "José García" }],
      links: [],
    });
  });

  it("sends nothing for an id with spaces or text longer than any identifier, and says why", () => {
    expect(searchPlan("Transaction:a b")).toMatchObject({
      lookups: [],
      hint: expect.stringMatching(/no spaces/),
    });
    expect(searchPlan("x".repeat(MAX_SEARCH_LENGTH + 1))).toMatchObject({ lookups: [], links: [] });
    expect(searchPlan("x".repeat(MAX_SEARCH_LENGTH)).lookups).toHaveLength(3);
  });
});

describe("matchPages", () => {
  const pages = [
    { label: "Overview", keywords: ["Dashboard"] },
    { label: "Send money", keywords: ["Pay"] },
    { label: "Transactions", keywords: ["Payments"] },
    { label: "Audit log" },
  ];

  it("lists every page for empty text", () => {
    expect(matchPages(" ", pages)).toEqual(pages);
  });

  it("matches the start of any word of a name or keyword, ignoring case", () => {
    expect(matchPages("money", pages).map((page) => page.label)).toEqual(["Send money"]);
    expect(matchPages("PAY", pages).map((page) => page.label)).toEqual(["Send money", "Transactions"]);
    expect(matchPages("dash", pages).map((page) => page.label)).toEqual(["Overview"]);
    expect(matchPages("log", pages).map((page) => page.label)).toEqual(["Audit log"]);
  });

  it("does not match inside a word", () => {
    expect(matchPages("oney", pages)).toEqual([]);
  });
});
