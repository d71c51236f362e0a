import { describe, expect, it } from "vitest";
import { PROXY_ROUTES, type ProxyRoute } from "../../../universal/relay/route-table";
import { errorCodeOf, summarise, targetFromResponse } from "./audit";

function route(method: string, path: string): ProxyRoute {
  const found = PROXY_ROUTES.find((entry) => entry.method === method && entry.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
}

describe("the relay's audit step", () => {
  it("summarises which fields were sent and the money in them, never the other values", () => {
    const summary = summarise(
      route("POST", "/quotes"),
      { lockedCurrencyAmount: 1000, lockedCurrencySide: "SENDING", description: "Rent for Jane Doe" },
      new URLSearchParams(),
      "production",
    );
    expect(summary).toEqual({
      method: "POST",
      path: "/quotes",
      environment: "production",
      fields: ["description", "lockedCurrencyAmount", "lockedCurrencySide"],
      lockedCurrencyAmount: 1000,
      lockedCurrencySide: "SENDING",
    });
  });

  it("records the settings a configuration change sets, and a query when there is one", () => {
    const summary = summarise(
      route("PATCH", "/config"),
      { umaDomain: "example.com" },
      new URLSearchParams("a=1"),
      "sandbox",
    );
    expect(summary.changes).toEqual({ umaDomain: "example.com" });
    expect(summary.query).toEqual({ a: "1" });
  });

  it("takes the target of an action from the API's answer, and the API's error code", () => {
    expect(targetFromResponse({ quoteId: "Quote:1", id: 3 })).toBe("Quote:1");
    expect(targetFromResponse([])).toBeUndefined();
    expect(errorCodeOf({ code: "QUOTE_EXPIRED" })).toBe("QUOTE_EXPIRED");
    expect(errorCodeOf(null)).toBeUndefined();
  });
});
