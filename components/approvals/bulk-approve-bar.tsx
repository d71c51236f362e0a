"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useViewer } from "@/components/auth/permissions-context";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Money } from "@/components/ui/money";
import { approvePayment, isFirstApproval, type PendingApproval } from "@/lib/client/api/approvals";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { queryKeys } from "@/lib/universal/api/keys";
import { type BulkOutcome, bulkSummary, needsCustomerRecord } from "@/lib/universal/approvals/bulk-approve";
import { type Departure, departureVerb, paymentSubject } from "@/lib/universal/approvals/departure";
import { ApiError } from "@/shared/api-error";
import { readDeparture } from "./read-departure";

interface Props {
  /** The selected payments still waiting, in queue order; with none, the bar hides (its open dialog stays). */
  selected: readonly PendingApproval[];
  /** What became of payments that left the queue (queue-notices.tsx): said of those selected that left. */
  departures: ReadonlyMap<string, Departure>;
  onClear: () => void;
  onSelectAllShown: () => void;
  /** Whether every payment on the page this viewer may approve is selected. */
  allShownSelected: boolean;
  /** How many payments the page shows. */
  shownCount: number;
  /**
   * How many of them this viewer may approve: "Select all" selects these, never one they cannot approve (their own
   * first approval, a match they dismissed) nor another page's.
   */
  approvableCount: number;
  /** Whether the queue has other pages, whose payments the selection never holds. */
  morePages: boolean;
  /** Each payment approved here, as one approved through its own dialog. */
  onApproved: (id: string) => void;
  onFinished: (summary: string, outcomes: readonly BulkOutcome[]) => void;
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "the payment API did not accept it";
}

/**
 * Approving several payments at once: each is still its own API call through the audited relay, one after the
 * other, with what the recipient's customer record holds for the information the sender asked. A payment that needs
 * information the record does not hold is left for the officer, and the summary says which and why.
 *
 * The confirmation holds the payments it asks about: one that leaves the queue while it is open (decided elsewhere,
 * timed out) is named there with what became of it and is not sent; with none left, it says so and Approve is
 * disabled. It stays open until the officer closes it, even when the whole selection left.
 */
