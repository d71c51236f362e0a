import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./free-port";
import { describeHealth, HealthMonitor } from "./health-monitor";

/** Answers each path with the status and body the test set for it. */
const answers = new Map<string, { status: number; body: unknown }>();
const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? "") ?? { status: 404, body: {} };
  response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
});
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("describeHealth", () => {
  it("names what is down, as the readiness answer says", async () => {
    answers.set("/ok", { status: 200, body: { status: "ok", checks: { database: "ok", paymentApi: "ok" } } });
    answers.set("/down", {
      status: 503,
      body: { status: "unavailable", checks: { database: "ok", paymentApi: "down" } },
    });
    answers.set("/both", {
      status: 503,
      body: { status: "unavailable", checks: { database: "down", paymentApi: "refused" } },
    });
    expect(await describeHealth(`${origin}/ok`)).toBe("ready");
    expect(await describeHealth(`${origin}/down`)).toBe("not ready (payment API down)");
    expect(await describeHealth(`${origin}/both`)).toBe("not ready (database down, payment API refused)");
    expect(await describeHealth(`${origin}/missing`)).toBe("not ready (HTTP 404)");
    expect(await describeHealth(`http://127.0.0.1:${await freePort()}/`)).toBe("not answering");
  });
});

describe("HealthMonitor", () => {
  it("says when a part becomes unhealthy and when it is ready again, once each", async () => {
    const lines: string[] = [];
    answers.set("/service", { status: 200, body: { status: "ok", checks: { database: "ok" } } });
    const monitor = new HealthMonitor(
      () => [{ name: "service", url: `${origin}/service` }],
      (line) => lines.push(line),
    );
    await monitor.poll();
    answers.set("/service", { status: 503, body: { status: "unavailable", checks: { database: "down" } } });
    await monitor.poll();
    await monitor.poll();
    answers.set("/service", { status: 200, body: { status: "ok", checks: { database: "ok" } } });
    await monitor.poll();
    expect(lines).toEqual(["service is not ready (database down)", "service is ready again"]);
  });
});
