import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../test-support/service";
import {
  FUZZ_SERVICE_CONFIG,
  type FuzzCount,
  type FuzzTarget,
  fuzzMethods,
  fuzzRoute,
  fuzzSandboxSpellings,
  fuzzWire,
  prepareFuzzTarget,
} from "./support/fuzz-run";
import { discoverServiceRoutes, routesOf } from "./support/routes";

/**
 * Service fuzzing: every route the app registers (found by reading the app, so a new route is attacked without
 * editing this file) gets malformed requests. Never a 5xx; every refusal a 4xx in the API's error shape; and
 * after every single request the database is exactly as before (row counts and full contents of every table,
 * job queue included). scripts/security-long.ts runs the same with many more requests.
 */

const RUNS_PER_ROUTE = 25;
const routes = await discoverServiceRoutes();

let service: TestService;
let target: FuzzTarget;
const count: FuzzCount = { requests: 0 };

beforeAll(async () => {
  service = await startTestService(FUZZ_SERVICE_CONFIG);
  target = await prepareFuzzTarget(service);
});
afterAll(async () => {
  await service?.close();
});

describe("service fuzzing", () => {
  it("covers every route of the running app", () => {
    const running = routesOf(service.app).map((route) => `${route.method} ${route.url}`);
    expect(running.sort()).toEqual(routes.map((route) => `${route.method} ${route.url}`).sort());
  });

  it.for(routes)(
    "$method $url refuses malformed requests in the API's shape and changes nothing",
    { timeout: 60_000 },
    async (route) => {
      await fuzzRoute(target, route, { numRuns: RUNS_PER_ROUTE }, count);
    },
  );

  it("answers methods a path does not have with 405 in the API's shape", async () => {
    expect(await fuzzMethods(target, routes, count)).toEqual([]);
  }, 60_000);

  it("answers requests broken at the HTTP level in the API's shape", async () => {
    await fuzzWire(target, routes, { numRuns: 60 }, count);
  }, 60_000);

  it("refuses sandbox endpoints to a production credential however the path is spelled", async () => {
    await fuzzSandboxSpellings(target, routes, { numRuns: 40 }, count);
  }, 60_000);
});
