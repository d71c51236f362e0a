"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldQuestion } from "lucide-react";
import { useMemo, useState } from "react";
import { DecisionButtons } from "@/components/approvals/decision-buttons";
import { ApproveDialog, RejectDialog } from "@/components/approvals/decision-dialogs";
import { DECISION_TOASTS, type DecisionOutcome } from "@/components/approvals/decision-outcome";
import { TwoApproversNote, useApproveDecision } from "@/components/approvals/two-approvers-note";
import { usePermission } from "@/components/auth/permissions-context";
import { Countdown } from "@/components/ui/countdown";
import { toast } from "@/components/ui/toast";
import { approvalEntryQuery, type PendingApproval } from "@/lib/client/api/approvals";
import { namesQuery } from "@/lib/client/api/names";
import type { TransactionEvents } from "@/lib/client/api/transactions";
import { queryKeys } from "@/lib/universal/api/keys";
import type { NamedRecord } from "@/lib/universal/names/labels";
import type { Transaction } from "@/shared/contract";
import { useDecidedMeanwhile } from "./decided-meanwhile";

/** Until the customer's record answers: not known to be deleted. */
const NO_NAMES: Readonly<Record<string, NamedRecord>> = {};

/** Where focus goes when a decision dialog closes after its payment stopped waiting (its buttons are gone). */
const toMain = () => document.getElementById("main-content");

/**
 * The approval queue's entry for this payment (GET /api/approvals/:transactionId, on whichever page of the queue it
 * is: it carries the deadline, the two-person rule's state and what the sender asks about our recipient), else,
 * while it loads or when the console cannot read it, the same facts from the transaction and its webhooks, so the
 * approval dialogs work unchanged on the transaction page.
 */
function pendingApprovalFor(
  transaction: Transaction,
  queued: PendingApproval | undefined,
  events: TransactionEvents | undefined,
): PendingApproval {
  if (queued) return queued;
  const deadline = typeof transaction.approvalDeadline === "string" ? transaction.approvalDeadline : null;
  return {
    transaction,
    counterpartyInformation: transaction.counterpartyInformation ?? events?.counterpartyInformation ?? {},
    requestedReceiverCustomerInfoFields: events?.requestedReceiverCustomerInfoFields ?? [],
    deadline,
    // Not in the queue's answer (yet): the server applies the two-person rule regardless.
    twoApprovers: { required: false, firstBy: null },
  };
}

/**
 * Approve or reject a held incoming payment from its own page, with the queue's dialogs; nothing once it no longer
 * waits. A dialog open when another officer decides it (or it times out) stays open on the payment as last read while
 * it waited, says who decided it and when, and sends nothing, as the queue's does; the page behind shows the new
 * status.
 */
export function TransactionDecision({
  transaction,
  events,
}: {
  transaction: Transaction;
  events: TransactionEvents | undefined;
}) {
  const decide = usePermission("approvals.decide");
  const queryClient = useQueryClient();
  const pending = transaction.status === "PENDING";
  const entry = useQuery(approvalEntryQuery(transaction.id, pending));
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  // The payment as last read while it waited: what a dialog open when it stops waiting goes on showing.
  const [waited, setWaited] = useState(transaction);
  if (pending && transaction !== waited) setWaited(transaction);
  const approval = useMemo(
    () => pendingApprovalFor(waited, entry.data, events),
    [waited, entry.data, events],
  );
  // The customer's record (GET /api/names), which says whether they were deleted while the payment waited.
  const customerNames = useQuery({
    ...namesQuery(transaction.customerId ? [transaction.customerId] : []),
    enabled: pending && Boolean(transaction.customerId),
  }).data?.names;
  const approve = useApproveDecision(approval, customerNames ?? NO_NAMES);
  const meanwhile = useDecidedMeanwhile(transaction);
  // Decided in this page's own dialog: its own event is no news to it.
  const [decidedHere, setDecidedHere] = useState(false);
  const gone = decidedHere ? undefined : meanwhile;
  const decided = (outcome: DecisionOutcome) => {
    if (outcome !== "first-approval") setDecidedHere(true);
    toast.success(DECISION_TOASTS[outcome]);
    void queryClient.invalidateQueries({ queryKey: queryKeys.transaction(transaction.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
  };
  return (
    <>
      {pending ? (
        <section
          aria-labelledby="decision-heading"
          className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/50"
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex gap-3">
              <ShieldQuestion
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400"
              />
              <div>
                <h2
                  id="decision-heading"
                  className="text-sm font-semibold text-amber-950 dark:text-amber-100"
                >
                  Waiting for a decision
                </h2>
                <p className="text-sm text-amber-900 dark:text-amber-200">
                  This incoming payment is held until someone approves or rejects it. If no one decides in
                  time, it fails and is not credited.
                </p>
              </div>
            </div>
            {approval.deadline ? (
              <Countdown
                deadline={approval.deadline}
                label="Decide within"
                expiredLabel="Approval window closed"
              />
            ) : null}
          </div>
          <TwoApproversNote approval={approval} />
          {/* Why a button is greyed out, said on the page rather than only on hover (Approve's refusal holds the role's). */}
          {!approve.allowed ? (
            <p className="text-sm text-amber-900 dark:text-amber-200">{approve.reason}</p>
          ) : null}
          <DecisionButtons
            reject={decide}
            approve={approve}
            onOpen={setDialog}
            className="flex flex-wrap items-center justify-end gap-2"
          />
        </section>
      ) : null}
      {decide.allowed ? (
        <>
          <ApproveDialog
            approval={approval}
            open={dialog === "approve"}
            onOpenChange={(open) => setDialog(open ? "approve" : null)}
            onDecided={decided}
            returnFocusTo={pending && !decidedHere ? undefined : toMain}
            gone={gone}
          />
          <RejectDialog
            approval={approval}
            open={dialog === "reject"}
            onOpenChange={(open) => setDialog(open ? "reject" : null)}
            onDecided={decided}
            returnFocusTo={pending && !decidedHere ? undefined : toMain}
            gone={gone}
          />
        </>
      ) : null}
    </>
  );
}
