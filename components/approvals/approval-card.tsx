"use client";

import { memo } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { useNames } from "@/components/names/names-context";
import { CounterpartyValue } from "@/components/privacy/counterparty-value";
import { ScreeningNote } from "@/components/screening/screening-note";
import { customerHref, idLinkClasses, transactionHref } from "@/components/transactions/links";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Countdown } from "@/components/ui/countdown";
import { Link } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { approvalCardAnchor } from "@/lib/universal/approvals/card-anchor";
import { RECEIVER_FIELD_PRESENTATION } from "@/lib/universal/approvals/receiver-info";
import { senderNameOf } from "@/lib/universal/approvals/sender-name";
import { transactionCustomerText } from "@/lib/universal/names/counterparty";
import { cn } from "@/lib/universal/utils";
import type { Transaction, UserInfoFieldName } from "@/shared/contract";
import { DecisionButtons } from "./decision-buttons";
import { PolicyNote } from "./policy-note";
import { customerDeleted, TwoApproversNote, useApproveDecision } from "./two-approvers-note";

const fieldLabel = (name: string) => RECEIVER_FIELD_PRESENTATION[name as UserInfoFieldName]?.label ?? name;

/** Our customer the payment is for, by name as every list names them, with the platform's own id for them. */
function RecipientName({ transaction }: { transaction: Transaction }) {
  const { names } = useNames();
  const name = transactionCustomerText(transaction, names);
  return (
    <>
      <span className="font-medium">{name}</span>
      {customerDeleted(transaction.customerId, names) ? (
        <Badge variant="danger" className="ml-2">
          Deleted
        </Badge>
      ) : null}
      {transaction.platformCustomerId && name !== transaction.platformCustomerId ? (
        <span className="ml-2 font-mono text-xs text-zinc-600 dark:text-zinc-400">
          {transaction.platformCustomerId}
        </span>
      ) : null}
    </>
  );
}

/**
 * The account the money goes into, by the name the payment's page gives it ("James Carter's USD account", from the
 * page's one names request), with its id under it, small and copyable; the id alone until the name is known.
 */
function IntoAccount({ accountId }: { accountId: string | undefined }) {
  const { names } = useNames();
  if (!accountId) return <>—</>;
  const record = Object.hasOwn(names, accountId) ? names[accountId] : undefined;
  return (
    <>
      {record ? <span className="block font-medium">{record.name}</span> : null}
      <span className="block break-all font-mono text-xs text-zinc-600 select-all dark:text-zinc-400">
        {accountId}
      </span>
    </>
  );
}

export type DecisionDialog = "approve" | "reject";

/**
 * The callbacks take the payment's id and are the same functions on every render of the queue, so a card is drawn
 * again only when its own payment, focus or selection changes (J/K in a queue of hundreds redraws two cards).
 */
interface ApprovalCardProps {
  approval: PendingApproval;
  /** Opens a decision dialog; the queue holds and shows it (queue-decision-dialogs.tsx), so it outlives the card. */
  onDialogChange: (id: string, dialog: DecisionDialog) => void;
  /** The card keyboard triage is on (J/K move it). */
  focused: boolean;
  onFocusWithin: (id: string) => void;
  /** Chosen for approving several at once. */
  selected: boolean;
  onSelectedChange: (id: string, selected: boolean) => void;
  /** Called with the card's element when it mounts and with null when it unmounts. */
  cardRef: (id: string, element: HTMLElement | null) => void;
}

