import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerListSchema, customerSchema } from "../../shared/contract";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

/** A parsed JSON body, as loosely typed as Response#json gives it. */
type Json = Awaited<ReturnType<Response["json"]>>;

const address = { line1: "1 Main Street", city: "Springfield", postalCode: "12345", country: "US" };

/** Satisfies the default platform's USD providerRequiredCustomerFields (FULL_NAME, BIRTH_DATE, ADDRESS). */
const usAccount = {
  accountType: "US_ACCOUNT",
  accountNumber: "123456789",
  routingNumber: "021000021",
  accountCategory: "CHECKING",
  bankName: "Chase",
};

function individual(overrides: Json = {}): Json {
  return {
    platformCustomerId: "ind-1",
    customerType: "INDIVIDUAL",
    fullName: "María-José O'Neil",
    birthDate: "1990-04-25",
    address,
    ...overrides,
  };
}

function business(overrides: Json = {}): Json {
  return {
    platformCustomerId: "biz-1",
    customerType: "BUSINESS",
    businessInfo: { legalName: "Acme Widgets, Inc.", registrationNumber: "RC-123", taxId: "12-3456789" },
    address,
    ...overrides,
  };
}

async function create(body: Json): Promise<Json> {
  const response = await service.api("/customers", { method: "POST", json: body });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return response.json();
}

async function countCustomers(): Promise<number> {
  const response = await service.api("/customers?isIncludingDeleted=true&limit=1");
  return (await response.json()).totalCount;
}

