import type { EvaluationDecision, EvaluationFallback, PolicyDocument } from "../../universal/policies/rules";
import { consoleFetch } from "../api/client";

/**
 * The backtest (POST /api/policies/backtest, the evaluation engine's route): a policy document run against the
 * last `days` of stored pending payments, with what people or policies decided then. The page only displays it.
 */
export interface BacktestResult {
  days: number;
  total: number;
  counts: { approve: number; reject: number; hold: number };
  /** Every payment whose outcome would change. */
  changed: {
    transactionId: string;
    receivedAt: string;
    amount: { value: number; currency: string };
    sender: string | null;
    was: { decision: string; by: string | null };
    would: { decision: EvaluationDecision; ruleName: string | null; fallback: EvaluationFallback | null };
  }[];
}

export function runBacktest(
  document: PolicyDocument,
  days: number,
  signal?: AbortSignal,
): Promise<BacktestResult> {
  return consoleFetch<BacktestResult>("/api/policies/backtest", {
    method: "POST",
    body: { document, days },
    ...(signal ? { signal } : {}),
  });
}
