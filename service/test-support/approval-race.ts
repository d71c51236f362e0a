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