/** One pending incoming payment: who sends what to whom, what they ask, and the time left to decide. */
export const ApprovalCard = memo(function ApprovalCard({
  approval,
  onDialogChange,
  focused,
  onFocusWithin,
  selected,
  onSelectedChange,
  cardRef,
}: ApprovalCardProps) {
  const decide = usePermission("approvals.decide");
  const approve = useApproveDecision(approval);
  const { transaction } = approval;
  const id = transaction.id;
  const setDialog = (dialog: DecisionDialog) => onDialogChange(id, dialog);
  const headingId = approvalCardAnchor(transaction.id);
  const refusalId = `${headingId}-refusal`;
  const counterparty = Object.entries(approval.counterpartyInformation).filter(
    ([, value]) => typeof value === "string",
  );

  return (
    <article
      ref={(element) => {
        cardRef(id, element);
        return () => cardRef(id, null);
      }}
      aria-labelledby={headingId}
      tabIndex={-1}
      onFocus={() => onFocusWithin(id)}
      data-focused={focused || undefined}
      className={cn(
        "scroll-mt-20 rounded-lg border border-zinc-200 bg-white p-5 shadow-sm outline-none dark:border-zinc-800 dark:bg-zinc-900",
        "data-[focused]:border-brand-500 data-[focused]:ring-2 data-[focused]:ring-brand-500/40",
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          {decide.allowed ? (
            // Only a payment this viewer may approve is selected for approving with others; the reason is below.
            <Checkbox
              className="mt-1.5"
              aria-label={`Select payment ${transaction.id}`}
              disabled={!approve.allowed}
              aria-describedby={approve.allowed ? undefined : refusalId}
              checked={selected && approve.allowed}
              onCheckedChange={(checked) => onSelectedChange(id, checked === true)}
            />
          ) : null}
          <div>
            <h2 id={headingId} className="text-lg font-semibold tracking-tight">
              {transaction.receivedAmount ? (
                <Money
                  amount={transaction.receivedAmount.amount}
                  currency={transaction.receivedAmount.currency}
                />
              ) : (
                "Amount not stated"
              )}{" "}
              <span className="font-normal text-zinc-600 dark:text-zinc-400">
                from {senderNameOf(approval.counterpartyInformation, "Unknown sender")}
              </span>
            </h2>
            <Link href={transactionHref(transaction.id)} className={cn("mt-0.5 block", idLinkClasses)}>
              {transaction.id}
            </Link>
          </div>
        </div>
        <ApprovalDeadline deadline={approval.deadline} />
      </header>

      <div className="mt-3 empty:hidden">
        <ScreeningNote screening={approval.screening} transactionId={transaction.id} />
      </div>

      <div className="mt-3 empty:hidden">
        <PolicyNote approval={approval} />
      </div>

      <div className="mt-3 empty:hidden">
        <TwoApproversNote approval={approval} />
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Recipient (our customer)
          </dt>
          <dd className="mt-0.5">
            <RecipientName transaction={transaction} />
            <Link href={customerHref(transaction.customerId)} className={cn("block", idLinkClasses)}>
              {transaction.customerId}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Into account
          </dt>
          <dd className="mt-0.5">
            <IntoAccount accountId={transaction.destination.accountId} />
          </dd>
        </div>
        {transaction.description ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
              Memo
            </dt>
            <dd className="mt-0.5">{transaction.description}</dd>
          </div>
        ) : null}
      </dl>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {/* Plain blocks under their headings, not regions: every card has both, and landmarks must be unique. */}
        <div className="rounded-md bg-zinc-50 p-3 dark:bg-zinc-950">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Sender information
          </h3>
          {counterparty.length > 0 ? (
            <dl className="mt-2 space-y-1 text-sm">
              {counterparty.map(([name, value]) => (
                <div key={name} className="flex justify-between gap-3">
                  <dt className="text-zinc-600 dark:text-zinc-400">{fieldLabel(name)}</dt>
                  <dd className="text-right font-medium">
                    <CounterpartyValue
                      transactionId={transaction.id}
                      field={name}
                      label={fieldLabel(name)}
                      value={String(value)}
                      masked={approval.maskedCounterpartyFields?.includes(name) ?? false}
                    />
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">The sender shared no information.</p>
          )}
        </div>
        <div className="rounded-md bg-zinc-50 p-3 dark:bg-zinc-950">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
            Requested about our recipient
          </h3>
          {approval.requestedReceiverCustomerInfoFields.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm">
              {approval.requestedReceiverCustomerInfoFields.map((field) => (
                <li key={field.name} className="flex justify-between gap-3">
                  <span>{fieldLabel(field.name)}</span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {field.mandatory ? "required" : "optional"}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Nothing requested.</p>
          )}
        </div>
      </div>

      <footer className="mt-5 flex flex-wrap items-center justify-end gap-2">
        {/* Why a button is greyed out, said on the card rather than only on hover: Approve's refusal holds the role's
            (useApproveDecision), or an open watchlist match, or one's own first approval. */}
        {!approve.allowed ? (
          <p
            id={refusalId}
            className="mr-auto min-w-0 flex-1 basis-64 text-sm text-zinc-600 dark:text-zinc-400"
          >
            {approve.reason}
          </p>
        ) : null}
        <DecisionButtons
          reject={decide}
          approve={approve}
          onOpen={setDialog}
          className="ml-auto flex gap-2"
        />
      </footer>
    </article>
  );
});

/**
 * The deadline the payment API states for this payment, saying where it comes from; where the API states none,
 * that it waits until someone decides. Never a deadline of the console's own making.
 */
function ApprovalDeadline({ deadline }: { deadline: string | null }) {
  if (!deadline) {
    return (
      <p className="max-w-48 text-right text-xs text-zinc-600 dark:text-zinc-400">
        No deadline: the payment API holds it until someone decides.
      </p>
    );
  }
  return (
    <div className="flex flex-col items-end gap-0.5">
      <Countdown deadline={deadline} label="Decide within" expiredLabel="Approval window closed" />
      <span className="text-[11px] text-zinc-500 dark:text-zinc-400">Deadline set by the payment API</span>
    </div>
  );
}
