"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Loader } from "lucide-react";
import type * as React from "react";
import { FailureNotice } from "@/components/transactions/failure-notice";
import { transactionHref } from "@/components/transactions/links";
import { Button } from "@/components/ui/button";
import { errorDetails } from "@/components/ui/error-details";
import { Link } from "@/components/ui/link";
import { QueryState } from "@/components/ui/query-state";
import { StatusBadge } from "@/components/ui/status-badge";
import { isTerminalTransactionStatus, transactionQuery } from "@/lib/client/api/transactions";
import { cn, focusRing } from "@/lib/universal/utils";

const WORDS: Record<string, string> = {
  CREATED: "The payment is recorded and waits to start.",
  PENDING: "The payment waits to be processed.",
  PROCESSING: "The money is on its way.",
  COMPLETED: "The payment arrived. The money is in the receiver's hands.",
  FAILED: "The payment failed.",
  REJECTED: "The payment was rejected.",
  REFUNDED: "The payment was refunded.",
  EXPIRED: "The payment expired before it went through.",
};

/**
 * Follows the transaction an executed quote created until it ends: live events refresh it at once, and it is
 * re-read every few seconds while it can still change. Status changes are announced to screen readers.
 */
export function PaymentProgress({
  transactionId,
  headingRef,
}: {
  transactionId: string;
  /** The heading, which takes the keyboard's focus when the payment starts here (it has tabIndex -1). */
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const query = useQuery(transactionQuery(transactionId));
  const status = query.data?.status;
  const done = isTerminalTransactionStatus(status);
  const Icon = status === "COMPLETED" ? CircleCheck : done ? CircleX : Loader;

  return (
    <section
      aria-labelledby="progress-heading"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={headingRef}
          tabIndex={-1}
          id="progress-heading"
          className={cn("flex items-center gap-2 rounded-sm text-base font-semibold", focusRing)}
        >
          <Icon
            aria-hidden="true"
            className={
              status === "COMPLETED"
                ? "size-5 text-emerald-600"
                : done
                  ? "size-5 text-red-600"
                  : "size-5 animate-spin text-sky-600 motion-reduce:animate-none"
            }
          />
          Payment
        </h2>
        {status ? <StatusBadge status={status} /> : null}
      </div>
      <p aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300">
        <QueryState
          query={query}
          loading="Following the payment…"
          error={(error) => `The payment's status could not be read: ${errorDetails(error).message}`}
        >
          {() => WORDS[status ?? ""] ?? `The payment is ${status?.toLowerCase()}.`}
        </QueryState>
        {!done && query.data ? " This updates by itself." : null}
      </p>
      {query.data?.status === "FAILED" ? (
        <FailureNotice
          reason={query.data.failureReason}
          detail={typeof query.data.failureDetail === "string" ? query.data.failureDetail : undefined}
          type={query.data.type}
        />
      ) : null}
      <div>
        <Button asChild variant="outline" size="sm">
          <Link href={transactionHref(transactionId)}>View transaction</Link>
        </Button>
      </div>
    </section>
  );
}