async function listAll(query: string): Promise<Json> {
  const response = await service.api(`/customers?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

const wrongCredential = `Basic ${Buffer.from("test_token:wrong").toString("base64")}`;

describe("POST /customers", () => {
  it("creates an APPROVED individual with a generated UMA address on the platform's domain", async () => {
    const body = await create(individual({ platformCustomerId: "Alice Smith #42" }));
    expect(customerSchema.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^Customer:/),
      platformCustomerId: "Alice Smith #42",
      customerType: "INDIVIDUAL",
      kycStatus: "APPROVED",
      isDeleted: false,
      fullName: "María-José O'Neil",
      birthDate: "1990-04-25",
      address,
    });
    expect(body.umaAddress).toMatch(/^\$alice-smith-42-[0-9a-f]{10}@uma\.localhost$/);
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(body.updatedAt).toBe(body.createdAt);
    expect(body).not.toHaveProperty("businessInfo");
  });

  it("creates a business whose legal name stands for FULL_NAME, without individual fields", async () => {
    const body = await create(business());
    expect(body).toMatchObject({
      customerType: "BUSINESS",
      businessInfo: { legalName: "Acme Widgets, Inc.", registrationNumber: "RC-123", taxId: "12-3456789" },
    });
    expect(body).not.toHaveProperty("fullName");
    expect(body).not.toHaveProperty("birthDate");
  });

  it("keeps a business's beneficial owners, replaces them on PATCH, and refuses them on an individual", async () => {
    const owners = [
      {
        fullName: "Ada Owner",
        individualType: "BENEFICIAL_OWNER",
        percentageOwnership: 60,
        nationality: "GB",
      },
      { fullName: "Otto Officer", individualType: "OFFICER", emailAddress: "otto@example.com" },
    ];
    const created = await create(business({ platformCustomerId: "with-owners", beneficialOwners: owners }));
    expect(created.beneficialOwners).toEqual(owners);
    expect((await (await service.api(`/customers/${created.id}`)).json()).beneficialOwners).toEqual(owners);
    const patched = await service.api(`/customers/${created.id}`, {
      method: "PATCH",
      json: { customerType: "BUSINESS", beneficialOwners: [owners[1]] },
    });
    expect(patched.status).toBe(200);
    expect((await patched.json()).beneficialOwners).toEqual([owners[1]]);
    for (const body of [
      individual({ beneficialOwners: owners }),
      business({ beneficialOwners: [{ fullName: "No Type" }] }),
      business({
        beneficialOwners: [
          { ...owners[0], percentageOwnership: 70 },
          { ...owners[0], percentageOwnership: 40 },
        ],
      }),
    ]) {
      const refused = await service.api("/customers", { method: "POST", json: body });
      expect(refused.status).toBe(400);
      expect((await refused.json()).code).toBe("INVALID_INPUT");
    }
  });

  it("accepts an address without city: only line1, postalCode and country are required", async () => {
    const { city: _city, ...cityless } = address;
    const body = await create(individual({ platformCustomerId: "no-city-1", address: cityless }));
    expect(body.address).toEqual(cityless);
  });

  it("keeps a supplied UMA address, lowercased", async () => {
    const body = await create(individual({ umaAddress: "$Bob.Smith+Pay@UMA.localhost" }));
    expect(body.umaAddress).toBe("$bob.smith+pay@uma.localhost");
    const fetched = await (await service.api(`/customers/${body.id}`)).json();
    expect(fetched.umaAddress).toBe("$bob.smith+pay@uma.localhost");
  });

  it("accepts names with letters of any script, apostrophes, hyphens, periods and commas", async () => {
    for (const fullName of [
      "Zoë Ångström-Núñez",
      "D'Artagnan, Jr.",
      "Nguyễn Văn A",
      "李小龍",
      "Ольга Петрова",
    ]) {
      const body = await create(individual({ fullName }));
      expect(body.fullName).toBe(fullName);
    }
  });

  it("accepts bank accounts whose check digits are right, and makes each an external account", async () => {
    const accounts = [
      { accountType: "CLABE", clabeNumber: "032180000118359719", bankName: "BBVA" },
      {
        accountType: "US_ACCOUNT",
        accountNumber: "123456789",
        routingNumber: "021000021",
        accountCategory: "CHECKING",
        bankName: "Chase",
      },
      {
        accountType: "IBAN",
        iban: "DE89 3704 0044 0532 0130 00",
        bankName: "Commerzbank",
        swiftBic: "COBADEFFXXX",
      },
      { accountType: "PIX", pixKey: "52998224725", pixKeyType: "CPF" },
      { accountType: "PIX", pixKey: "11222333000181", pixKeyType: "CNPJ" },
      { accountType: "UPI", vpa: "alice@okbank" },
    ];
    for (const bankAccountInfo of accounts) {
      const customer = await create(individual({ platformCustomerId: "with-bank", bankAccountInfo }));
      const list = await (await service.api(`/customers/external-accounts?customerId=${customer.id}`)).json();
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({
        customerId: customer.id,
        status: "ACTIVE",
        accountInfo: { accountType: bankAccountInfo.accountType },
      });
    }
  });

  it("gives the new customer one internal account per supported currency", async () => {
    const customer = await create(individual());
    const accounts = await (
      await service.api(`/customers/internal-accounts?customerId=${customer.id}`)
    ).json();
    expect(accounts.data.map((a: Json) => a.balance.currency.code)).toEqual(["USD"]);
    expect(accounts.data[0]).toMatchObject({ customerId: customer.id, balance: { amount: 0 } });
  });

  const invalid: [string, Json, string, string][] = [
    [
      "a UMA address without $",
      individual({ umaAddress: "alice@uma.localhost" }),
      "INVALID_UMA_ADDRESS",
      "umaAddress",
    ],
    [
      "a UMA address with a bad character",
      individual({ umaAddress: "$al!ce@uma.localhost" }),
      "INVALID_UMA_ADDRESS",
      "umaAddress",
    ],
    [
      "a UMA username over 64 characters",
      individual({ umaAddress: `$${"a".repeat(64)}@uma.localhost` }),
      "INVALID_UMA_ADDRESS",
      "umaAddress",
    ],
    [
      "a UMA address with two @",
      individual({ umaAddress: "$a@b@uma.localhost" }),
      "INVALID_UMA_ADDRESS",
      "umaAddress",
    ],
    [
      "a UMA address on another domain",
      individual({ umaAddress: "$alice@other.example" }),
      "INVALID_UMA_ADDRESS",
      "umaAddress",
    ],
    [
      "a birth date that does not exist",
      individual({ birthDate: "2023-02-30" }),
      "INVALID_INPUT",
      "birthDate",
    ],
    ["a birth date in another format", individual({ birthDate: "25/04/1990" }), "INVALID_INPUT", "birthDate"],
    ["a birth date in the future", individual({ birthDate: "2999-01-01" }), "INVALID_INPUT", "birthDate"],
    ["a name with digits", individual({ fullName: "R2-D2" }), "INVALID_INPUT", "fullName"],
    ["a name with markup", individual({ fullName: "Bob <script>" }), "INVALID_INPUT", "fullName"],
    [
      "a business name with special characters",
      business({ businessInfo: { legalName: "Acme™ @ Co" } }),
      "INVALID_INPUT",
      "businessInfo.legalName",
    ],
    [
      "an address without country",
      individual({ address: { ...address, country: undefined } }),
      "INVALID_INPUT",
      "address.country",
    ],
    [
      "an address without line1",
      individual({ address: { ...address, line1: undefined } }),
      "INVALID_INPUT",
      "address.line1",
    ],
    [
      "an address without postal code",
      individual({ address: { ...address, postalCode: undefined } }),
      "INVALID_INPUT",
      "address.postalCode",
    ],
    [
      "a lowercase country code",
      individual({ address: { ...address, country: "us" } }),
      "INVALID_INPUT",
      "address.country",
    ],
    ["an unknown nationality", individual({ nationality: "XX" }), "INVALID_INPUT", "nationality"],
    ["an unknown field", individual({ colour: "blue" }), "INVALID_INPUT", "colour"],
    [
      "an unknown address field",
      individual({ address: { ...address, planet: "Mars" } }),
      "INVALID_INPUT",
      "address.planet",
    ],
    ["an individual field on a business", business({ fullName: "Acme" }), "INVALID_INPUT", "fullName"],
    [
      "no platformCustomerId",
      individual({ platformCustomerId: undefined }),
      "INVALID_INPUT",
      "platformCustomerId",
    ],
    ["an unknown customerType", individual({ customerType: "ROBOT" }), "INVALID_INPUT", "customerType"],
    [
      "a CLABE with a wrong control digit",
      individual({
        bankAccountInfo: { accountType: "CLABE", clabeNumber: "032180000118359718", bankName: "BBVA" },
      }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.clabeNumber",
    ],
    [
      "a CLABE of 17 digits",
      individual({
        bankAccountInfo: { accountType: "CLABE", clabeNumber: "03218000011835971", bankName: "BBVA" },
      }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.clabeNumber",
    ],
    [
      "a routing number failing the ABA checksum",
      individual({
        bankAccountInfo: {
          accountType: "US_ACCOUNT",
          accountNumber: "123456789",
          routingNumber: "021000022",
          accountCategory: "CHECKING",
          bankName: "Chase",
        },
      }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.routingNumber",
    ],
    [
      "a US account number with letters",
      individual({
        bankAccountInfo: {
          accountType: "US_ACCOUNT",
          accountNumber: "12AB5678",
          routingNumber: "021000021",
          accountCategory: "CHECKING",
          bankName: "Chase",
        },
      }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.accountNumber",
    ],
    [
      "a US account without its category",
      individual({
        bankAccountInfo: {
          accountType: "US_ACCOUNT",
          accountNumber: "123456789",
          routingNumber: "021000021",
          bankName: "Chase",
        },
      }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.accountCategory",
    ],
    [
      "an IBAN failing mod 97",
      individual({ bankAccountInfo: { accountType: "IBAN", iban: "DE89370400440532013001", bankName: "X" } }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.iban",
    ],
    [
      "a SWIFT/BIC of 9 characters",
      individual({
        bankAccountInfo: {
          accountType: "IBAN",
          iban: "DE89370400440532013000",
          bankName: "X",
          swiftBic: "COBADEFFX",
        },
      }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.swiftBic",
    ],
    [
      "a PIX CPF key with wrong check digits",
      individual({ bankAccountInfo: { accountType: "PIX", pixKey: "52998224724", pixKeyType: "CPF" } }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.pixKey",
    ],
    [
      "a PIX CNPJ key with wrong check digits",
      individual({ bankAccountInfo: { accountType: "PIX", pixKey: "11222333000182", pixKeyType: "CNPJ" } }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.pixKey",
    ],
    [
      "a malformed UPI address",
      individual({ bankAccountInfo: { accountType: "UPI", vpa: "not a vpa" } }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.vpa",
    ],
    [
      "an unknown account type",
      individual({ bankAccountInfo: { accountType: "SWISS_VAULT", number: "1" } }),
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.accountType",
    ],
    [
      "no birth date with a US bank account (USD requires it)",
      individual({ birthDate: undefined, bankAccountInfo: usAccount }),
      "MISSING_MANDATORY_USER_INFO",
      "birthDate",
    ],
    [
      "no address with a US bank account (USD requires it)",
      individual({ address: undefined, bankAccountInfo: usAccount }),
      "MISSING_MANDATORY_USER_INFO",
      "address",
    ],
    [
      "no full name with a US bank account (USD requires it)",
      individual({ fullName: undefined, bankAccountInfo: usAccount }),
      "MISSING_MANDATORY_USER_INFO",
      "fullName",
    ],
    [
      "a business without legal name with a US bank account (FULL_NAME for USD)",
      business({ businessInfo: { taxId: "1" }, bankAccountInfo: usAccount }),
      "MISSING_MANDATORY_USER_INFO",
      "businessInfo.legalName",
    ],
  ];

  for (const [label, body, code, path] of invalid) {
    it(`refuses ${label} with 400 ${code} naming ${path}, creating nothing`, async () => {
      const before = await countCustomers();
      const response = await service.api("/customers", { method: "POST", json: body });
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error).toMatchObject({ status: 400, code, message: expect.any(String) });
      expect(error.details.fields.map((field: Json) => field.path)).toContain(path);
      expect(await countCustomers()).toBe(before);
    });
  }

  it("creates a customer from platformCustomerId and customerType alone (spec rule 1)", async () => {
    for (const body of [
      { platformCustomerId: "bare", customerType: "INDIVIDUAL" },
      { platformCustomerId: "bare-business", customerType: "BUSINESS" },
      // The reference's example of an individual without a UMA address.
      {
        platformCustomerId: "9f84e0c2a72c4fa",
        customerType: "INDIVIDUAL",
        fullName: "John Sender",
        birthDate: "1985-06-15",
        nationality: "US",
        address: { line1: "Paseo de la Reforma 222", postalCode: "06600", country: "MX" },
      },
    ]) {
      const created = await create(body);
      expect(created).toMatchObject({
        ...body,
        kycStatus: "APPROVED",
        umaAddress: expect.stringMatching(/@/),
      });
    }
  });

  it("names every field a bank account's currency needs at once, creating nothing", async () => {
    const before = await countCustomers();
    const response = await service.api("/customers", {
      method: "POST",
      json: { platformCustomerId: "bare-with-bank", customerType: "INDIVIDUAL", bankAccountInfo: usAccount },
    });
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error.code).toBe("MISSING_MANDATORY_USER_INFO");
    expect(error.details.missingFields).toEqual(["FULL_NAME", "BIRTH_DATE", "ADDRESS"]);
    expect(error.details.currencies).toEqual(["USD"]);
    expect(error.details.fields.map((field: Json) => field.path)).toEqual([
      "fullName",
      "birthDate",
      "address",
    ]);
    expect(error.details.fields[0].message).toContain("USD");
    expect(await countCustomers()).toBe(before);
  });

  it("refuses a body that is not JSON, or not an object", async () => {
    const broken = await service.api("/customers", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    const array = await service.api("/customers", { method: "POST", json: [individual()] });
    expect(array.status).toBe(400);
    expect((await array.json()).code).toBe("INVALID_INPUT");
  });

  it("refuses text the database cannot store (NUL) with 400 naming the field, creating nothing", async () => {
    const before = await countCustomers();
    const response = await service.api("/customers", {
      method: "POST",
      json: individual({ address: { ...address, line1: "1 Main\u0000Street" } }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).details.fields).toEqual([
      { path: "address.line1", message: "Cannot contain the NUL character" },
    ]);
    expect(await countCustomers()).toBe(before);
    for (const path of [
      "/customers/a%00b",
      "/customers?platformCustomerId=a%00b",
      "/customers/kyc-link?platformCustomerId=a%00b",
    ]) {
      expect((await service.api(path)).status, path).toBeLessThan(500);
    }
    expect([400, 404]).toContain((await service.api("/customers/a%00b", { method: "DELETE" })).status);
  });

  it("refuses an unpaired UTF-16 surrogate (jsonb cannot store one) in a value or a key with 400, never 500", async () => {
    const before = await countCustomers();
    for (const [body, path] of [
      [individual({ address: { ...address, line1: "1 Main \ud800Street" } }), "address.line1"],
      [individual({ fullName: "Ana \udc00" }), "fullName"],
      [individual({ address: { ...address, "x\ud83d": "y" } }), "address"],
    ] as const) {
      const response = await service.api("/customers", { method: "POST", json: body });
      expect(response.status, path).toBe(400);
      const answer = await response.json();
      expect(answer).toMatchObject({ status: 400, code: "INVALID_INPUT" });
      expect(answer.details.fields[0].path, path).toBe(path);
    }
    expect(await countCustomers()).toBe(before);
  });

  it("refuses a wrong credential with 401 and creates nothing", async () => {
    const before = await countCustomers();
    const response = await service.api("/customers", {
      method: "POST",
      headers: { authorization: wrongCredential },
      json: individual(),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("UNAUTHORIZED");
    expect(await countCustomers()).toBe(before);
  });

  it("refuses a live customer's UMA address, whatever its case, with 409 UMA_ADDRESS_EXISTS", async () => {
    await create(individual({ umaAddress: "$taken@uma.localhost" }));
    const before = await countCustomers();
    const response = await service.api("/customers", {
      method: "POST",
      json: individual({ umaAddress: "$TAKEN@uma.localhost" }),
    });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe("UMA_ADDRESS_EXISTS");
    expect(await countCustomers()).toBe(before);
  });

  it("of N simultaneous creates of one UMA address exactly one succeeds", async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        service.api("/customers", {
          method: "POST",
          json: individual({ platformCustomerId: `race-${i}`, umaAddress: "$race@uma.localhost" }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    const list = await listAll("umaAddress=%24race%40uma.localhost");
    expect(list.totalCount).toBe(1);
    const accounts = await (
      await service.api(`/customers/internal-accounts?customerId=${list.data[0].id}`)
    ).json();
    expect(accounts.totalCount).toBe(1);
  });

  it("lets a deleted customer's UMA address be used again", async () => {
    const first = await create(individual({ umaAddress: "$reuse@uma.localhost" }));
    expect((await service.api(`/customers/${first.id}`, { method: "DELETE" })).status).toBe(200);
    const second = await create(individual({ umaAddress: "$reuse@uma.localhost" }));
    expect(second.id).not.toBe(first.id);
  });

  it("allows several customers with one platformCustomerId when their UMA addresses differ", async () => {
    const a = await create(individual({ platformCustomerId: "shared-id" }));
    const b = await create(individual({ platformCustomerId: "shared-id" }));
    expect(a.umaAddress).not.toBe(b.umaAddress);
  });
});

describe("GET /customers", () => {
  let walk: Json[];

  beforeAll(async () => {
    walk = [];
    for (let i = 0; i < 7; i++) walk.push(await create(individual({ platformCustomerId: "walker" })));
  });

  it("walks every page with the cursor, newest first, without duplicates or gaps", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listAll(`platformCustomerId=walker&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(customerListSchema.parse(page)).toBeTruthy();
      expect(page.totalCount).toBe(7);
      seen.push(...page.data.map((c: Json) => c.id));
      expect(page.hasMore).toBe(page.nextCursor !== undefined);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(walk.map((c) => c.id).reverse());
  });

  it("defaults to 20 per page and accepts 1 and 100", async () => {
    const all = await listAll("");
    expect(all.data.length).toBe(Math.min(20, all.totalCount));
    expect((await listAll("limit=1")).data).toHaveLength(1);
    expect((await listAll("limit=100")).data.length).toBeLessThanOrEqual(100);
  });

  for (const [label, query, path] of [
    ["limit 0", "limit=0", "limit"],
    ["limit 101", "limit=101", "limit"],
    ["a fractional limit", "limit=2.5", "limit"],
    ["a word as limit", "limit=ten", "limit"],
    ["a malformed cursor", "cursor=not-a-cursor", "cursor"],
    ["an unknown filter", "colour=blue", "colour"],
    ["a malformed date", "createdAfter=yesterday", "createdAfter"],
    ["an unknown customerType", "customerType=ROBOT", "customerType"],
    ["isIncludingDeleted other than true/false", "isIncludingDeleted=yes", "isIncludingDeleted"],
    ["an invalid UMA address", "umaAddress=nobody", "umaAddress"],
  ] as const) {
    it(`refuses ${label} with 400`, async () => {
      const response = await service.api(`/customers?${query}`);
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error.code).toBe(path === "umaAddress" ? "INVALID_UMA_ADDRESS" : "INVALID_INPUT");
      expect(error.details.fields.map((field: Json) => field.path)).toContain(path);
    });
  }

  it("filters by customerType", async () => {
    const page = await listAll("customerType=BUSINESS&limit=100");
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.data.every((c: Json) => c.customerType === "BUSINESS")).toBe(true);
  });

  it("treats created date bounds as inclusive", async () => {
    const middle = walk[3] as Json;
    const at = encodeURIComponent(middle.createdAt);
    const exact = await listAll(`platformCustomerId=walker&createdAfter=${at}&createdBefore=${at}`);
    expect(exact.data.map((c: Json) => c.id)).toEqual([middle.id]);
    const after = await listAll(`platformCustomerId=walker&createdAfter=${at}`);
    expect(after.data.map((c: Json) => c.id)).toEqual(
      walk
        .slice(3)
        .map((c) => c.id)
        .reverse(),
    );
    const before = await listAll(`platformCustomerId=walker&createdBefore=${at}`);
    expect(before.data.map((c: Json) => c.id)).toEqual(
      walk
        .slice(0, 4)
        .map((c) => c.id)
        .reverse(),
    );
  });

  it("treats updated date bounds as inclusive", async () => {
    const target = walk[0] as Json;
    const patched = await (
      await service.api(`/customers/${target.id}`, {
        method: "PATCH",
        json: { customerType: "INDIVIDUAL", fullName: "Updated Name" },
      })
    ).json();
    const at = encodeURIComponent(patched.updatedAt);
    const page = await listAll(`platformCustomerId=walker&updatedAfter=${at}&updatedBefore=${at}`);
    expect(page.data.map((c: Json) => c.id)).toEqual([target.id]);
  });

  it("filters by UMA address, whatever its case", async () => {
    const customer = await create(individual({ umaAddress: "$findme@uma.localhost" }));
    const page = await listAll(`umaAddress=${encodeURIComponent("$FindMe@uma.localhost")}`);
    expect(page.data.map((c: Json) => c.id)).toEqual([customer.id]);
  });

  it("hides deleted customers unless isIncludingDeleted=true", async () => {
    const customer = await create(individual({ platformCustomerId: "to-hide" }));
    await service.api(`/customers/${customer.id}`, { method: "DELETE" });
    expect((await listAll("platformCustomerId=to-hide")).totalCount).toBe(0);
    expect((await listAll("platformCustomerId=to-hide&isIncludingDeleted=false")).totalCount).toBe(0);
    const included = await listAll("platformCustomerId=to-hide&isIncludingDeleted=true");
    expect(included.data).toMatchObject([{ id: customer.id, isDeleted: true }]);
  });

  it("refuses a wrong credential with 401", async () => {
    const response = await service.api("/customers", { headers: { authorization: wrongCredential } });
    expect(response.status).toBe(401);
  });
});

