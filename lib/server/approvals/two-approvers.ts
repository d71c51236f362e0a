import "server-only";
import { and, eq, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { diffThresholds } from "../../universal/approvals/thresholds-rule";
import type { Threshold } from "../../universal/approvals/two-approvers-rule";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { approvalThresholds, firstApprovals, paymentArrivalThresholds, users } from "../db/schema";

export type { Threshold } from "../../universal/approvals/two-approvers-rule";

/** Every currency's threshold for two approvers, by currency code. */
export async function listThresholds(): Promise<Threshold[]> {
  const rows = await getConsoleDatabase()
    .select({ currency: approvalThresholds.currency, minimumAmount: approvalThresholds.minimumAmount })
    .from(approvalThresholds)
    .orderBy(approvalThresholds.currency);
  return rows;
}

/**
 * Replaces the thresholds with `thresholds` (a currency left out needs one approver again), only while the rule
 * still reads `expected`, the rule the change was judged against (stricter, or approved as a loosening): two changes
 * at once cannot lose one, nor turn a tightening into a loosening nobody approved. The later is 409
 * THRESHOLDS_CHANGED and changes nothing.
 */
export async function replaceThresholds(
  thresholds: readonly Threshold[],
  by: ConsoleUser,
  expected: readonly Threshold[],
): Promise<void> {
  await getConsoleDatabase().transaction(async (tx) => {
    // One writer at a time (readers go on): the rule read below is the one replaced.
    await tx.execute(sql`LOCK TABLE approval_thresholds IN SHARE ROW EXCLUSIVE MODE`);
    const now = await tx
      .select({ currency: approvalThresholds.currency, minimumAmount: approvalThresholds.minimumAmount })
      .from(approvalThresholds);
    if (diffThresholds(now, expected).length > 0) {
      throw new ApiError(
        409,
        "THRESHOLDS_CHANGED",
        "The two-person rule changed at the same moment, so this was not applied. Look at it again, then make your change.",
      );
    }
    await tx.delete(approvalThresholds);
    if (thresholds.length > 0) {
      await tx
        .insert(approvalThresholds)
        .values(thresholds.map((threshold) => ({ ...threshold, updatedBy: by.email })));
    }
  });
}

/**
 * Records the rule as it stands now as the one `transactionId` arrived under, the first time the console sees its
 * pending webhook (later deliveries leave the first record), so loosening the rule later does not reach it.
 */
export async function recordArrivalThresholds(transactionId: string): Promise<void> {
  const thresholds = await listThresholds();
  await getConsoleDatabase()
    .insert(paymentArrivalThresholds)
    .values({ transactionId, thresholds })
    .onConflictDoNothing();
}

/** The rule each of these payments arrived under; a payment the console saw no webhook for is absent. */
export async function arrivalThresholdsOf(
  transactionIds: readonly string[],
): Promise<Map<string, Threshold[]>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await getConsoleDatabase()
    .select({
      transactionId: paymentArrivalThresholds.transactionId,
      thresholds: paymentArrivalThresholds.thresholds,
    })
    .from(paymentArrivalThresholds)
    .where(inArray(paymentArrivalThresholds.transactionId, [...transactionIds]));
  return new Map(rows.map((row) => [row.transactionId, row.thresholds]));
}

export interface FirstApproval {
  transactionId: string;
  approverId: string;
  approverEmail: string;
  /** Their name on the team as it is now (null once they have left it), as the timeline names them. */
  approverName: string | null;
  approvedAt: Date;
  requestId: string;
}

/**
 * A first approval stands while the person who gave it still stands as they did: not disabled, in the same role
 * (a role change, or being disabled and enabled again, moves their `roleSince` past the approval). An officer
 * disabled or moved since does not count towards two approvers: the next approval is a first one again.
 */
const approverStillStands = and(isNull(users.disabledAt), lte(users.roleSince, firstApprovals.approvedAt));

/** The first approvals still waiting for a second, of these payments, whose approver still stands. */
export async function firstApprovalsOf(transactionIds: readonly string[]): Promise<FirstApproval[]> {
  if (transactionIds.length === 0) return [];
  return getConsoleDatabase()
    .select({
      transactionId: firstApprovals.transactionId,
      approverId: firstApprovals.approverId,
      approverEmail: firstApprovals.approverEmail,
      approverName: users.name,
      approvedAt: firstApprovals.approvedAt,
      requestId: firstApprovals.requestId,
    })
    .from(firstApprovals)
    .innerJoin(users, eq(users.id, firstApprovals.approverId))
    .where(
      and(
        inArray(firstApprovals.transactionId, [...transactionIds]),
        isNull(firstApprovals.completedAt),
        approverStillStands,
      ),
    );
}

/**
 * Records `user`'s approval as the first of two, unless one that stands is recorded already (two officers at once:
 * the other one's stands). A recorded one whose approver no longer stands is replaced. Answers the first approval
 * that stands, which may be someone else's.
 */
export async function recordFirstApproval(
  transactionId: string,
  user: ConsoleUser,
  requestId: string,
): Promise<FirstApproval> {
  const db = getConsoleDatabase();
  const approval = { transactionId, approverId: user.id, approverEmail: user.email, requestId };
  await db
    .insert(firstApprovals)
    .values(approval)
    .onConflictDoUpdate({
      target: firstApprovals.transactionId,
      set: { ...approval, approvedAt: sql`now()` },
      // Only over a pending approval whose approver has been disabled or moved since (or is gone).
      setWhere: and(
        isNull(firstApprovals.completedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(and(eq(users.id, firstApprovals.approverId), approverStillStands)),
        ),
      ),
    });
  const [row] = await firstApprovalsOf([transactionId]);
  if (!row) throw new Error(`first approval of ${transactionId} vanished`);
  return row;
}

/** The second approval was accepted by the API: the pair is complete. */
export async function completeFirstApproval(transactionId: string): Promise<void> {
  await getConsoleDatabase()
    .update(firstApprovals)
    .set({ completedAt: new Date() })
    .where(and(eq(firstApprovals.transactionId, transactionId), isNull(firstApprovals.completedAt)));
}
