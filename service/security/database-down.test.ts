import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test-support/database";
import { eventually } from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import { DatabaseGate } from "./support/database-gate";

/**
 * Fail closed, and say so: while the service's PostgreSQL is down, every request is answered 503 UNAVAILABLE in
 * the API's error shape (a client may try again), never a 500; once it is back, the service serves again without
 * a restart. The database is taken away by a relay in front of it (support/database-gate.ts).
 */

const REQUESTS: { method: string; path: string; json?: unknown }[] = [
  { method: "GET", path: "/config" },
  { method: "GET", path: "/customers" },
  { method: "GET", path: "/customers/Customer:00000000-0000-4000-8000-000000000000" },
  { method: "GET", path: "/transactions?limit=5" },
  {
    method: "POST",
    path: "/customers",
    json: { platformCustomerId: "down-1", customerType: "INDIVIDUAL", umaAddress: "$down@uma.localhost" },
  },
  { method: "PATCH", path: "/config", json: { umaDomain: "down.example" } },
];

let service: TestService;
let gate: DatabaseGate;

beforeAll(async () => {
  const direct = new URL(await createTestDatabase("database_down"));
  gate = new DatabaseGate({ host: direct.hostname, port: Number(direct.port) });
  const relayed = new URL(direct);
  relayed.port = String(await gate.open());
  // No job worker: its own connections would only log their failures while the database is away.
  service = await startTestService({ databaseUrl: relayed.href }, { worker: false });
});
afterAll(async () => {
  await gate?.open().catch(() => undefined);
  await service?.close();
  await gate?.shut();
});

async function answers() {
  const out: { request: string; status: number; body: unknown }[] = [];
  for (const request of REQUESTS) {
    const response = await service.api(request.path, {
      method: request.method,
      ...(request.json !== undefined ? { json: request.json } : {}),
    });
    out.push({
      request: `${request.method} ${request.path}`,
      status: response.status,
      body: await response.json(),
    });
  }
  return out;
}

describe("the service's database is down", () => {
  it("answers 503 UNAVAILABLE in the API's error shape, never 500, and serves again once it is back", async () => {
    expect((await service.api("/config")).status).toBe(200);

    await gate.shut();
    for (const answer of await answers()) {
      expect(answer, answer.request).toEqual({
        request: answer.request,
        status: 503,
        body: { status: 503, code: "UNAVAILABLE", message: expect.any(String) },
      });
    }
    const health = await fetch(`${service.origin}/_local/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 503, code: "UNAVAILABLE" });
    const ready = await fetch(`${service.origin}/_local/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", checks: { database: "down" } });
    expect((await fetch(`${service.origin}/_local/health/live`)).status).toBe(200);

    await gate.open();
    await eventually(async () => ((await service.api("/config")).status === 200 ? true : undefined));
    const customers = await service.api("/customers");
    expect(customers.status).toBe(200);
  });
});
