import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

type Json = Record<string, unknown>;

async function createCustomer(platformCustomerId: string, umaAddress: string): Promise<Json> {
  const response = await service.api("/customers", {
    method: "POST",
    json: { platformCustomerId, customerType: "INDIVIDUAL", umaAddress },
  });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return response.json();
}

const patchDomain = (umaDomain: string) => service.api("/config", { method: "PATCH", json: { umaDomain } });
const customer = async (id: unknown): Promise<Json> => (await service.api(`/customers/${String(id)}`)).json();

describe("PATCH /config with a new umaDomain", () => {
  it("moves every live customer's UMA address to the new domain, keeping the username", async () => {
    const ana = await createCustomer("move-ana", "$ana@uma.localhost");
    const ben = await createCustomer("move-ben", "$ben.b+pay@uma.localhost");
    const gone = await createCustomer("move-gone", "$gone@uma.localhost");
    expect((await service.api(`/customers/${gone.id}`, { method: "DELETE" })).status).toBe(200);

    const response = await patchDomain("Pay.Example.com");
    expect(response.status).toBe(200);
    expect((await response.json()).umaDomain).toBe("pay.example.com");

    expect((await customer(ana.id)).umaAddress).toBe("$ana@pay.example.com");
    expect((await customer(ben.id)).umaAddress).toBe("$ben.b+pay@pay.example.com");
    // A deleted customer keeps the address it had, in its history.
    expect((await customer(gone.id)).umaAddress).toBe("$gone@uma.localhost");
    // Found by the new address, not by the old one.
    const byNew = await (await service.api("/customers?umaAddress=%24ana%40pay.example.com")).json();
    expect(byNew.data.map((c: Json) => c.id)).toEqual([ana.id]);
    const byOld = await (await service.api("/customers?umaAddress=%24ana%40uma.localhost")).json();
    expect(byOld.data).toEqual([]);
    // New customers are created on the new domain too.
    const cara = await createCustomer("move-cara", "$cara@pay.example.com");
    expect(cara.umaAddress).toBe("$cara@pay.example.com");
  });

  it("refuses a move that would give two customers one address with 409, changing nothing", async () => {
    const first = await createCustomer("clash-1", "$clash@pay.example.com");
    const second = await createCustomer("clash-2", "$clash-2@pay.example.com");
    // An address left on an older domain (by a service that did not move addresses) with the same username.
    await service.context.db.execute(
      sql`update customers set uma_address = '$clash@old.example.com' where id = ${second.id as string}`,
    );

    const response = await patchDomain("new.example.com");
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body).toMatchObject({
      status: 409,
      code: "UMA_ADDRESS_EXISTS",
      details: {
        fields: [{ path: "umaDomain", message: expect.any(String) }],
        conflicts: [
          {
            umaAddress: "$clash@new.example.com",
            currentUmaAddresses: ["$clash@pay.example.com", "$clash@old.example.com"],
            customerIds: [first.id, second.id],
          },
        ],
      },
    });
    expect(body.message).toContain("$clash@new.example.com");

    // Atomic: neither the domain nor any address changed.
    expect((await (await service.api("/config")).json()).umaDomain).toBe("pay.example.com");
    expect((await customer(first.id)).umaAddress).toBe("$clash@pay.example.com");
    expect((await customer(second.id)).umaAddress).toBe("$clash@old.example.com");
  });

  it("moves an address left on an older domain when the same domain is saved again", async () => {
    const straggler = await createCustomer("straggler", "$straggler@pay.example.com");
    await service.context.db.execute(
      sql`update customers set uma_address = '$straggler@old.example.com' where id = ${straggler.id as string}`,
    );
    // Resolve the earlier clash so the move can go ahead: a deleted customer's address stays where it is.
    const clash = await (await service.api("/customers?platformCustomerId=clash-2")).json();
    expect((await service.api(`/customers/${clash.data[0].id}`, { method: "DELETE" })).status).toBe(200);
    expect((await patchDomain("pay.example.com")).status).toBe(200);
    expect((await customer(straggler.id)).umaAddress).toBe("$straggler@pay.example.com");
  });
});
