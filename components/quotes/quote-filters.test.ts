import { describe, expect, it } from "vitest";
import { ApiError } from "@/shared/api-error";
import { explainQuoteFilterError, quoteListParams } from "./quote-filters";

const empty = {
  status: null,
  createdAfter: null,
  createdBefore: null,
  customerId: null,
  sendingAccountId: null,
  receivingAccountId: null,
  sendingUmaAddress: null,
  receivingUmaAddress: null,
  amountCurrency: null,
  minAmount: null,
  maxAmount: null,
};

describe("quoteListParams", () => {
  it("maps every filter to the API's parameter", () => {
    expect(
      quoteListParams({
        status: "EXPIRED",
        createdAfter: "2025-03-01",
        createdBefore: "2025-03-02",
        customerId: "Customer:1",
        sendingAccountId: "InternalAccount:a",
        receivingAccountId: "InternalAccount:b",
        sendingUmaAddress: "$Ana@Demo.uma.localhost",
        receivingUmaAddress: "$bob@x.com",
        amountCurrency: "MXN",
        minAmount: "100",
        maxAmount: null,
      }),
    ).toEqual({
      status: "EXPIRED",
      createdAfter: new Date(2025, 2, 1).toISOString(),
      createdBefore: new Date(new Date(2025, 2, 3).getTime() - 1).toISOString(),
      customerId: "Customer:1",
      sendingAccountId: "InternalAccount:a",
      receivingAccountId: "InternalAccount:b",
      sendingUmaAddress: "$ana@demo.uma.localhost",
      receivingUmaAddress: "$bob@x.com",
      amountCurrency: "MXN",
      minAmount: "100",
      maxAmount: undefined,
    });
  });

  it("sends nothing for unset filters", () => {
    expect(Object.values(quoteListParams(empty)).every((value) => value === undefined)).toBe(true);
  });

  it("names a refused filter", () => {
    const error = new ApiError(400, "INVALID_INPUT", "Bad", {
      fields: [{ path: "sendingAccountId", message: "Must be an id" }],
    });
    expect((explainQuoteFilterError(error) as Error).message).toBe(
      "Check the filters. Sending account: Must be an id.",
    );
  });
});
