import { createVerify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerKycLinkSchema } from "../../shared/contract";
import { startTestService, type TestService } from "../test-support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";

/** A parsed JSON body, as loosely typed as Response#json gives it. */
type Json = Awaited<ReturnType<Response["json"]>>;

const wrongCredential = `Basic ${Buffer.from("test_token:wrong").toString("base64")}`;

const person = {
  customerType: "INDIVIDUAL",
  fullName: "Zoë Ångström",
  birthDate: "1991-07-14",
  nationality: "se",
  line1: "Drottninggatan 1",
  city: "Stockholm",
  postalCode: "111 51",
  country: "SE",
};

async function kycLink(service: TestService, query: Record<string, string>): Promise<Json> {
  const response = await service.api(`/customers/kyc-link?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(customerKycLinkSchema.parse(body)).toBeTruthy();
  return body;
}

function submit(url: string, form: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

async function countCustomers(service: TestService): Promise<number> {
  return (await (await service.api("/customers?isIncludingDeleted=true&limit=1")).json()).totalCount;
}

async function advanceClock(service: TestService, seconds: number) {
  const response = await fetch(`${service.origin}/_local/clock/advance`, {
    method: "POST",
    headers: { authorization: service.authorization, "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

/** Every form control has a label pointing at it, as a screen reader needs. */
function expectEveryInputLabelled(html: string) {
  const ids = [...html.matchAll(/<input\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
  expect(ids.length).toBeGreaterThan(10);
  for (const id of ids) expect(html, `label for ${id}`).toContain(`<label for="${id}">`);
  expect([...html.matchAll(/<input\b/g)].length).toBe(ids.length);
}

describe("unregulated platform: onboarding through the hosted KYC page", () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let publicKey: string;

  beforeAll(async () => {
    service = await startTestService({ regulated: false });
    receiver = await startWebhookReceiver();
    const patched = await service.api("/config", {
      method: "PATCH",
      json: { webhookEndpoint: receiver.url },
    });
    expect(patched.status).toBe(200);
    publicKey = await (await fetch(`${service.origin}/_local/webhook-public-key`)).text();
  });
  afterAll(async () => {
    await service.close();
    await receiver.close();
  });

  it("refuses POST /customers with 403 FORBIDDEN, creating nothing", async () => {
    const before = await countCustomers(service);
    const response = await service.api("/customers", {
      method: "POST",
      json: {
        platformCustomerId: "direct",
        customerType: "INDIVIDUAL",
        fullName: "Direct Person",
        birthDate: "1990-01-01",
        address: { line1: "1 Road", city: "Town", postalCode: "1234", country: "US" },
      },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("kyc-link"),
    });
    expect(await countCustomers(service)).toBe(before);
  });

  it("GET /customers/kyc-link hands out a single-use link on the service", async () => {
    const link = await kycLink(service, {
      platformCustomerId: "user-1",
      redirectUri: "https://platform.example/x",
    });
    expect(link.platformCustomerId).toBe("user-1");
    expect(link.kycUrl).toMatch(new RegExp(`^${service.origin}/hosted/kyc/[A-Za-z0-9_-]{20,}$`));
    const other = await kycLink(service, { platformCustomerId: "user-1" });
    expect(other.kycUrl).not.toBe(link.kycUrl);
  });

  for (const [label, query, path] of [
    ["no platformCustomerId", "redirectUri=https%3A%2F%2Fa.example", "platformCustomerId"],
    [
      "a redirectUri that is not http(s)",
      "platformCustomerId=a&redirectUri=javascript%3Aalert(1)",
      "redirectUri",
    ],
    ["an unknown parameter", "platformCustomerId=a&lang=en", "lang"],
  ] as const) {
    it(`GET /customers/kyc-link refuses ${label} with 400`, async () => {
      const response = await service.api(`/customers/kyc-link?${query}`);
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.details.fields.map((field: Json) => field.path)).toContain(path);
    });
  }

  it("GET /customers/kyc-link needs MANAGE, as creating customers does (issue 46 item 9)", async () => {
    const token = async (permissions: string[]) => {
      const response = await service.api("/tokens", {
        method: "POST",
        json: { name: `kyc-${permissions.join("-")}`, permissions },
      });
      expect(response.status).toBe(201);
      const created = await response.json();
      return `Basic ${Buffer.from(`${created.clientId}:${created.clientSecret}`).toString("base64")}`;
    };
    const path = "/customers/kyc-link?platformCustomerId=token-user";
    for (const permissions of [["VIEW"], ["VIEW", "TRANSACT"]]) {
      const refused = await service.api(path, { headers: { authorization: await token(permissions) } });
      expect(refused.status, JSON.stringify(permissions)).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: "FORBIDDEN",
        details: { requiredPermission: "MANAGE" },
      });
    }
    const allowed = await service.api(path, { headers: { authorization: await token(["MANAGE"]) } });
    expect(allowed.status).toBe(200);
    expect(customerKycLinkSchema.parse(await allowed.json()).platformCustomerId).toBe("token-user");
  });

  it("GET /customers/kyc-link refuses a wrong credential with 401", async () => {
    const response = await service.api("/customers/kyc-link?platformCustomerId=a", {
      headers: { authorization: wrongCredential },
    });
    expect(response.status).toBe(401);
  });

  it("serves an accessible form without the API credential, escaping what it shows", async () => {
    const link = await kycLink(service, { platformCustomerId: `<b>"Eve" & co</b>` });
    const response = await fetch(link.kycUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("&lt;b&gt;&quot;Eve&quot; &amp; co&lt;/b&gt;");
    expect(html).not.toContain('<b>"Eve"');
    expectEveryInputLabelled(html);
    expect(html).toMatch(/<button[^>]*value="complete"[^>]*>Complete verification<\/button>/);
    expect(html).toMatch(/<button[^>]*value="fail"[^>]*>Fail verification<\/button>/);
  });

  it("answers an unknown token with a 404 page", async () => {
    const response = await fetch(`${service.origin}/hosted/kyc/no-such-token`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Verification link not found");
  });

  it("completing creates the APPROVED customer, redirects with the outcome, and sends a signed KYC_STATUS", async () => {
    const link = await kycLink(service, {
      platformCustomerId: "user-approved",
      redirectUri: "https://platform.example/kyc/done?session=abc",
    });
    const response = await submit(link.kycUrl, { ...person, action: "complete" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe("https://platform.example/kyc/done");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      session: "abc",
      platformCustomerId: "user-approved",
      status: "APPROVED",
    });

    const customer = await (await service.api("/customers/user-approved")).json();
    expect(customer).toMatchObject({
      platformCustomerId: "user-approved",
      customerType: "INDIVIDUAL",
      kycStatus: "APPROVED",
      fullName: "Zoë Ångström",
      birthDate: "1991-07-14",
      nationality: "SE",
      address: { line1: "Drottninggatan 1", city: "Stockholm", postalCode: "111 51", country: "SE" },
      umaAddress: expect.stringMatching(/^\$user-approved-[0-9a-f]+@uma\.localhost$/),
    });
    const accounts = await (
      await service.api(`/customers/internal-accounts?customerId=${customer.id}`)
    ).json();
    expect(accounts.totalCount).toBe(1);

    const webhook = await receiver.waitFor(
      (w) => w.body.type === "KYC_STATUS" && w.body.platformCustomerId === "user-approved",
    );
    expect(webhook.body).toMatchObject({
      webhookId: expect.stringMatching(/^Webhook:/),
      type: "KYC_STATUS",
      customerId: customer.id,
      kycStatus: "APPROVED",
      platformCustomerId: "user-approved",
    });
    const { s } = JSON.parse(String(webhook.headers["x-service-signature"])) as { s: string };
    const verified = createVerify("sha256")
      .update(webhook.rawBody)
      .verify({ key: publicKey, dsaEncoding: "der" }, Buffer.from(s, "base64"));
    expect(verified).toBe(true);
  });

  it("the link works once: a second submit or visit is a 410 page and creates nothing", async () => {
    const link = await kycLink(service, { platformCustomerId: "user-once" });
    const first = await submit(link.kycUrl, { ...person, action: "complete" });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Verification complete");
    const before = await countCustomers(service);
    const again = await submit(link.kycUrl, { ...person, action: "complete" });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("already been used");
    const visit = await fetch(link.kycUrl);
    expect(visit.status).toBe(410);
    expect(await countCustomers(service)).toBe(before);
  });

  it("of simultaneous submits of one link exactly one creates a customer", async () => {
    const link = await kycLink(service, {
      platformCustomerId: "user-race",
      redirectUri: "https://p.example/r",
    });
    const before = await countCustomers(service);
    const statuses = (
      await Promise.all(
        Array.from({ length: 6 }, () => submit(link.kycUrl, { ...person, action: "complete" })),
      )
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(5);
    expect(await countCustomers(service)).toBe(before + 1);
  });

  it("re-renders the form with every error marked and the values kept, using up nothing", async () => {
    const link = await kycLink(service, { platformCustomerId: "user-typo" });
    const before = await countCustomers(service);
    const response = await submit(link.kycUrl, {
      ...person,
      fullName: 'R2-D2 <img src=x onerror="alert(1)">',
      birthDate: "1991-02-30",
      country: "",
      action: "complete",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    for (const id of ["fullName", "birthDate", "country"]) {
      expect(html).toMatch(
        new RegExp(`id="${id}"[^>]*aria-describedby="[^"]*${id}-error"[^>]*aria-invalid="true"`),
      );
    }
    expect(html).not.toMatch(/id="city"[^>]*aria-invalid/);
    expect(html).toContain("Must be a real date in YYYY-MM-DD form");
    expect(html).toContain('value="R2-D2 &lt;img src=x onerror=&quot;alert(1)&quot;&gt;"');
    expect(html).not.toContain("<img");
    expect(html).toContain('value="Stockholm"');
    expectEveryInputLabelled(html);
    expect(await countCustomers(service)).toBe(before);

    const fixed = await submit(link.kycUrl, { ...person, action: "complete" });
    expect(fixed.status).toBe(200);
    expect(await countCustomers(service)).toBe(before + 1);
  });

  it("requires the details a verification needs, per customer type", async () => {
    const link = await kycLink(service, { platformCustomerId: "user-empty" });
    const individual = await submit(link.kycUrl, { customerType: "INDIVIDUAL", action: "complete" });
    expect(individual.status).toBe(400);
    const html = await individual.text();
    for (const id of ["fullName", "birthDate", "nationality", "line1", "postalCode", "country"]) {
      expect(html, id).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true"`));
    }
    // An address's city is optional (api-notes §8).
    expect(html).not.toMatch(/id="city"[^>]*aria-invalid/);
    const business = await submit(link.kycUrl, { customerType: "BUSINESS", action: "complete" });
    expect(business.status).toBe(400);
    expect(await business.text()).toMatch(/id="legalName"[^>]*aria-invalid="true"/);
    const noAction = await submit(link.kycUrl, person);
    expect(noAction.status).toBe(400);
  });

  it("verifies a business", async () => {
    const link = await kycLink(service, { platformCustomerId: "biz-kyc" });
    const response = await submit(link.kycUrl, {
      customerType: "BUSINESS",
      legalName: "Acme Widgets AB",
      taxId: "SE556677889901",
      fullName: "ignored for a business",
      line1: "Storgatan 2",
      city: "Malmö",
      postalCode: "211 34",
      country: "SE",
      action: "complete",
    });
    expect(response.status).toBe(200);
    const customer = await (await service.api("/customers/biz-kyc")).json();
    expect(customer).toMatchObject({
      customerType: "BUSINESS",
      kycStatus: "APPROVED",
      businessInfo: { legalName: "Acme Widgets AB", taxId: "SE556677889901" },
    });
    expect(customer).not.toHaveProperty("fullName");
  });

  it("failing records the customer REJECTED without personal data and sends KYC_STATUS REJECTED", async () => {
    const link = await kycLink(service, {
      platformCustomerId: "user-rejected",
      redirectUri: "http://localhost:3000/back",
    });
    const response = await submit(link.kycUrl, { ...person, birthDate: "not a date", action: "fail" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("status")).toBe("REJECTED");
    const customer = await (await service.api("/customers/user-rejected")).json();
    expect(customer).toMatchObject({ kycStatus: "REJECTED", customerType: "INDIVIDUAL" });
    expect(customer).not.toHaveProperty("fullName");
    const webhook = await receiver.waitFor(
      (w) => w.body.type === "KYC_STATUS" && w.body.platformCustomerId === "user-rejected",
    );
    expect(webhook.body).toMatchObject({ customerId: customer.id, kycStatus: "REJECTED" });
    expect((await fetch(link.kycUrl)).status).toBe(410);
  });

  it("personal information cannot change after creation; the rest can", async () => {
    const link = await kycLink(service, { platformCustomerId: "user-fixed" });
    expect((await submit(link.kycUrl, { ...person, action: "complete" })).status).toBe(200);
    const customer = await (await service.api("/customers/user-fixed")).json();
    const patch = (json: Json) => service.api(`/customers/${customer.id}`, { method: "PATCH", json });

    const renamed = await patch({
      customerType: "INDIVIDUAL",
      fullName: "Someone Else",
      birthDate: "1991-07-14",
    });
    expect(renamed.status).toBe(400);
    const error = await renamed.json();
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.details.fields).toEqual([{ path: "fullName", message: "Cannot change after creation" }]);

    const moved = await patch({
      customerType: "INDIVIDUAL",
      address: { ...customer.address, line1: "Elsewhere 9" },
    });
    expect(moved.status).toBe(400);
    expect((await moved.json()).details.fields.map((field: Json) => field.path)).toEqual(["address"]);
    const withNationality = await patch({ customerType: "INDIVIDUAL", nationality: "NO" });
    expect(withNationality.status).toBe(400);
    expect(await (await service.api(`/customers/${customer.id}`)).json()).toEqual(customer);

    const same = await patch({
      customerType: "INDIVIDUAL",
      fullName: customer.fullName,
      address: customer.address,
    });
    expect(same.status).toBe(200);
    const newUma = await patch({
      customerType: "INDIVIDUAL",
      umaAddress: "$zoe@uma.localhost",
      bankAccountInfo: { accountType: "IBAN", iban: "SE4550000000058398257466", bankName: "SEB" },
    });
    expect(newUma.status).toBe(200);
    expect((await newUma.json()).umaAddress).toBe("$zoe@uma.localhost");
  });

  it("a link expires after 15 minutes of the service's clock", async () => {
    const link = await kycLink(service, { platformCustomerId: "user-late" });
    await advanceClock(service, 14 * 60);
    expect((await fetch(link.kycUrl)).status).toBe(200);
    await advanceClock(service, 61);
    const visit = await fetch(link.kycUrl);
    expect(visit.status).toBe(410);
    expect(await visit.text()).toContain("expired");
    const before = await countCustomers(service);
    const late = await submit(link.kycUrl, { ...person, action: "complete" });
    expect(late.status).toBe(410);
    expect(await countCustomers(service)).toBe(before);
    const fresh = await kycLink(service, { platformCustomerId: "user-late" });
    expect((await fetch(fresh.kycUrl)).status).toBe(200);
  });
});

describe("regulated platform: the KYC link still works", () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service.close();
  });

  it("creates an APPROVED customer, checking the currencies' required fields", async () => {
    const link = await kycLink(service, { platformCustomerId: "regulated-kyc" });
    const response = await submit(link.kycUrl, { ...person, action: "complete" });
    expect(response.status).toBe(200);
    const customer = await (await service.api("/customers/regulated-kyc")).json();
    expect(customer.kycStatus).toBe("APPROVED");
  });
});
