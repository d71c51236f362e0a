import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { safeError, safeErrorText } from "../../shared/log/safe-error";
import type { ServiceContext } from "../context";
import { transactions } from "../db/schema";
import { bankFailureReason } from "./failure-reasons";
import { failQuoteOf } from "./quotes";
import { announceTransaction, reverseMovements, scheduleStep, transition } from "./transactions";

const WAITING_STATUSES: ("PENDING" | "PROCESSING")[] = ["PENDING", "PROCESSING"];
const isWaiting = (status: string) => status === "PENDING" || status === "PROCESSING";

/**
 * Takes the timed step of one transaction if it is due: an incoming payment still awaiting approval at its
 * deadline fails with PAYMENT_APPROVAL_TIMED_OUT; a transfer or payout the sandbox bank kept pending fails with
 * its direction's reason (TIMEOUT going out, OFFRAMP_FAILED coming in) and its money goes back. Row-locked and
 * conditional, so the job and a clock move never both act.
 */
export async function takeDueStep(context: ServiceContext, transactionId: string): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for("update");
    if (!row?.nextStepAt || !isWaiting(row.status)) return;
    if (row.nextStepAt.getTime() > now.getTime()) {
      // The queue's clock ran a little ahead of the service's: look again when the step is due.
      await scheduleStep(tx, row.id, row.nextStepAt, now);
      return;
    }
    if (row.type === "INCOMING" && row.senderUmaAddress) {
      const failed = await transition(
        tx,
        row.id,
        ["PENDING"],
        { status: "FAILED", failureReason: "PAYMENT_APPROVAL_TIMED_OUT", nextStepAt: null },
        now,
      );
      if (failed) await announceTransaction(tx, failed, now);
      return;
    }
    await reverseMovements(tx, row.id, now);
    const failed = await transition(
      tx,
      row.id,
      WAITING_STATUSES,
      {
        status: "FAILED",
        failureReason: bankFailureReason(row.type, "TIMED_OUT"),
        rejectionReason: "The bank did not confirm the transfer in time; the funds were returned.",
        nextStepAt: null,
      },
      now,
    );
    if (!failed) return;
    await failQuoteOf(tx, failed, now);
    await announceTransaction(tx, failed, now);
  });
}

/** Takes every step that is due by the service clock (after POST /_local/clock/advance, or a missed job). */
export async function takeDueSteps(context: ServiceContext): Promise<void> {
  const due = await context.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        isNotNull(transactions.nextStepAt),
        lte(transactions.nextStepAt, context.clock.now()),
        inArray(transactions.status, WAITING_STATUSES),
      ),
    )
    .orderBy(transactions.nextStepAt);
  // One step that cannot be taken (its error is logged, and its job tries again) never holds up the others, nor
  // fails the clock move that made them due: the clock has moved either way.
  for (const { id } of due) {
    try {
      await takeDueStep(context, id);
    } catch (error) {
      process.stderr.write(`[payments] step of ${id} not taken: ${safeErrorText(safeError(error))}\n`);
    }
  }
}
