import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../test-support/service";
import { seedDemo, seedDemoPendingPayment } from "./demo";

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

describe("the demo seed", () => {
  it("creates the demo platform once, through the API's own rules", async () => {
    expect(await seedDemo(service.context, { webhookEndpoint: "http://127.0.0.1:1/api/webhooks" })).toBe(
      true,
    );
    expect(await seedDemo(service.context, { webhookEndpoint: "http://127.0.0.1:1/api/webhooks" })).toBe(
      false,
    );

    const config = await (await service.api("/config")).json();
    expect(config.umaDomain).toBe("demo.uma.localhost");

    const customers = await (await service.api("/customers?limit=100")).json();
    expect(customers.totalCount).toBe(3);
    expect(new Set(customers.data.map((c: { customerType: string }) => c.customerType))).toEqual(
      new Set(["INDIVIDUAL", "BUSINESS"]),
    );

    const accounts = await (await service.api("/customers/internal-accounts?limit=100")).json();
    const funded = accounts.data.filter((a: { balance: { amount: number } }) => a.balance.amount > 0);
    expect(funded.length).toBeGreaterThanOrEqual(3);

    const completed = await (await service.api("/transactions?status=COMPLETED&limit=100")).json();
    const currencies = new Set(
      completed.data.map(
        (t: { receivedAmount?: { currency: { code: string } }; destination: { currency?: string } }) =>
          t.receivedAmount?.currency.code ?? t.destination.currency,
      ),
    );
    expect(completed.data.length).toBeGreaterThanOrEqual(4);
    expect(currencies.size).toBeGreaterThanOrEqual(2);
  });

  it("adds one incoming payment waiting for approval", async () => {
    await seedDemoPendingPayment(service.context);
    const pending = await (await service.api("/transactions?status=PENDING&type=INCOMING")).json();
    expect(pending.data).toHaveLength(1);
    expect(pending.data[0].platformCustomerId).toBe("user-1002");
  });
});
