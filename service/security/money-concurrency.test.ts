import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceDecisionsInWaves } from "../test-support/approval-race";
import { checkLedger } from "../test-support/ledger-invariants";
import { balanceOf } from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import {
  ackViolations,
  type MoneyWorld,
  newAcks,
  newStats,
  prepareMoneyWorld,
  randomSource,
  runLoad,
  watchBalances,
} from "./support/money-world";

/**
 * Money under concurrency, over HTTP against the real service and PostgreSQL: many clients at once never make a
 * balance negative, never create or lose money, never leave a movement unbalanced, and never decide one
 * payment twice. scripts/security-long.ts runs larger sizes.
 */

const seed = Number(process.env.SECURITY_SEED ?? Math.floor(Math.random() * 1_000_000_000));

let service: TestService;
let world: MoneyWorld;

beforeAll(async () => {
  service = await startTestService();
  world = await prepareMoneyWorld(service, { customers: 8, spare: 1 });
});
afterAll(async () => {
  await service?.close();
});

describe(`money under concurrency (seed ${seed})`, () => {
  it("keeps every invariant through 2,000 random operations from 32 concurrent clients", async () => {
    const pool = service.context.db.pool;
    const acks = newAcks();
    const stats = newStats();
    const watch = watchBalances(pool);
    await runLoad(service, world, { clients: 32, operations: 2_000, seed }, acks, stats);
    const { lowest, samples } = await watch.stop();

    expect(stats.problems).toEqual([]);
    expect(stats.inDoubt).toBe(0);
    expect(stats.operations).toBe(2_000);
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

  it("lets exactly one of 60 concurrent approve and reject calls decide each of 100 payments", async () => {
    // A customer the load never touched: its delayed transfers cannot settle during the race.
    const receiver = world.spare[0];
    if (!receiver) throw new Error("no customer");
    const account = receiver.accounts.USD;
    const random = randomSource(seed);
    const before = await balanceOf(service, account);
    // Five payments at a time: 300 requests in flight.
    const race = await raceDecisionsInWaves(service, service.context.db, {
      customerId: receiver.id,
      accountId: account,
      payments: 100,
      random,
    });
    expect(race.violations).toEqual([]);
    expect((race.statuses.COMPLETED ?? 0) + (race.statuses.REJECTED ?? 0)).toBe(100);
    expect(await balanceOf(service, account)).toBe(before + race.completedAmount);
    expect((await checkLedger(service.context.db)).violations).toEqual([]);
  }, 120_000);
});
