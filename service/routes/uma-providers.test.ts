import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { umaProviderListSchema } from "../../shared/contract";
import { getJson } from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

type Provider = { name: string; domain: string; allowListStatus: boolean; supportedRegions: string[] };
const names = (body: { data: Provider[] }) => body.data.map((provider) => provider.name);

describe("GET /uma-providers", () => {
  it("lists providers by name with their regions, currencies and allow-list status, blocked ones included", async () => {
    const { status, body } = await getJson(service, "/uma-providers");
    expect(status).toBe(200);
    expect(umaProviderListSchema.parse(body)).toBeTruthy();
    expect(names(body)).toEqual([...names(body)].sort((a, b) => a.localeCompare(b, "en")));
    expect(body.data.some((provider: Provider) => !provider.allowListStatus)).toBe(true);
    expect(body.data.find((provider: Provider) => provider.domain === "sandbox.uma.money")).toMatchObject({
      allowListStatus: true,
      supportedCurrencies: expect.arrayContaining([expect.objectContaining({ code: "USD", decimals: 2 })]),
    });
    expect(body.totalCount).toBe(body.data.length);
  });

  it("filters by country, currency and allow-list status, and sorts either way", async () => {
    const mexico = (await getJson(service, "/uma-providers?countryCode=MX")).body;
    expect(mexico.data.every((provider: Provider) => provider.supportedRegions.includes("MX"))).toBe(true);
    const rupees = (await getJson(service, "/uma-providers?currencyCode=INR")).body;
    expect(names(rupees)).toEqual(["Udaharan Payments"]);
    const allowed = (await getJson(service, "/uma-providers?hasBlockedProviders=false")).body;
    expect(allowed.data.every((provider: Provider) => provider.allowListStatus)).toBe(true);
    const all = (await getJson(service, "/uma-providers")).body;
    expect(allowed.totalCount).toBeLessThan(all.totalCount);
    const descending = (await getJson(service, "/uma-providers?sortOrder=desc")).body;
    expect(names(descending)).toEqual([...names(all)].reverse());
  });

  it("pages with an opaque cursor, and refuses a foreign cursor and unknown filters with 400", async () => {
    const first = (await getJson(service, "/uma-providers?limit=3")).body;
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const second = (await getJson(service, `/uma-providers?limit=3&cursor=${first.nextCursor}`)).body;
    const all = (await getJson(service, "/uma-providers")).body;
    expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 6));
    expect((await getJson(service, "/uma-providers?cursor=bm9wZQ")).status).toBe(400);
    expect((await getJson(service, "/uma-providers?countryCode=Mexico")).status).toBe(400);
    expect((await getJson(service, "/uma-providers?blocked=true")).status).toBe(400);
  });
});
