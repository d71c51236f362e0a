import { describe, expect, it } from "vitest";
import { ApiError } from "@/shared/api-error";
import { explainFilterError, transactionListParams } from "./transaction-filters";

const empty = {
  status: null,
  type: null,
  startDate: null,
  endDate: null,
  customerId: null,
  platformCustomerId: null,
  accountIdentifier: null,
  senderAccountIdentifier: null,
  receiverAccountIdentifier: null,
  reference: null,
  sortOrder: null,
  amountCurrency: null,
  minAmount: null,
  maxAmount: null,
};

describe("transactionListParams", () => {
  it("passes nothing when no filter is set, leaving the API's defaults", () => {
    expect(Object.values(transactionListParams(empty)).filter((value) => value !== undefined)).toEqual([]);
  });

  it("turns calendar days into inclusive instants and keeps the rest as typed", () => {
    const params = transactionListParams({
      ...empty,
      status: "COMPLETED",
      type: "OUTGOING",
      startDate: "2025-03-01",
      endDate: "2025-03-31",
      customerId: "Customer:1",
      accountIdentifier: "InternalAccount:7",
      reference: "TXN-1",
      sortOrder: "asc",
    });
    expect(params).toMatchObject({
      status: "COMPLETED",
      type: "OUTGOING",
      startDate: new Date(2025, 2, 1).toISOString(),
      endDate: new Date(new Date(2025, 3, 1).getTime() - 1).toISOString(),
      customerId: "Customer:1",
      accountIdentifier: "InternalAccount:7",
      reference: "TXN-1",
      sortOrder: "asc",
    });
  });
});

describe("the amount range", () => {
  it("is passed as typed, for the console's by-amount route to check", () => {
    expect(
      transactionListParams({ ...empty, amountCurrency: "USD", minAmount: "10", maxAmount: "1,000.50" }),
    ).toMatchObject({ amountCurrency: "USD", minAmount: "10", maxAmount: "1,000.50" });
  });

  it("names its parts when refused", () => {
    const error = new ApiError(400, "INVALID_INPUT", "The amount filter is not valid.", {
      fields: [{ path: "amountCurrency", message: "Choose the currency the amounts are in" }],
    });
    expect((explainFilterError(error) as Error).message).toBe(
      "Check the filters. Amount currency: Choose the currency the amounts are in.",
    );
  });
});

describe("explainFilterError", () => {
  it("names the refused filter", () => {
    const error = new ApiError(400, "INVALID_INPUT", "The query has invalid or unknown parameters.", {
      fields: [{ path: "customerId", message: "Must be an id of the form Customer:<id>" }],
    });
    expect((explainFilterError(error) as Error).message).toBe(
      "Check the filters. Customer: Must be an id of the form Customer:<id>.",
    );
  });

  it("leaves other errors alone", () => {
    const error = new ApiError(502, "UPSTREAM_UNAVAILABLE", "Down");
    expect(explainFilterError(error)).toBe(error);
  });
});
