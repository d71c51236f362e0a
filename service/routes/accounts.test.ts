import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customerInternalAccountListSchema,
  externalAccountListSchema,
  externalAccountSchema,
  platformExternalAccountListSchema,
  platformInternalAccountListSchema,
} from "../../shared/contract";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;

/** A parsed JSON body, as loosely typed as Response#json gives it. */
type Json = Awaited<ReturnType<Response["json"]>>;

const wrongCredential = `Basic ${Buffer.from("test_token:wrong").toString("base64")}`;

async function createCustomer(platformCustomerId: string): Promise<Json> {
  const response = await service.api("/customers", {
    method: "POST",
    json: {
      platformCustomerId,
      customerType: "INDIVIDUAL",
      fullName: "Ada Lovelace",
      birthDate: "1985-12-10",
      nationality: "GB",
      address: { line1: "1 Main Street", city: "London", postalCode: "SW1A 1AA", country: "GB" },
    },
  });
  expect(response.status).toBe(201);
  return response.json();
}

async function get(path: string): Promise<Json> {
  const response = await service.api(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

const clabe = { accountType: "CLABE", clabeNumber: "032180000118359719", bankName: "BBVA" };
const usAccount = {
  accountType: "US_ACCOUNT",
  accountNumber: "000123456789",
  routingNumber: "021000021",
  accountCategory: "SAVINGS",
  bankName: "Chase",
};
const iban = {
  accountType: "IBAN",
  iban: "DE89370400440532013000",
  bankName: "Commerzbank",
  swiftBic: "COBADEFF",
};

let customers: Json[];

beforeAll(async () => {
  service = await startTestService();
  const patched = await service.api("/config", {
    method: "PATCH",
    json: {
      supportedCurrencies: [
        { currencyCode: "USD", minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [] },
        { currencyCode: "MXN", minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [] },
      ],
    },
  });
  expect(patched.status).toBe(200);
  customers = [];
  for (let i = 0; i < 5; i++) customers.push(await createCustomer(`acct-${i}`));
});
afterAll(async () => {
  await service.close();
});

describe("GET /platform/internal-accounts", () => {
  it("lists the platform's own account in each supported currency, without pagination fields", async () => {
    const body = await get("/platform/internal-accounts");
    expect(platformInternalAccountListSchema.parse(body)).toBeTruthy();
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.map((a: Json) => a.balance.currency.code)).toEqual(["MXN", "USD"]);
    for (const account of body.data) {
      expect(account).not.toHaveProperty("customerId");
      expect(account.id).toMatch(/^InternalAccount:/);
      expect(account.fundingPaymentInstructions[0]).toMatchObject({
        isPlatformAccount: true,
        accountOrWalletInfo: { reference: expect.stringMatching(/^PLT-/) },
      });
    }
    // US account information carries its category (api-notes §8).
    const usd = body.data.find((a: Json) => a.balance.currency.code === "USD");
    expect(usd.fundingPaymentInstructions[0].accountOrWalletInfo).toMatchObject({
      accountType: "US_ACCOUNT",
      accountCategory: "CHECKING",
    });
  });

  it("filters by currency", async () => {
    const body = await get("/platform/internal-accounts?currency=USD");
    expect(body.data).toHaveLength(1);
    expect(body.data[0].balance).toMatchObject({ amount: 0, currency: { code: "USD", decimals: 2 } });
    expect((await get("/platform/internal-accounts?currency=EUR")).data).toEqual([]);
  });

  it("refuses a non-ISO currency, an unknown parameter and a wrong credential", async () => {
    const bad = await service.api("/platform/internal-accounts?currency=XYZ");
    expect(bad.status).toBe(400);
    expect((await bad.json()).details.fields[0].path).toBe("currency");
    expect((await service.api("/platform/internal-accounts?limit=5")).status).toBe(400);
    const unauthorized = await service.api("/platform/internal-accounts", {
      headers: { authorization: wrongCredential },
    });
    expect(unauthorized.status).toBe(401);
  });
});

describe("GET /customers/internal-accounts", () => {
  it("lists customers' accounts only, with totalCount, newest first", async () => {
    const body = await get("/customers/internal-accounts?limit=100");
    expect(customerInternalAccountListSchema.parse(body)).toBeTruthy();
    expect(body.totalCount).toBe(10);
    expect(body.hasMore).toBe(false);
    expect(body).not.toHaveProperty("nextCursor");
    expect(body.data.every((a: Json) => typeof a.customerId === "string")).toBe(true);
    const references = body.data.map(
      (a: Json) => a.fundingPaymentInstructions[0].accountOrWalletInfo.reference,
    );
    expect(new Set(references).size).toBe(10);
  });

  it("filters by customer and by currency", async () => {
    const customer = customers[2] as Json;
    const own = await get(`/customers/internal-accounts?customerId=${customer.id}`);
    expect(own.totalCount).toBe(2);
    expect(own.data.every((a: Json) => a.customerId === customer.id)).toBe(true);
    const pesos = await get("/customers/internal-accounts?currency=MXN&limit=100");
    expect(pesos.totalCount).toBe(5);
    expect(pesos.data.every((a: Json) => a.balance.currency.code === "MXN")).toBe(true);
    const both = await get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`);
    expect(both.data).toHaveLength(1);
    const none = await get("/customers/internal-accounts?customerId=Customer:unknown");
    expect(none).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it("walks pages with the cursor without duplicates or gaps", async () => {
    const all = (await get("/customers/internal-accounts?limit=100")).data.map((a: Json) => a.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await get(`/customers/internal-accounts?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((a: Json) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  for (const [label, query, path] of [
    ["limit 0", "limit=0", "limit"],
    ["limit 101", "limit=101", "limit"],
    ["a malformed cursor", "cursor=%%%", "cursor"],
    ["a customerId that is not a customer id", "customerId=acct-1", "customerId"],
    ["a lowercase currency", "currency=usd", "currency"],
    ["an unknown parameter", "type=CHECKING", "type"],
  ] as const) {
    it(`refuses ${label} with 400 INVALID_INPUT`, async () => {
      const response = await service.api(`/customers/internal-accounts?${query}`);
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.details.fields.map((field: Json) => field.path)).toContain(path);
    });
  }

  it("refuses a wrong credential with 401", async () => {
    const response = await service.api("/customers/internal-accounts", {
      headers: { authorization: wrongCredential },
    });
    expect(response.status).toBe(401);
  });
});

describe("customer external accounts", () => {
  async function countExternal(): Promise<number> {
    return (await get("/customers/external-accounts?limit=1")).totalCount;
  }

  it("POST keeps the reference's beneficiary and currency inside accountInfo", async () => {
    const customer = customers[0] as Json;
    const accountInfo = {
      accountType: "IBAN",
      iban: "CH9300762011623852957",
      bankName: "Zürcher Bank",
      currency: "CHF",
      beneficiary: { fullName: "Heidi Muster", birthDate: "1980-01-31", nationality: "CH" },
    };
    const wrong = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { customerId: customer.id, currency: "EUR", accountInfo },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("INVALID_BANK_ACCOUNT");
    const created = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { customerId: customer.id, currency: "CHF", accountInfo },
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(externalAccountSchema.parse(body)).toMatchObject({ currency: "CHF", accountInfo });
  });

  it("POST creates an ACTIVE account for the customer with 201", async () => {
    const customer = customers[0] as Json;
    const response = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { customerId: customer.id, currency: "MXN", platformAccountId: "bank-7", accountInfo: clabe },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(externalAccountSchema.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^ExternalAccount:/),
      customerId: customer.id,
      status: "ACTIVE",
      platformAccountId: "bank-7",
      currency: "MXN",
      accountInfo: clabe,
    });
  });

  it("refuses the same account for the same customer with 409, however it is written", async () => {
    const customer = customers[1] as Json;
    const first = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { customerId: customer.id, currency: "EUR", accountInfo: iban },
    });
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created.accountInfo.iban).toBe("DE89370400440532013000");
    const before = await countExternal();
    const again = await service.api("/customers/external-accounts", {
      method: "POST",
      json: {
        customerId: customer.id,
        currency: "EUR",
        accountInfo: { ...iban, iban: "de89 3704 0044 0532 0130 00", bankName: "Another name" },
      },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      status: 409,
      code: "EXTERNAL_ACCOUNT_EXISTS",
      details: { accountId: created.id },
    });
    expect(await countExternal()).toBe(before);
    const otherOwner = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { customerId: (customers[2] as Json).id, currency: "EUR", accountInfo: iban },
    });
    expect(otherOwner.status).toBe(201);
  });

  const invalid: [string, Json, number, string, string][] = [
    [
      "a US account with a bad routing number",
      { currency: "USD", accountInfo: { ...usAccount, routingNumber: "123456789" } },
      400,
      "INVALID_BANK_ACCOUNT",
      "accountInfo.routingNumber",
    ],
    [
      "a CLABE with a bad control digit",
      { currency: "MXN", accountInfo: { ...clabe, clabeNumber: "032180000118359710" } },
      400,
      "INVALID_BANK_ACCOUNT",
      "accountInfo.clabeNumber",
    ],
    ["a CLABE in dollars", { currency: "USD", accountInfo: clabe }, 400, "INVALID_BANK_ACCOUNT", "currency"],
    ["an unknown currency", { currency: "ABC", accountInfo: usAccount }, 400, "INVALID_INPUT", "currency"],
    [
      "an unknown field",
      { currency: "USD", accountInfo: usAccount, nickname: "x" },
      400,
      "INVALID_INPUT",
      "nickname",
    ],
    [
      "an unknown field inside accountInfo",
      { currency: "USD", accountInfo: { ...usAccount, iban: "x" } },
      400,
      "INVALID_BANK_ACCOUNT",
      "accountInfo.iban",
    ],
    ["no accountInfo", { currency: "USD" }, 400, "INVALID_BANK_ACCOUNT", "accountInfo"],
  ];

  for (const [label, body, status, code, path] of invalid) {
    it(`POST refuses ${label} with ${status} ${code}, creating nothing`, async () => {
      const before = await countExternal();
      const response = await service.api("/customers/external-accounts", {
        method: "POST",
        json: { customerId: (customers[3] as Json).id, ...body },
      });
      expect(response.status).toBe(status);
      const error = await response.json();
      expect(error.code).toBe(code);
      expect(error.details.fields.map((field: Json) => field.path)).toContain(path);
      expect(await countExternal()).toBe(before);
    });
  }

  it("POST needs a customerId of an existing, live customer", async () => {
    const missing = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { currency: "USD", accountInfo: usAccount },
    });
    expect(missing.status).toBe(400);
    const unknown = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { customerId: "Customer:nobody", currency: "USD", accountInfo: usAccount },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("USER_NOT_FOUND");
    const doomed = await createCustomer("doomed");
    await service.api(`/customers/${doomed.id}`, { method: "DELETE" });
    const deleted = await service.api("/customers/external-accounts", {
      method: "POST",
      json: { customerId: doomed.id, currency: "USD", accountInfo: usAccount },
    });
    expect(deleted.status).toBe(410);
    expect((await deleted.json()).code).toBe("CUSTOMER_DELETED");
  });

  it("GET filters by customer and currency, paginates, and leaves out the platform's accounts", async () => {
    const customer = customers[4] as Json;
    for (const [currency, accountInfo] of [
      ["USD", usAccount],
      ["USD", { ...usAccount, accountNumber: "000123456780" }],
      ["MXN", clabe],
      ["INR", { accountType: "UPI", vpa: "ada@okbank" }],
    ] as const) {
      const response = await service.api("/customers/external-accounts", {
        method: "POST",
        json: { customerId: customer.id, currency, accountInfo },
      });
      expect(response.status).toBe(201);
    }
    await service.api("/platform/external-accounts", {
      method: "POST",
      json: { currency: "USD", accountInfo: { ...usAccount, accountNumber: "999999999" } },
    });
    const own = await get(`/customers/external-accounts?customerId=${customer.id}`);
    expect(externalAccountListSchema.parse(own)).toBeTruthy();
    expect(own.totalCount).toBe(4);
    const dollars = await get(`/customers/external-accounts?customerId=${customer.id}&currency=USD`);
    expect(dollars.data.map((a: Json) => a.accountInfo.accountNumber)).toEqual([
      "000123456780",
      "000123456789",
    ]);

    const all = await get("/customers/external-accounts?limit=100");
    expect(all.data.every((a: Json) => typeof a.customerId === "string")).toBe(true);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await get(`/customers/external-accounts?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.data.map((a: Json) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.data.map((a: Json) => a.id));
  });

  it("GET refuses bad filters and a wrong credential", async () => {
    expect((await service.api("/customers/external-accounts?limit=0")).status).toBe(400);
    expect((await service.api("/customers/external-accounts?cursor=abc")).status).toBe(400);
    expect((await service.api("/customers/external-accounts?customerId=1")).status).toBe(400);
    const unauthorized = await service.api("/customers/external-accounts", {
      headers: { authorization: wrongCredential },
    });
    expect(unauthorized.status).toBe(401);
    const post = await service.api("/customers/external-accounts", {
      method: "POST",
      headers: { authorization: wrongCredential },
      json: { customerId: (customers[0] as Json).id, currency: "USD", accountInfo: usAccount },
    });
    expect(post.status).toBe(401);
  });
});

describe("platform external accounts", () => {
  it("POST creates an account without a customer; the same one again is 409", async () => {
    const json = {
      currency: "EUR",
      platformAccountId: "treasury",
      accountInfo: { ...iban, iban: "GB82WEST12345698765432" },
    };
    const response = await service.api("/platform/external-accounts", { method: "POST", json });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).not.toHaveProperty("customerId");
    expect(body).toMatchObject({ status: "ACTIVE", currency: "EUR", platformAccountId: "treasury" });
    const again = await service.api("/platform/external-accounts", { method: "POST", json });
    expect(again.status).toBe(409);
  });

  it("POST refuses a customerId, a bad account and a wrong credential", async () => {
    const withCustomer = await service.api("/platform/external-accounts", {
      method: "POST",
      json: { customerId: (customers[0] as Json).id, currency: "USD", accountInfo: usAccount },
    });
    expect(withCustomer.status).toBe(400);
    const bad = await service.api("/platform/external-accounts", {
      method: "POST",
      json: { currency: "BRL", accountInfo: { accountType: "PIX", pixKey: "123", pixKeyType: "CPF" } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("INVALID_BANK_ACCOUNT");
    const unauthorized = await service.api("/platform/external-accounts", {
      method: "POST",
      headers: { authorization: wrongCredential },
      json: { currency: "USD", accountInfo: usAccount },
    });
    expect(unauthorized.status).toBe(401);
  });

  it("GET lists the platform's accounts only, whole, as {accounts}, filtered by currency", async () => {
    const all = await get("/platform/external-accounts");
    expect(Object.keys(all)).toEqual(["accounts"]);
    expect(platformExternalAccountListSchema.parse(all).accounts.length).toBeGreaterThanOrEqual(2);
    expect(all.accounts.every((a: Json) => a.customerId === undefined)).toBe(true);
    const euros = await get("/platform/external-accounts?currency=EUR");
    expect(euros.accounts.map((a: Json) => a.currency)).toEqual(["EUR"]);
    expect((await service.api("/platform/external-accounts?customerId=Customer:x")).status).toBe(400);
  });
});
