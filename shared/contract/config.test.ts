import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  platformConfigSchema,
  supportedCurrencySchema,
  updateConfigBodySchema,
  webhookEndpointSchema,
} from "./config";

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

const usdEntry = {
  currencyCode: "USD",
  minAmount: 100,
  maxAmount: 1_000_000,
  requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
};

describe("platformConfigSchema", () => {
  const config = {
    id: "PlatformConfig:1",
    umaDomain: "pay.example.com",
    webhookEndpoint: "https://example.com/hooks",
    supportedCurrencies: [
      {
        ...usdEntry,
        providerRequiredCustomerFields: ["FULL_NAME", "BIRTH_DATE"],
        enabledTransactionTypes: ["INCOMING", "OUTGOING"],
      },
    ],
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: "2025-01-01T00:00:00Z",
    proxyUmaSubdomain: "pay",
    isRegulatedFinancialInstitution: true,
  };

  it("parses a full config and keeps unknown fields", () => {
    expect(platformConfigSchema.parse({ ...config, region: "us" })).toEqual({ ...config, region: "us" });
  });

  it("defaults missing lists and refuses unknown field names inside them", () => {
    const entry = supportedCurrencySchema.parse({ currencyCode: "USD", minAmount: 1, maxAmount: 2 });
    expect(entry.requiredCounterpartyFields).toEqual([]);
    expect(entry.providerRequiredCustomerFields).toEqual([]);
    // Required in the reference; an older deployment without it enables both directions.
    expect(entry.enabledTransactionTypes).toEqual(["INCOMING", "OUTGOING"]);
    expect(
      supportedCurrencySchema.safeParse({ ...usdEntry, providerRequiredCustomerFields: ["SHOE"] }).success,
    ).toBe(false);
    expect(platformConfigSchema.safeParse({ ...config, umaDomain: undefined }).success).toBe(false);
  });
});

describe("updateConfigBodySchema", () => {
  it("accepts any subset of the writable fields", () => {
    expect(updateConfigBodySchema.parse({})).toEqual({});
    expect(updateConfigBodySchema.parse({ umaDomain: "Pay.Example.com" })).toEqual({
      umaDomain: "pay.example.com",
    });
    expect(updateConfigBodySchema.parse({ supportedCurrencies: [usdEntry] })).toEqual({
      supportedCurrencies: [usdEntry],
    });
  });

  it("lets read-only fields through as GET answered them, for the service to compare", () => {
    const echoed = {
      id: "PlatformConfig:1",
      proxyUmaSubdomain: "pay",
      isRegulatedFinancialInstitution: true,
      createdAt: "2025-01-01T00:00:00Z",
      updatedAt: "2025-01-01T00:00:00Z",
      supportedCurrencies: [
        {
          ...usdEntry,
          providerRequiredCustomerFields: ["FULL_NAME"],
          enabledTransactionTypes: ["INCOMING"],
        },
      ],
    };
    expect(updateConfigBodySchema.parse(echoed)).toEqual(echoed);
    expect(issues(updateConfigBodySchema, { isRegulatedFinancialInstitution: "no" })[0]?.path).toBe(
      "isRegulatedFinancialInstitution",
    );
    expect(
      issues(updateConfigBodySchema, {
        supportedCurrencies: [{ ...usdEntry, enabledTransactionTypes: ["SIDEWAYS"] }],
      })[0]?.path,
    ).toBe("supportedCurrencies.0.enabledTransactionTypes.0");
    expect(updateConfigBodySchema.safeParse({ theme: "dark" }).success).toBe(false);
  });

  it("needs minAmount ≤ maxAmount", () => {
    expect(
      updateConfigBodySchema.safeParse({ supportedCurrencies: [{ ...usdEntry, minAmount: 5, maxAmount: 5 }] })
        .success,
    ).toBe(true);
    expect(
      issues(updateConfigBodySchema, { supportedCurrencies: [{ ...usdEntry, minAmount: 6, maxAmount: 5 }] }),
    ).toEqual([{ path: "supportedCurrencies.0.maxAmount", message: "Must be at least minAmount" }]);
    expect(
      issues(updateConfigBodySchema, { supportedCurrencies: [{ ...usdEntry, minAmount: -1 }] })[0]?.path,
    ).toBe("supportedCurrencies.0.minAmount");
    expect(
      issues(updateConfigBodySchema, { supportedCurrencies: [{ ...usdEntry, maxAmount: 1.5 }] })[0]?.path,
    ).toBe("supportedCurrencies.0.maxAmount");
  });

  it("refuses a duplicated currency and a duplicated counterparty field", () => {
    expect(
      issues(updateConfigBodySchema, { supportedCurrencies: [usdEntry, { ...usdEntry, minAmount: 1 }] }),
    ).toEqual([{ path: "supportedCurrencies.1.currencyCode", message: "USD is listed twice" }]);
    const twice = [
      { name: "EMAIL", mandatory: true },
      { name: "EMAIL", mandatory: false },
    ];
    expect(
      issues(updateConfigBodySchema, {
        supportedCurrencies: [{ ...usdEntry, requiredCounterpartyFields: twice }],
      }),
    ).toEqual([
      { path: "supportedCurrencies.0.requiredCounterpartyFields.1.name", message: "EMAIL is listed twice" },
    ]);
  });

  it("validates entries: ISO currency, field names, mandatory flag, no extra keys", () => {
    expect(
      issues(updateConfigBodySchema, { supportedCurrencies: [{ ...usdEntry, currencyCode: "XYZ" }] })[0]
        ?.path,
    ).toBe("supportedCurrencies.0.currencyCode");
    expect(
      updateConfigBodySchema.safeParse({
        supportedCurrencies: [{ ...usdEntry, requiredCounterpartyFields: [{ name: "FULL_NAME" }] }],
      }).success,
    ).toBe(false);
    expect(updateConfigBodySchema.safeParse({ supportedCurrencies: [{ ...usdEntry, fee: 1 }] }).success).toBe(
      false,
    );
    expect(updateConfigBodySchema.safeParse({ umaDomain: "not a domain" }).success).toBe(false);
  });
});

