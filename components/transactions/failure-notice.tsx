import { CircleX } from "lucide-react";
import { explainFailure } from "@/lib/universal/transactions/failure-reasons";
import type { TransactionType } from "@/shared/contract";

/** Why a payment failed, in words, with what to do next; the API's own code and detail stay visible for support. */
export function FailureNotice({
  reason,
  detail,
  type,
}: {
  reason: string | undefined;
  detail: string | undefined;
  type: TransactionType;
}) {
  const explained = reason
    ? explainFailure(reason, type)
    : {
        title: "The payment failed",
        explanation: "The payment API did not say why.",
        nextStep: "Contact support with the transaction id.",
      };
  return (
    <section
      aria-labelledby="failure-heading"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
    >
      <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" />
      <div className="flex flex-col gap-1 text-sm">
        <h2 id="failure-heading" className="font-semibold">
          {explained.title}
        </h2>
        <p>{explained.explanation}</p>
        {detail ? <p>The payment API adds: {detail}</p> : null}
        <p>
          <span className="font-medium">What to do: </span>
          {explained.nextStep}{" "}
          {type === "OUTGOING"
            ? "Any funds taken were returned to the source account."
            : "Nothing was credited to the recipient."}
        </p>
        {reason ? (
          <p className="text-xs text-red-800/80 dark:text-red-200/80">
            Failure reason <code className="font-mono">{reason}</code>
          </p>
        ) : null}
      </div>
    </section>
  );
}