export function BulkApproveBar({
  selected,
  departures,
  onClear,
  onSelectAllShown,
  allShownSelected,
  shownCount,
  approvableCount,
  morePages,
  onApproved,
  onFinished,
}: Props) {
  const queryClient = useQueryClient();
  const { email } = useViewer();
  // The payments the open confirmation asks about, as they were when it opened; null when it is closed.
  const [asked, setAsked] = useState<readonly PendingApproval[] | null>(null);
  const [sending, setSending] = useState(false);
  const confirming = asked !== null;
  const count = selected.length;
  const waitingIds = new Set(selected.map((approval) => approval.transaction.id));
  // Left the queue while the confirmation was open, not by this approval (those it approved leave as it runs).
  const left = sending ? [] : (asked ?? []).filter((approval) => !waitingIds.has(approval.transaction.id));
  const toApprove = (asked ?? []).filter((approval) => waitingIds.has(approval.transaction.id));
  const asking = toApprove.length;

  const approveAll = async () => {
    setSending(true);
    try {
      await approveEach(toApprove);
    } finally {
      setSending(false);
    }
  };

  const approveEach = async (payments: readonly PendingApproval[]) => {
    // The contract's field rules (and zod) are downloaded when approving, not with the queue.
    const { bulkReceiverInfo } = await import("@/lib/universal/approvals/bulk-receiver-info");
    const outcomes: BulkOutcome[] = [];
    for (const approval of payments) {
      const id = approval.transaction.id;
      try {
        const customer = needsCustomerRecord(approval.requestedReceiverCustomerInfoFields)
          ? await queryClient.fetchQuery(customerDetailQuery(approval.transaction.customerId))
          : undefined;
        const plan = bulkReceiverInfo(approval.requestedReceiverCustomerInfoFields, customer);
        if ("missing" in plan) {
          outcomes.push({
            id,
            approved: false,
            reason: `needs ${plan.missing.join(", ")}; approve it on its own`,
          });
          continue;
        }
        // A payment the page showed with no first approval is sent as a first one: if someone gave the first
        // meanwhile, the console refuses to make this the second (which sends the money) without the person knowing.
        const two = approval.twoApprovers;
        const answer = await approvePayment(
          id,
          plan.info,
          two.required && !two.firstBy ? "first" : undefined,
        );
        if (isFirstApproval(answer)) {
          outcomes.push({
            id,
            approved: false,
            reason: "first of two approvals recorded; a second officer must approve",
          });
          continue;
        }
        onApproved(id);
        outcomes.push({ id, approved: true });
      } catch (error) {
        // Decided or timed out since the page read it: what became of it, as heard or as the payment now says,
        // rather than the API's "not pending".
        if (error instanceof ApiError && error.code === "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL") {
          const departure = departures.get(id) ?? (await readDeparture(queryClient, id));
          outcomes.push({
            id,
            approved: false,
            reason: `no longer waiting: it ${departureVerb(departure, email)}`,
          });
          continue;
        }
        outcomes.push({ id, approved: false, reason: reasonOf(error) });
      }
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
    onFinished(bulkSummary(outcomes), outcomes);
  };

  return (
    <>
      {count > 0 ? (
        <section
          aria-label="Selected payments"
          // Below the console's sticky top bar (h-14, components/shell/app-shell.tsx) with a gap, at every width: at
          // top-2 it slid under the bar once the page was scrolled.
          className="sticky top-16 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2.5 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <span className="font-medium">
            {count} selected{morePages ? " on this page" : ""}
            {count > 0 ? <SelectedTotal selected={selected} /> : null}
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            {!allShownSelected ? (
              <Button variant="ghost" size="sm" onClick={onSelectAllShown}>
                {approvableCount < shownCount
                  ? `Select all ${approvableCount} you can approve on this page`
                  : `Select all ${shownCount} on this page`}
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={onClear}>
              Clear selection
            </Button>
            <Button size="sm" disabled={count === 0} onClick={() => setAsked(selected)}>
              Approve {count} selected
            </Button>
          </div>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next) setAsked(null);
        }}
        title={`Approve ${plural(asked?.length ?? count)}?`}
        description="Each is approved on its own through the payment API and recorded in the audit log, with what the recipient's customer record holds for the information the sender asked. A payment that needs information the record does not hold is left for you to approve on its own."
        confirmLabel={`Approve ${plural(asking)}`}
        pendingLabel="Approving…"
        cancelLabel={left.length > 0 && asking === 0 ? "Close" : "Cancel"}
        confirmDisabled={asking === 0}
        onConfirm={approveAll}
      >
        {asking > 0 ? (
          // What is about to be approved, each payment and the total: the bar behind the dialog is hidden by it.
          <div className="text-sm">
            <ul aria-label="Payments to approve" className="max-h-48 list-disc overflow-y-auto pl-5">
              {toApprove.map((approval) => (
                <li key={approval.transaction.id}>{paymentSubject(approval.transaction.id, approval)}</li>
              ))}
            </ul>
            <p className="mt-1 font-medium">
              Total
              <SelectedTotal selected={toApprove} />
            </p>
          </div>
        ) : null}
        {left.length > 0 ? (
          <div
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <p className="font-medium">
              {asking === 0
                ? `None of them waits any more; nothing was sent.`
                : `${left.length} of them no longer wait${left.length === 1 ? "s" : ""} and will not be sent; the other ${asking} will.`}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {left.map((approval) => {
                const id = approval.transaction.id;
                return (
                  <li key={id}>
                    {paymentSubject(id, approval)} {departureVerb(departures.get(id), email)}.
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

const plural = (count: number) => `${count} payment${count === 1 ? "" : "s"}`;

/** The selection's total per currency, e.g. " · $1,234.00 and MX$500.00". */
function SelectedTotal({ selected }: { selected: readonly PendingApproval[] }) {
  type Currency = NonNullable<PendingApproval["transaction"]["receivedAmount"]>["currency"];
  const totals = new Map<string, { currency: Currency; amount: number }>();
  for (const { transaction } of selected) {
    if (!transaction.receivedAmount) continue;
    const { currency, amount } = transaction.receivedAmount;
    const total = totals.get(currency.code) ?? { currency, amount: 0 };
    totals.set(currency.code, { currency, amount: total.amount + amount });
  }
  const entries = [...totals.values()];
  return (
    <span className="font-normal text-zinc-600 dark:text-zinc-400">
      {" · "}
      {entries.map(({ currency, amount }, index) => (
        <span key={currency.code}>
          {index > 0 ? (index === entries.length - 1 ? " and " : ", ") : null}
          <Money amount={amount} currency={currency} />
        </span>
      ))}
    </span>
  );
}
