import { describe, expect, it } from "vitest";
import { lookUpRoute } from "./match";

describe("the relay's match step", () => {
  it("finds the route and its parameters from decoded path segments", () => {
    const found = lookUpRoute("POST", "/api/payments/transactions/Transaction%3A1/approve");
    expect(found).toMatchObject({
      kind: "matched",
      params: { transactionId: "Transaction:1" },
      segments: ["transactions", "Transaction:1", "approve"],
    });
    if (found.kind === "matched") expect(found.route.action).toBe("payment.approve");
  });

  it("prefers a literal segment to a parameter listed after it", () => {
    const found = lookUpRoute("GET", "/api/payments/customers/internal-accounts");
    expect(found.kind === "matched" && found.route.path).toBe("/customers/internal-accounts");
  });

  it("answers 405 with the methods a known path takes", () => {
    const found = lookUpRoute("PUT", "/api/payments/config");
    expect(found).toMatchObject({ kind: "refused", headers: { allow: "GET, PATCH" } });
    expect(found.kind === "refused" && found.error.status).toBe(405);
    expect(found.kind === "refused" && found.error.message).toBe("Use GET or PATCH on this route.");
  });

  it("answers 404 for a path the table lacks, and for segments that could change the path upstream", () => {
    for (const path of [
      "/api/payments/nothing",
      "/api/payments/customers/%2E%2E",
      "/api/payments/customers/a%2Fb",
      "/api/payments/",
    ]) {
      const found = lookUpRoute("GET", path);
      expect(found.kind === "refused" && found.error.status).toBe(404);
    }
  });

  it("answers 400 for a path that is not valid percent-encoding", () => {
    const found = lookUpRoute("GET", "/api/payments/customers/%zz");
    expect(found.kind === "refused" && [found.error.status, found.error.code]).toEqual([
      400,
      "INVALID_INPUT",
    ]);
  });
});
