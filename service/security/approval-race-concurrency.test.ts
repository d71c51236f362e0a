import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceDecisionsInWaves } from "../test-support/approval-race";
import { checkLedger } from "../test-support/ledger-invariants";
import { balanceOf } from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import { type MoneyWorld, prepareMoneyWorld, randomSource } from "./support/money-world";

/**
 * Decisions under concurrency, over HTTP against the real service and PostgreSQL: of many approve and reject calls
 * at once on a payment, exactly one decides it, and the receiver is credited once for each approved payment. Its
 * own file (and service) beside money-concurrency.test.ts, so the two minute-long runs share the workers.
 */

const seed = Number(process.env.SECURITY_SEED ?? Math.floor(Math.random() * 1_000_000_000));

let service: TestService;
let world: MoneyWorld;

beforeAll(async () => {
  service = await startTestService();
  world = await prepareMoneyWorld(service, { customers: 0, spare: 1 });
});
afterAll(async () => {
  await service?.close();
});

describe(`decisions under concurrency (seed ${seed})`, () => {
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
    // About 30 s alone on two cores; beside the whole unit run's other services it once took over 120 s. The bound
    // is for a hang, not a speed target.
  }, 300_000);
});
