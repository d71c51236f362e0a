import "server-only";
import { type Transaction, transactionSchema } from "../../../shared/contract";
import { type IncomingPayment, incomingPaymentOf } from "../../universal/policies/facts";
import type { EvaluationFallback } from "../../universal/policies/rules";
import {
  type ScreeningRecord,
  screeningBlock,
  screeningFactAtArrival,
} from "../../universal/screening/records";
import { readApi } from "../payment-api/read";
import { queryOfCounterparty, screenSubject } from "./screen-subject";

/** What screening a pending payment's sender decided for the policies: a summary to store, and what it blocks. */
export interface ScreeningGate {
  /**
   * What the audit row and the stored evaluation keep: no score, which holds the sender's masked fields' share
   * (lib/universal/privacy/mask-screening.ts); the screening it names has them, masked as its reader sees it.
   */
  summary: { id: string | null; outcome: string; status: string; staleLists: string[] };
  /** What the policies' screeningClear and screeningScore clauses read. */
  fact: { clear: boolean; bestScore: number };
  /** Set when an automatic approval must become a hold: a potential match, a failed screening, a stale list. */
  blocks: Extract<
    EvaluationFallback,
    "screening-potential-match" | "screening-failed" | "screening-list-stale"
  > | null;
}

/**
 * Screens the sender of a pending incoming payment from the webhook's counterparty information, before the approval
 * policies decide (lib/server/policies/decide.ts). A sender the webhook does not name cannot be screened, which
 * blocks an automatic approval as a failure does.
 */
export async function screenIncomingPayment(payment: IncomingPayment): Promise<ScreeningGate> {
  const query = queryOfCounterparty(payment.counterparty);
  if (!query) {
    return {
      summary: { id: null, outcome: "failed", status: "failed", staleLists: [] },
      fact: { clear: false, bestScore: 0 },
      blocks: "screening-failed",
    };
  }
  const record = await screenSubject({ type: "payment", id: payment.transactionId }, query);
  return {
    summary: {
      id: record.id,
      outcome: record.outcome,
      status: record.status,
      staleLists: record.staleLists,
    },
    fact: screeningFactAtArrival(record),
    blocks: screeningBlock(record),
  };
}

/**
 * Screens an incoming payment's sender as the API's record of it names them now, when `wanted` says so of that record
 * (the relay's steps, for a payment whose webhook the console has not handled): the screening stored, "unnamed" when
 * the record names no one to screen, undefined when the payment is not incoming or not wanted.
 */
export async function screenSenderAsRecorded(
  transactionId: string,
  wanted: (transaction: Transaction) => boolean = () => true,
): Promise<ScreeningRecord | "unnamed" | undefined> {
  const transaction = await readApi(`/transactions/${encodeURIComponent(transactionId)}`, transactionSchema);
  if (transaction.type !== "INCOMING" || !wanted(transaction)) return undefined;
  const payment = incomingPaymentOf({ transaction });
  if (!payment) return undefined;
  const query = queryOfCounterparty(payment.counterparty);
  return query ? screenSubject({ type: "payment", id: transactionId }, query) : "unnamed";
}
