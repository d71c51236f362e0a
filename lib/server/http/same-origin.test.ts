import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./same-origin";

const url = "http://localhost:3000/api/payments/customers";
const headers = (values: Record<string, string>) => new Headers({ host: "localhost:3000", ...values });

describe("isSameOriginRequest", () => {
  it("accepts the console's own origin", () => {
    expect(isSameOriginRequest(headers({ origin: "http://localhost:3000" }), url)).toBe(true);
    expect(
      isSameOriginRequest(headers({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }), url),
    ).toBe(true);
  });

  it("accepts Sec-Fetch-Site: same-origin without Origin", () => {
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "same-origin" }), url)).toBe(true);
  });

  it.each([
    ["a foreign origin", { origin: "https://evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["no Origin and no Sec-Fetch-Site", {}],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", origin: "http://localhost:3000" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["another port", { origin: "http://localhost:3001" }],
    ["another scheme", { origin: "https://localhost:3000" }],
    ["a spoofed X-Forwarded-Host", { origin: "https://evil.example", "x-forwarded-host": "evil.example" }],
  ])("refuses %s", (_label, values) => {
    expect(isSameOriginRequest(headers(values as Record<string, string>), url)).toBe(false);
  });

  it("accepts an origin configured as allowed", () => {
    expect(
      isSameOriginRequest(headers({ origin: "https://console.example" }), url, ["https://console.example"]),
    ).toBe(true);
  });
});