describe("webhookEndpointSchema", () => {
  it("accepts https anywhere and http only on loopback hosts", () => {
    for (const url of [
      "https://example.com/hooks",
      "http://localhost:3000/api/webhooks",
      "http://127.0.0.1/x",
      "http://[::1]:8080/",
    ]) {
      expect(webhookEndpointSchema.safeParse(url).success, url).toBe(true);
    }
    expect(issues(webhookEndpointSchema, "http://example.com/hooks")).toEqual([
      { path: "", message: "Must be an https URL (http is allowed only for localhost and 127.0.0.1)" },
    ]);
  });

  it("refuses non-URLs, other schemes and embedded credentials", () => {
    expect(webhookEndpointSchema.safeParse("example.com/hooks").success).toBe(false);
    expect(webhookEndpointSchema.safeParse("ftp://example.com").success).toBe(false);
    expect(webhookEndpointSchema.safeParse("https://user:pw@example.com").success).toBe(false);
    expect(webhookEndpointSchema.safeParse("").success).toBe(false);
  });

  it("refuses whitespace, invisible and control characters anywhere, the look-alikes of an endpoint (issue 46 item 7)", () => {
    const base = "https://example.com/hooks";
    for (const ch of [
      " ",
      "\t",
      "\n",
      "\u0000",
      "\u007f",
      "\u0085",
      "\u00a0",
      "\u1680",
      "\u2003",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u200e",
      "\u202e",
      "\u2028",
      "\u2029",
      "\u2060",
      "\u3000",
      "\ufeff",
    ]) {
      const label = `U+${ch.codePointAt(0)?.toString(16).padStart(4, "0")}`;
      for (const url of [`${base}${ch}`, `${ch}${base}`, `https://example.com/ho${ch}oks`]) {
        expect(issues(webhookEndpointSchema, url), label).toEqual([
          { path: "", message: "Must not contain spaces, invisible or control characters" },
        ]);
      }
    }
    const body = updateConfigBodySchema.safeParse({ webhookEndpoint: `${base}\u00a0` });
    expect(body.success).toBe(false);
    expect(body.error?.issues[0]?.path).toEqual(["webhookEndpoint"]);
    expect(updateConfigBodySchema.safeParse({ umaDomain: "pay.example.com\u00a0" }).success).toBe(false);
  });

  it("refuses a host that is a look-alike of another: letters outside ASCII, or an xn-- form mixing scripts", () => {
    // "exаmple.com" with a Cyrillic "а": the URL parser sends it to xn--exmple-4nf.com, a host anyone may register.
    expect(issues(webhookEndpointSchema, "https://console.ex\u0430mple.com/api/webhooks")).toEqual([
      {
        path: "",
        message: expect.stringContaining("Write the host in ASCII letters, as console.xn--exmple-4nf.com"),
      },
    ]);
    // An international name typed as such is refused too: its ASCII form is what the second admin reads.
    expect(
      webhookEndpointSchema.safeParse("https://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/hooks")
        .success,
    ).toBe(false);
    // The look-alike already encoded is read back and refused by the domain rule.
    expect(
      issues(webhookEndpointSchema, "https://console.xn--exmple-4nf.com/api/webhooks")[0]?.message,
    ).toMatch(/mixes Latin letters with Cyrillic/);
    // The ASCII form of a real international name, and every plain host, still pass.
    expect(webhookEndpointSchema.safeParse("https://xn--e1afmkfd.xn--p1ai/hooks").success).toBe(true);
    expect(webhookEndpointSchema.safeParse("https://hooks.example.com:8443/in?x=1").success).toBe(true);
  });
});