describe("GET /customers/{customerId}", () => {
  it("reads by service id", async () => {
    const customer = await create(individual());
    const response = await service.api(`/customers/${customer.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(customer);
  });

  it("resolves a platformCustomerId only while one live customer has it, listing them all otherwise", async () => {
    const older = await create(individual({ platformCustomerId: "resolve me/1" }));
    const path = `/customers/${encodeURIComponent("resolve me/1")}`;
    expect((await (await service.api(path)).json()).id).toBe(older.id);
    const newer = await create(individual({ platformCustomerId: "resolve me/1" }));
    // Spec rule 3 lets several customers share it: the lookup is ambiguous, never silently the newest.
    for (const init of [
      {},
      { method: "DELETE" },
      { method: "PATCH", json: { customerType: "INDIVIDUAL" } },
    ]) {
      const ambiguous = await service.api(path, init);
      expect(ambiguous.status).toBe(400);
      expect((await ambiguous.json()).details.customerIds).toEqual([newer.id, older.id]);
    }
    const listed = await (
      await service.api(`/customers?platformCustomerId=${encodeURIComponent("resolve me/1")}`)
    ).json();
    expect(listed.data.map((c: Json) => c.id)).toEqual([newer.id, older.id]);
    await service.api(`/customers/${newer.id}`, { method: "DELETE" });
    expect((await (await service.api(path)).json()).id).toBe(older.id);
    await service.api(`/customers/${older.id}`, { method: "DELETE" });
    const gone = await service.api(path);
    expect(gone.status).toBe(404);
    expect((await gone.json()).code).toBe("USER_NOT_FOUND");
  });

  it("still reads a deleted customer by its id, marked deleted", async () => {
    const customer = await create(individual());
    await service.api(`/customers/${customer.id}`, { method: "DELETE" });
    const response = await service.api(`/customers/${customer.id}`);
    expect(response.status).toBe(200);
    expect((await response.json()).isDeleted).toBe(true);
  });

  it("answers 404 USER_NOT_FOUND for an unknown id", async () => {
    const response = await service.api("/customers/Customer:00000000-0000-0000-0000-000000000000");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
  });

  it("refuses a wrong credential with 401", async () => {
    const customer = await create(individual());
    const response = await service.api(`/customers/${customer.id}`, {
      headers: { authorization: wrongCredential },
    });
    expect(response.status).toBe(401);
  });
});

describe("PATCH /customers/{customerId}", () => {
  it("replaces supplied fields and keeps the others", async () => {
    const customer = await create(individual());
    const newAddress = {
      line1: "2 Side Road",
      city: "Shelbyville",
      postalCode: "54321",
      country: "CA",
      state: "ON",
    };
    const response = await service.api(`/customers/${customer.id}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", fullName: "Jane Doe", nationality: "CA", address: newAddress },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      id: customer.id,
      fullName: "Jane Doe",
      birthDate: "1990-04-25",
      nationality: "CA",
      address: newAddress,
      umaAddress: customer.umaAddress,
    });
    expect(body.updatedAt >= customer.updatedAt).toBe(true);
    expect(body.createdAt).toBe(customer.createdAt);
    expect(await (await service.api(`/customers/${customer.id}`)).json()).toEqual(body);
  });

  it("resolves a platformCustomerId", async () => {
    const customer = await create(individual({ platformCustomerId: "patch-by-platform-id" }));
    const response = await service.api("/customers/patch-by-platform-id", {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", fullName: "Patched Person" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: customer.id, fullName: "Patched Person" });
  });

  it("replaces the UMA address, which must be free and on the platform's domain", async () => {
    const customer = await create(individual());
    await create(individual({ umaAddress: "$occupied@uma.localhost" }));
    const moved = await service.api(`/customers/${customer.id}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", umaAddress: "$Moved@uma.localhost" },
    });
    expect(moved.status).toBe(200);
    expect((await moved.json()).umaAddress).toBe("$moved@uma.localhost");
    const taken = await service.api(`/customers/${customer.id}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", umaAddress: "$occupied@uma.localhost" },
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("UMA_ADDRESS_EXISTS");
    const foreign = await service.api(`/customers/${customer.id}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", umaAddress: "$moved@elsewhere.example" },
    });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).code).toBe("INVALID_UMA_ADDRESS");
    expect((await (await service.api(`/customers/${customer.id}`)).json()).umaAddress).toBe(
      "$moved@uma.localhost",
    );
  });

  it("adds a bankAccountInfo as an external account once", async () => {
    const customer = await create(individual());
    const bankAccountInfo = { accountType: "CLABE", clabeNumber: "032180000118359719", bankName: "BBVA" };
    for (let i = 0; i < 2; i++) {
      const response = await service.api(`/customers/${customer.id}`, {
        method: "PATCH",
        json: { customerType: "INDIVIDUAL", bankAccountInfo },
      });
      expect(response.status).toBe(200);
    }
    const list = await (await service.api(`/customers/external-accounts?customerId=${customer.id}`)).json();
    expect(list.data).toMatchObject([{ currency: "MXN", accountInfo: bankAccountInfo }]);
  });

  const invalid: [string, Json, number, string, string][] = [
    ["no customerType", { fullName: "X Y" }, 400, "INVALID_INPUT", "customerType"],
    ["another customerType", { customerType: "BUSINESS" }, 400, "INVALID_INPUT", "customerType"],
    [
      "an unknown field",
      { customerType: "INDIVIDUAL", platformCustomerId: "x" },
      400,
      "INVALID_INPUT",
      "platformCustomerId",
    ],
    [
      "a bad birth date",
      { customerType: "INDIVIDUAL", birthDate: "1990-13-01" },
      400,
      "INVALID_INPUT",
      "birthDate",
    ],
    [
      "a name with special characters",
      { customerType: "INDIVIDUAL", fullName: "J@ne" },
      400,
      "INVALID_INPUT",
      "fullName",
    ],
    [
      "an incomplete address",
      { customerType: "INDIVIDUAL", address: { line1: "x", city: "y", postalCode: "1" } },
      400,
      "INVALID_INPUT",
      "address.country",
    ],
    [
      "a bad bank account",
      {
        customerType: "INDIVIDUAL",
        bankAccountInfo: { accountType: "IBAN", iban: "GB00WEST12345698765432", bankName: "W" },
      },
      400,
      "INVALID_BANK_ACCOUNT",
      "bankAccountInfo.iban",
    ],
    [
      "a bad UMA address",
      { customerType: "INDIVIDUAL", umaAddress: "$UPPER CASE@uma.localhost" },
      400,
      "INVALID_UMA_ADDRESS",
      "umaAddress",
    ],
  ];

  for (const [label, body, status, code, path] of invalid) {
    it(`refuses ${label} with ${status} ${code}, changing nothing`, async () => {
      const customer = await create(individual());
      const response = await service.api(`/customers/${customer.id}`, { method: "PATCH", json: body });
      expect(response.status).toBe(status);
      const error = await response.json();
      expect(error.code).toBe(code);
      expect(error.details.fields.map((field: Json) => field.path)).toContain(path);
      expect(await (await service.api(`/customers/${customer.id}`)).json()).toEqual(customer);
    });
  }

  it("answers 404 for an unknown customer and 410 for a deleted one", async () => {
    const unknown = await service.api("/customers/nobody-has-this-id", {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL" },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("USER_NOT_FOUND");
    const customer = await create(individual());
    await service.api(`/customers/${customer.id}`, { method: "DELETE" });
    const deleted = await service.api(`/customers/${customer.id}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", fullName: "Ghost" },
    });
    expect(deleted.status).toBe(410);
    expect((await deleted.json()).code).toBe("CUSTOMER_DELETED");
  });

  it("refuses a wrong credential with 401", async () => {
    const customer = await create(individual());
    const response = await service.api(`/customers/${customer.id}`, {
      method: "PATCH",
      headers: { authorization: wrongCredential },
      json: { customerType: "INDIVIDUAL", fullName: "Mallory" },
    });
    expect(response.status).toBe(401);
    expect((await (await service.api(`/customers/${customer.id}`)).json()).fullName).toBe(customer.fullName);
  });
});

describe("DELETE /customers/{customerId}", () => {
  it("marks the customer deleted and returns it; deleting again is 410 CUSTOMER_DELETED", async () => {
    const customer = await create(individual());
    const first = await service.api(`/customers/${customer.id}`, { method: "DELETE" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ id: customer.id, isDeleted: true });
    const second = await service.api(`/customers/${customer.id}`, { method: "DELETE" });
    expect(second.status).toBe(410);
    expect(await second.json()).toMatchObject({ status: 410, code: "CUSTOMER_DELETED" });
  });

  it("deletes by platformCustomerId, then answers 410 once none is left", async () => {
    const customer = await create(individual({ platformCustomerId: "delete-by-platform-id" }));
    const first = await service.api("/customers/delete-by-platform-id", { method: "DELETE" });
    expect((await first.json()).id).toBe(customer.id);
    const second = await service.api("/customers/delete-by-platform-id", { method: "DELETE" });
    expect(second.status).toBe(410);
  });

  it("of simultaneous deletes exactly one succeeds", async () => {
    const customer = await create(individual());
    const statuses = (
      await Promise.all(
        Array.from({ length: 5 }, () => service.api(`/customers/${customer.id}`, { method: "DELETE" })),
      )
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(4);
  });

  it("answers 404 USER_NOT_FOUND for an unknown customer, and 401 for a wrong credential", async () => {
    const unknown = await service.api("/customers/Customer:unknown", { method: "DELETE" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("USER_NOT_FOUND");
    const customer = await create(individual());
    const unauthorized = await service.api(`/customers/${customer.id}`, {
      method: "DELETE",
      headers: { authorization: wrongCredential },
    });
    expect(unauthorized.status).toBe(401);
    expect((await (await service.api(`/customers/${customer.id}`)).json()).isDeleted).toBe(false);
  });
});

describe("providerRequiredCustomerFields of a currency the customer transacts in", () => {
  it("apply to a bank account in that currency, on create, on update and as an external account", async () => {
    const patched = await service.api("/config", {
      method: "PATCH",
      json: {
        supportedCurrencies: [
          { currencyCode: "USD", minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [] },
          { currencyCode: "EUR", minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [] },
        ],
      },
    });
    expect(patched.status).toBe(200);
    const euroAccount = { accountType: "IBAN", iban: "DE89370400440532013000", bankName: "Commerzbank" };

    // Without a euro account, EUR's NATIONALITY is not asked for.
    const existing = await create(individual({ platformCustomerId: "no-eur-yet" }));
    const accounts = await (
      await service.api(`/customers/internal-accounts?customerId=${existing.id}`)
    ).json();
    expect(accounts.data.map((a: Json) => a.balance.currency.code).sort()).toEqual(["EUR", "USD"]);

    const withEuroAccount = await service.api("/customers", {
      method: "POST",
      json: individual({ platformCustomerId: "eur-bank", bankAccountInfo: euroAccount }),
    });
    expect(withEuroAccount.status).toBe(400);
    const error = await withEuroAccount.json();
    expect(error.code).toBe("MISSING_MANDATORY_USER_INFO");
    expect(error.details.fields).toEqual([{ path: "nationality", message: expect.stringContaining("EUR") }]);
    await create(
      individual({ platformCustomerId: "eur-bank", nationality: "DE", bankAccountInfo: euroAccount }),
    );

    const patchWithEuroAccount = await service.api(`/customers/${existing.id}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", fullName: "Still Missing", bankAccountInfo: euroAccount },
    });
    expect(patchWithEuroAccount.status).toBe(400);
    expect((await patchWithEuroAccount.json()).details.missingFields).toEqual(["NATIONALITY"]);
    expect((await (await service.api(`/customers/${existing.id}`)).json()).fullName).toBe(existing.fullName);

    const externalInEuro = () =>
      service.api("/customers/external-accounts", {
        method: "POST",
        json: { customerId: existing.id, currency: "EUR", accountInfo: euroAccount },
      });
    const refused = await externalInEuro();
    expect(refused.status).toBe(400);
    expect((await refused.json()).details.missingFields).toEqual(["NATIONALITY"]);
    const listed = await (await service.api(`/customers/external-accounts?customerId=${existing.id}`)).json();
    expect(listed.data).toHaveLength(0);

    const completed = await service.api(`/customers/${existing.id}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", nationality: "FR" },
    });
    expect(completed.status).toBe(200);
    expect((await externalInEuro()).status).toBe(201);
  });
});
