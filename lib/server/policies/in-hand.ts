import "server-only";
import { and, gt, inArray } from "drizzle-orm";
import { getConsoleDatabase } from "../db";
import { paymentDecisions, policyEvaluations } from "../db/schema";
import { env } from "../env";
import { DECIDING_MARGIN_MS, PERSON_CLAIM, POLICY_ANSWER_SETTLED_MS, policiesHaveIt } from "./evaluations";

/**
 * Which of these payments the approval policies have in hand now (policiesHaveIt). The payment API still lists them
 * as pending for that moment, so the approval queue leaves them out: a read of it then would draw a card for a
 * payment no person ever had to decide, gone a moment later (decision 0087). Reads only the claims of the last
 * minute or so, by the payments' ids.
 */
export async function paymentsInThePoliciesHands(
  transactionIds: readonly string[],
  now: number = Date.now(),
): Promise<Set<string>> {
  const inHand = new Set<string>();
  if (transactionIds.length === 0) return inHand;
  const budgetMs = env().POLICY_TIME_BUDGET_MS;
  const since = new Date(now - budgetMs - DECIDING_MARGIN_MS - POLICY_ANSWER_SETTLED_MS);
  const db = getConsoleDatabase();
  const claims = (
    await db
      .select({
        transactionId: paymentDecisions.transactionId,
        webhookId: paymentDecisions.webhookId,
        claimedAt: paymentDecisions.claimedAt,
      })
      .from(paymentDecisions)
      .where(
        and(
          inArray(paymentDecisions.transactionId, [...transactionIds]),
          gt(paymentDecisions.claimedAt, since),
        ),
      )
  ).filter((claim) => !claim.webhookId.startsWith(PERSON_CLAIM));
  if (claims.length === 0) return inHand;
  const evaluations = await db
    .select({
      transactionId: policyEvaluations.transactionId,
      decision: policyEvaluations.decision,
      evaluatedAt: policyEvaluations.evaluatedAt,
    })
    .from(policyEvaluations)
    .where(
      inArray(
        policyEvaluations.transactionId,
        claims.map((claim) => claim.transactionId),
      ),
    );
  for (const claim of claims) {
    const latest = evaluations
      .filter((row) => row.transactionId === claim.transactionId)
      .sort((a, b) => b.evaluatedAt.getTime() - a.evaluatedAt.getTime())[0];
    const evaluation = latest ? { decision: latest.decision, evaluatedAt: latest.evaluatedAt } : null;
    if (policiesHaveIt({ claimedAt: claim.claimedAt, evaluation }, now, budgetMs))
      inHand.add(claim.transactionId);
  }
  return inHand;
}
