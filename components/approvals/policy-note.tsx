"use client";

import { ShieldQuestion } from "lucide-react";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { describeEvaluation } from "@/lib/universal/policies/evaluation-view";

/** Which approval policy held the payment and why, with its queue and priority. */
export function PolicyNote({ approval }: { approval: PendingApproval }) {
  const policy = approval.policy;
  if (!policy) return null;
  const { title, detail } = describeEvaluation(policy);
  const high = policy.outcome.priority === "high";
  return (
    <p className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
      <ShieldQuestion aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-medium">{title}</span>
        {high ? (
          <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
            High priority
          </span>
        ) : null}
        <span className="block text-xs text-amber-800 dark:text-amber-300">{detail}</span>
      </span>
    </p>
  );
}
