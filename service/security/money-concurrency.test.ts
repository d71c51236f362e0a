import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../test-support/ledger-invariants";
import { startTestService, type TestService } from "../test-support/service";
import {
  ackViolations,
  type MoneyWorld,
  newAcks,
  newStats,
  prepareMoneyWorld,
  runLoad,
  watchBalances,
} from "./support/money-world";

/**
 * Money under concurrency, over HTTP against the real service and PostgreSQL: many clients at once never make a
 * balance negative, never create or lose money, never leave a movement unbalanced, and never decide one
 * payment twice (approval-race-concurrency.test.ts, a file of its own so the two run on separate workers).
 * scripts/security-long.ts runs larger sizes (10,000 operations by default); 1,200 here keep every kind of operation
 * in play many times over at a third less of the unit stage's CPU than 2,000.
 */

const seed = Number(process.env.SECURITY_SEED ?? Math.floor(Math.random() * 1_000_000_000));

let service: TestService;
let world: MoneyWorld;

beforeAll(async () => {
  service = await startTestService();
  world = await prepareMoneyWorld(service, { customers: 8 });
});
afterAll(async () => {
  await service?.close();
});

describe(`money under concurrency (seed ${seed})`, () => {
  it("keeps every invariant through 1,200 random operations from 32 concurrent clients", async () => {
    const pool = service.context.db.pool;
    const acks = newAcks();
    const stats = newStats();
    const watch = watchBalances(pool);
    await runLoad(service, world, { clients: 32, operations: 1_200, seed }, acks, stats);
    const { lowest, samples } = await watch.stop();

    expect(stats.problems).toEqual([]);
    expect(stats.inDoubt).toBe(0);
    expect(stats.operations).toBe(1_200);
    expect(samples).toBeGreaterThan(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const ledger = await checkLedger(service.context.db);
    expect(ledger.violations).toEqual([]);
    expect(await ackViolations(pool, acks)).toEqual([]);
    // The load really moved money both ways in every currency.
    for (const totals of Object.values(ledger.totals)) {
      expect(totals.internal).toBeGreaterThan(0);
      expect(Object.keys(totals.fromOutside).length).toBeGreaterThanOrEqual(2);
    }
    expect(acks.decisions.size).toBeGreaterThan(0);
  }, 120_000);
});
