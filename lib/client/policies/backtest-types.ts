import type { BacktestResult } from "../../universal/console-api/types";
import type { PolicyDocument } from "../../universal/policies/rules";
import { consoleCall } from "../api/client";

export type { BacktestResult };

export function runBacktest(
  document: PolicyDocument,
  days: number,
  signal?: AbortSignal,
): Promise<BacktestResult> {
  return consoleCall("POST /api/policies/backtest", {
    body: { document, days },
    ...(signal ? { signal } : {}),
  });
}
