import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodeSchema } from "../../shared/contract";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

describe("authentication", () => {
  it("refuses a request without a credential with 401 in the API's error shape", async () => {
    const response = await service.api("/config", { headers: { authorization: "" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
      message: expect.any(String),
    });
  });

  it("refuses a wrong secret for a known token id", async () => {
    const wrong = `Basic ${Buffer.from("test_token:not-the-secret").toString("base64")}`;
    const response = await service.api("/config", { headers: { authorization: wrong } });
    expect(response.status).toBe(401);
  });

  it("refuses a production credential on a sandbox endpoint with 403 FORBIDDEN", async () => {
    const production = `Basic ${Buffer.from("prod_token:prod_secret_0123456789").toString("base64")}`;
    const response = await service.api("/sandbox/send", {
      method: "POST",
      headers: { authorization: production },
      json: {},
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("FORBIDDEN");
  });
});

describe("GET /config", () => {
  it("returns default values for a platform that has not configured itself", async () => {
    const response = await service.api("/config");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.id).toMatch(/^PlatformConfig:/);
    expect(body.umaDomain).toBe("uma.localhost");
    expect(body.proxyUmaSubdomain).toBe("uma");
    expect(body.isRegulatedFinancialInstitution).toBe(true);
    expect(body.supportedCurrencies[0]).toMatchObject({
      currencyCode: "USD",
      providerRequiredCustomerFields: expect.any(Array),
    });
  });

  it("returns the same configuration on every read", async () => {
    const first = await (await service.api("/config")).json();
    const second = await (await service.api("/config")).json();
    expect(second.id).toBe(first.id);
  });
});

describe("local extensions", () => {
  it("answers health without a credential", async () => {
    const response = await fetch(`${service.origin}/_local/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", apiVersion: "2025-10-13" });
  });

  it("answers liveness and readiness without a credential, readiness naming its database", async () => {
    const live = await fetch(`${service.origin}/_local/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${service.origin}/_local/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", checks: { database: "ok" } });
  });

  it("answers an unknown path with 404 and the not-found code of the resource it is under", async () => {
    for (const [path, code] of [
      ["/quotes/Quote:1/nothing", "QUOTE_NOT_FOUND"],
      ["/customers/Customer:1/nothing", "USER_NOT_FOUND"],
      ["/customers/bulk/nothing", "BULK_UPLOAD_JOB_NOT_FOUND"],
      ["/transactions/Transaction:1/nothing", "TRANSACTION_NOT_FOUND"],
      ["/platform/nothing", "ACCOUNT_NOT_FOUND"],
      ["/no-such-thing", "INVALID_INPUT"],
    ]) {
      const response = await service.api(path ?? "");
      expect(response.status, path).toBe(404);
      const body = await response.json();
      expect(errorCodeSchema.safeParse(body.code).success, body.code).toBe(true);
      expect(body.code, path).toBe(code);
    }
  });

  it("answers a known path with another method 405, saying which methods it takes", async () => {
    for (const [method, path, allow] of [
      ["DELETE", "/quotes", "GET, HEAD, POST"],
      ["PUT", "/config", "GET, HEAD, PATCH"],
      ["POST", "/transactions/Transaction:1", "GET, HEAD"],
    ] as const) {
      const response = await service.api(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      const body = await response.json();
      expect(body).toMatchObject({ status: 405, code: "INVALID_INPUT" });
      expect(errorCodeSchema.safeParse(body.code).success).toBe(true);
    }
  });

  it("refuses a cursor from another list with 400", async () => {
    await service.api("/customers", {
      method: "POST",
      json: { platformCustomerId: "cursor-a", customerType: "INDIVIDUAL" },
    });
    await service.api("/customers", {
      method: "POST",
      json: { platformCustomerId: "cursor-b", customerType: "INDIVIDUAL" },
    });
    const page = await (await service.api("/customers?limit=1")).json();
    expect(page.nextCursor).toEqual(expect.any(String));
    expect((await service.api(`/customers?limit=1&cursor=${page.nextCursor}`)).status).toBe(200);
    const elsewhere = await service.api(`/quotes?cursor=${page.nextCursor}`);
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).details.fields).toEqual([{ path: "cursor", message: "Invalid cursor" }]);
  });
});

describe("PATCH /config", () => {
  it("changes the UMA domain and currencies, keeping providerRequiredCustomerFields read-only", async () => {
    const response = await service.api("/config", {
      method: "PATCH",
      json: {
        umaDomain: "Pay.Example.com",
        supportedCurrencies: [
          {
            currencyCode: "EUR",
            minAmount: 100,
            maxAmount: 500_000,
            requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.umaDomain).toBe("pay.example.com");
    expect(body.proxyUmaSubdomain).toBe("pay");
    expect(body.supportedCurrencies).toEqual([
      {
        currencyCode: "EUR",
        minAmount: 100,
        maxAmount: 500_000,
        requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
        providerRequiredCustomerFields: expect.arrayContaining(["FULL_NAME"]),
        enabledTransactionTypes: ["INCOMING", "OUTGOING"],
      },
    ]);
    expect((await (await service.api("/config")).json()).umaDomain).toBe("pay.example.com");
  });

  it("accepts a configuration exactly as GET answered it, changing nothing", async () => {
    const before = await (await service.api("/config")).json();
    const echoed = await service.api("/config", { method: "PATCH", json: before });
    expect(echoed.status, JSON.stringify(await echoed.clone().json())).toBe(200);
    const after = await echoed.json();
    expect({ ...after, updatedAt: undefined }).toEqual({ ...before, updatedAt: undefined });
  });

  it("refuses a read-only field only when it tries to change it, naming it", async () => {
    const current = await (await service.api("/config")).json();
    const [first] = current.supportedCurrencies;
    for (const [body, path] of [
      [{ ...current, id: "PlatformConfig:other" }, "id"],
      [
        { ...current, isRegulatedFinancialInstitution: !current.isRegulatedFinancialInstitution },
        "isRegulatedFinancialInstitution",
      ],
      [{ ...current, createdAt: "2000-01-01T00:00:00.000Z" }, "createdAt"],
      [
        { supportedCurrencies: [{ ...first, providerRequiredCustomerFields: ["TAX_ID"] }] },
        "supportedCurrencies.0.providerRequiredCustomerFields",
      ],
    ] as const) {
      const response = await service.api("/config", { method: "PATCH", json: body });
      expect(response.status, path).toBe(400);
      const error = await response.json();
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.details.fields).toEqual([{ path, message: expect.stringContaining("read-only") }]);
    }
    expect(await (await service.api("/config")).json()).toEqual(current);
  });

  it("stores each currency's enabled directions, and keeps them when a PATCH leaves them out", async () => {
    const outgoingOnly = await service.api("/config", {
      method: "PATCH",
      json: {
        supportedCurrencies: [
          {
            currencyCode: "EUR",
            minAmount: 100,
            maxAmount: 500_000,
            requiredCounterpartyFields: [],
            enabledTransactionTypes: ["OUTGOING"],
          },
        ],
      },
    });
    expect(outgoingOnly.status).toBe(200);
    expect((await outgoingOnly.json()).supportedCurrencies[0].enabledTransactionTypes).toEqual(["OUTGOING"]);
    const kept = await service.api("/config", {
      method: "PATCH",
      json: {
        supportedCurrencies: [
          { currencyCode: "EUR", minAmount: 100, maxAmount: 600_000, requiredCounterpartyFields: [] },
        ],
      },
    });
    expect((await kept.json()).supportedCurrencies[0]).toMatchObject({
      maxAmount: 600_000,
      enabledTransactionTypes: ["OUTGOING"],
    });
    const twice = await service.api("/config", {
      method: "PATCH",
      json: {
        supportedCurrencies: [
          {
            currencyCode: "EUR",
            minAmount: 100,
            maxAmount: 600_000,
            requiredCounterpartyFields: [],
            enabledTransactionTypes: ["INCOMING", "INCOMING"],
          },
        ],
      },
    });
    expect(twice.status).toBe(400);
    const both = await service.api("/config", {
      method: "PATCH",
      json: {
        supportedCurrencies: [
          {
            currencyCode: "EUR",
            minAmount: 100,
            maxAmount: 500_000,
            requiredCounterpartyFields: [],
            enabledTransactionTypes: ["INCOMING", "OUTGOING"],
          },
        ],
      },
    });
    expect(both.status).toBe(200);
  });

  const invalidBodies: [string, unknown, string][] = [
    ["an unknown field", { colour: "blue" }, "colour"],
    ["a read-only field changed", { proxyUmaSubdomain: "x" }, "proxyUmaSubdomain"],
    ["a malformed domain", { umaDomain: "not a domain" }, "umaDomain"],
    ["plain http to a public host", { webhookEndpoint: "http://example.com/hook" }, "webhookEndpoint"],
    // Look-alikes of an endpoint (issue 46 item 7): stored as sent, they would be another URL that looks the same.
    ...["\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b", "\u2060", "\u0007"].map(
      (ch): [string, unknown, string] => [
        `an endpoint holding U+${ch.codePointAt(0)?.toString(16).padStart(4, "0")}`,
        { webhookEndpoint: `https://hooks.example.com/x${ch}` },
        "webhookEndpoint",
      ],
    ),
    [
      "min above max",
      {
        supportedCurrencies: [
          { currencyCode: "USD", minAmount: 10, maxAmount: 1, requiredCounterpartyFields: [] },
        ],
      },
      "supportedCurrencies.0.maxAmount",
    ],
    [
      "an unknown currency",
      {
        supportedCurrencies: [
          { currencyCode: "XYZ", minAmount: 1, maxAmount: 2, requiredCounterpartyFields: [] },
        ],
      },
      "supportedCurrencies.0.currencyCode",
    ],
    [
      "providerRequiredCustomerFields",
      {
        supportedCurrencies: [
          {
            currencyCode: "USD",
            minAmount: 1,
            maxAmount: 2,
            requiredCounterpartyFields: [],
            providerRequiredCustomerFields: [],
          },
        ],
      },
      "supportedCurrencies.0.providerRequiredCustomerFields",
    ],
  ];

  for (const [label, body, path] of invalidBodies) {
    it(`refuses ${label} with 400 naming the field, and changes nothing`, async () => {
      const before = await (await service.api("/config")).json();
      const response = await service.api("/config", { method: "PATCH", json: body });
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error).toMatchObject({ status: 400, code: "INVALID_INPUT" });
      expect(error.details.fields.map((field: { path: string }) => field.path)).toContain(path);
      expect(await (await service.api("/config")).json()).toEqual(before);
    });
  }

  it("refuses a body that is not JSON with 400, and a wrong media type with 415", async () => {
    const broken = await service.api("/config", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe("INVALID_INPUT");
    const text = await service.api("/config", {
      method: "PATCH",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(text.status).toBe(415);
    expect((await text.json()).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});

describe("input no endpoint can accept", () => {
  it("refuses a NUL character anywhere with 400, never 500", async () => {
    const inBody = await service.api("/config", {
      method: "PATCH",
      json: { umaDomain: "pay\u0000.example.com" },
    });
    expect(inBody.status).toBe(400);
    const inQuery = await service.api("/customers?platformCustomerId=a%00b");
    expect(inQuery.status).toBe(400);
    const inPath = await service.api("/customers/Customer:a%00b");
    expect(inPath.status).toBe(400);
    expect((await inPath.json()).code).toBe("INVALID_INPUT");
  });

  it("refuses absurdly nested JSON with 400", async () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const response = await service.api("/config", { method: "PATCH", json: { umaDomain: deep } });
    expect(response.status).toBe(400);
  });

  it("refuses 50,000-deep JSON with 400 in the API's shape, never 500 (issue 46 item 12)", async () => {
    const depth = 50_000;
    for (const [path, method] of [
      ["/config", "PATCH"],
      ["/tokens", "POST"],
      ["/quotes", "POST"],
      ["/customers", "POST"],
    ] as const) {
      for (const body of [
        "[".repeat(depth) + "]".repeat(depth),
        `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      ]) {
        const response = await service.api(path, {
          method,
          headers: { "content-type": "application/json" },
          body,
        });
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(await response.json()).toMatchObject({ status: 400, code: "INVALID_INPUT" });
      }
    }
  });
});
