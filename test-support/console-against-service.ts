import { afterAll, beforeAll } from "vitest";
import type { ConsoleDatabase } from "../lib/server/db/client";
import { useConsoleTestDatabase } from "../lib/server/db/test-database";
import { configurePlatform } from "../service/test-support/payment-fixtures";
import { startTestService, type TestService } from "../service/test-support/service";

/** A real payment service and the console's database pointed at it, set once the file's `beforeAll` ran. */
export interface ConsoleAgainstService {
  service: TestService;
  db: ConsoleDatabase;
}

/**
 * For a test file of the console's (lib/server/) that runs its server code against a real payment service (here, in
 * neither program: test support may drive both, and neither program's code may import the other; see
 * shared/boundaries.test.ts and service/structure.test.ts): before its tests, a service
 * of its own (no worker) whose platform takes USD, a fresh console database named `label` whose environment names
 * that service's sandbox credential (useConsoleTestDatabase), then `setUp`, then the screening lists of `listsDir`
 * loaded; after them, all of it closed. Registers the hooks itself; the answer is filled when they run.
 */
export function consoleAgainstService(
  label: string,
  options: {
    /** SCREENING_LISTS_DIR, loaded before the tests (e.g. unListOnlyDir()). */
    listsDir?: string;
    /** More of the console's environment. */
    env?: Record<string, string>;
    /** Rows the tests start from (a policy in force, a threshold), written before the lists load. */
    setUp?: (db: ConsoleDatabase) => Promise<unknown>;
  } = {},
): ConsoleAgainstService {
  const world = {} as ConsoleAgainstService;
  const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
  beforeAll(async () => {
    world.service = await startTestService({}, { worker: false });
    await configurePlatform(world.service, { currencies: [{ currencyCode: "USD" }] });
    ({ db: world.db } = await useConsoleTestDatabase(label, {
      PAYMENT_API_BASE_URL: world.service.baseUrl,
      PAYMENT_API_TOKEN_ID: "test_token",
      PAYMENT_API_CLIENT_SECRET: "test_secret_0123456789",
      ...(options.listsDir ? { SCREENING_LISTS_DIR: options.listsDir } : {}),
      ...options.env,
    }));
    await options.setUp?.(world.db);
    if (options.listsDir) {
      const { listsInUse } = await import("../lib/server/screening/lists-in-use");
      await listsInUse();
    }
  }, 120_000);
  afterAll(async () => {
    holder.__consoleDatabase = undefined;
    await world.db?.pool.end();
    await world.service?.close();
  });
  return world;
}
