import { eq } from "drizzle-orm";
import type { ServiceDatabase } from "../db/client";
import { ledgerEntries } from "../db/schema";
import { getJson, postJson } from "./payment-fixtures";
import type { ServiceApi } from "./service";

export interface DecisionRace {
  transactionId: string;
  /** COMPLETED or REJECTED when exactly one decision won. */
  finalStatus: string | undefined;
  /** Empty when the race ended as it must; one line per problem otherwise. */
  violations: string[];
}

/**
 * Receives one sandbox payment for `customerId` and sends every decision at once (true = approve, false =
 * reject). Exactly one may win with 200; every other gets 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL; the
 * winner's status is the payment's; a COMPLETED payment is credited to `accountId` exactly once, a REJECTED one
 * never.
 */
export async function raceDecisions(
  api: ServiceApi,
  db: ServiceDatabase,
  options: { customerId: string; accountId: string; amount: number; decisions: boolean[] },
): Promise<DecisionRace> {
  const received = await postJson(api, "/sandbox/uma/receive", {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: options.amount,
    customerId: options.customerId,
  });
  const id = String(received.body.id);
  const violations: string[] = [];
  if (received.status !== 200 || received.body.status !== "PENDING") {
    return {
      transactionId: id,
      finalStatus: undefined,
      violations: [`receive answered ${received.status}: ${JSON.stringify(received.body)}`],
    };
  }
  const results = await Promise.all(
    options.decisions.map((approve) =>
      approve
        ? postJson(api, `/transactions/${id}/approve`, {
            receiverCustomerInfo: { FULL_NAME: "Receiving Person" },
          })
        : postJson(api, `/transactions/${id}/reject`, { reason: "race" }),
    ),
  );
  const winners = results.filter((r) => r.status === 200);
  if (winners.length !== 1) violations.push(`${id}: ${winners.length} decisions won`);
  for (const loser of results.filter((r) => r.status !== 200)) {
    if (loser.status !== 409 || loser.body.code !== "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL") {
      violations.push(`${id}: a losing decision answered ${loser.status} ${JSON.stringify(loser.body)}`);
    }
  }
  const finalStatus = winners.length === 1 ? String(winners[0]?.body.status) : undefined;
  const stored = await getJson(api, `/transactions/${id}`);
  if (finalStatus !== undefined && stored.body.status !== finalStatus) {
    violations.push(`${id}: the winner answered ${finalStatus}, the payment is ${stored.body.status}`);
  }
  const credits = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, id)))
    .filter((entry) => entry.account === options.accountId)
    .map((entry) => entry.amount);
  if (finalStatus === "COMPLETED") {
    if (credits.length !== 1 || credits[0] !== options.amount) {
      violations.push(`${id}: COMPLETED but credited ${JSON.stringify(credits)} for ${options.amount}`);
    }
  } else if (finalStatus === "REJECTED") {
    if (credits.length > 0) violations.push(`${id}: REJECTED but credited ${JSON.stringify(credits)}`);
  } else if (finalStatus !== undefined) {
    violations.push(`${id}: the winning decision left it ${finalStatus}`);
  }
  return { transactionId: id, finalStatus, violations };
}

export interface RaceWaves {
  /** Payments that ended COMPLETED or REJECTED by exactly one decision. */
  decided: number;
  /** How many ended with each final status ("undefined" when no decision won). */
  statuses: Record<string, number>;
  /** The sum of the COMPLETED payments' amounts: what the receiving account must have gained. */
  completedAmount: number;
  violations: string[];
}

/**
 * `payments` decision races for one customer's account, `perWave` payments at a time (so `perWave` × the
 * decisions per payment requests in flight), each with a random amount and a random mix of 60 approve and
 * reject calls drawn from `random`.
 */
export async function raceDecisionsInWaves(
  api: ServiceApi,
  db: ServiceDatabase,
  options: {
    customerId: string;
    accountId: string;
    payments: number;
    perWave?: number;
    random: { int(min: number, max: number): number; next(): number };
  },
): Promise<RaceWaves> {
  const perWave = options.perWave ?? 5;
  const outcome: RaceWaves = { decided: 0, statuses: {}, completedAmount: 0, violations: [] };
  for (let start = 0; start < options.payments; start += perWave) {
    const size = Math.min(perWave, options.payments - start);
    const races = await Promise.all(
      Array.from({ length: size }, () => {
        const amount = options.random.int(100, 1_000_000);
        return raceDecisions(api, db, {
          customerId: options.customerId,
          accountId: options.accountId,
          amount,
          decisions: Array.from({ length: 60 }, () => options.random.next() < 0.5),
        }).then((race) => ({ race, amount }));
      }),
    );
    for (const { race, amount } of races) {
      outcome.violations.push(...race.violations);
      const status = String(race.finalStatus);
      outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
      if (race.finalStatus === "COMPLETED") outcome.completedAmount += amount;
      if (race.finalStatus) outcome.decided++;
    }
  }
  return outcome;
}
