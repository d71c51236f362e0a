import "server-only";
import { afterAll, beforeAll } from "vitest";
import { configurePlatform } from "../../../service/test-support/payment-fixtures";
import { startTestService, type TestService } from "../../../service/test-support/service";
import type { ConsoleDatabase } from "./client";
import { useConsoleTestDatabase } from "./test-database";

/** The console's code, once `beforeAll` has run: a real payment service (USD only) and a console database for it. */
export interface ConsoleBesideService {
  service: TestService;
  db: ConsoleDatabase;
}

/**
 * For a test file whose console code calls a real payment service: starts one (its platform set to USD), a console
 * database named `name` pointed at it with the service's credential and `settings`, and the lists in use read from
 * SCREENING_LISTS_DIR (give it one); closes both after the file's tests. Filled in by the file's first `beforeAll`.
 */
export function startConsoleBesideService(
  name: string,
  settings: Record<string, string>,
): ConsoleBesideService {
  const context = {} as ConsoleBesideService;
  beforeAll(async () => {
    context.service = await startTestService({}, { worker: false });
    await configurePlatform(context.service, { currencies: [{ currencyCode: "USD" }] });
    ({ db: context.db } = await useConsoleTestDatabase(name, {
      PAYMENT_API_BASE_URL: context.service.baseUrl,
      PAYMENT_API_TOKEN_ID: "test_token",
      PAYMENT_API_CLIENT_SECRET: "test_secret_0123456789",
      ...settings,
    }));
    const { listsInUse } = await import("../screening/lists-in-use");
    await listsInUse();
  }, 120_000);
  afterAll(async () => {
    (globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase }).__consoleDatabase = undefined;
    await context.db?.pool.end();
    await context.service?.close();
  });
  return context;
}
