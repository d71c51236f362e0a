"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { fieldLabel } from "@/components/config/field-labels";
import { FundingInstructions } from "@/components/quotes/funding-instructions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import type { QueryStateSource } from "@/components/ui/query-state-phase";
import { toast } from "@/components/ui/toast";
import { namesQuery } from "@/lib/client/api/names";
import { isRealTimeFunded, quoteQuery } from "@/lib/client/api/quotes";
import { lookupReceiver } from "@/lib/client/api/receiver";
import { retryPayment } from "@/lib/client/api/retry";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Quote, ReceiverLookup, Transaction } from "@/shared/contract";
import { retryTerms } from "./retry-terms";

type Lookup =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; lookup: ReceiverLookup }
  | { state: "failed"; message: string };

/** Whether a payment can be retried from its page: a failed or refunded outgoing UMA payment a customer sent. */
export function canRetry(transaction: Transaction): boolean {
  return (
    transaction.type === "OUTGOING" &&
    (transaction.status === "FAILED" || transaction.status === "REFUNDED") &&
    typeof transaction.quoteId === "string" &&
    typeof transaction.destination.umaAddress === "string" &&
    transaction.customerId !== ""
  );
}

/**
 * Retries a failed outgoing payment: a fresh lookup of the same recipient, the fields they require asked again,
 * then the same amount delivered by a new payment, linked to this one, funded as this one was. The dialog states
 * that amount and, from the original quote, how it is funded: the account debited, or, for a payment funded just in
 * time, that no account is and the sender pays in again; it cannot be confirmed until it can say which. A retry
 * funded just in time then shows its new payment instructions (what to pay in, where, with which reference)
 * before anyone leaves the page (docs/decisions/0075-a-retry-is-funded-as-the-original-was.md).
 */
export function RetryPayment({ transaction }: { transaction: Transaction }) {
  const permission = usePermission("money.move");
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const [info, setInfo] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const destination = transaction.destination.umaAddress;
  const recipient = typeof destination === "string" ? destination : "";
  // What the retry sends and from where, read when the dialog opens: the original quote's amounts (the failed
  // payment's own may be what arrived, or nothing) and the source account's name.
  const quote = useQuery({
    ...quoteQuery(transaction.quoteId ?? ""),
    enabled: open && !!transaction.quoteId,
  });
  const terms = retryTerms(transaction, quote.data);
  const nameIds = [terms.accountId, transaction.customerId].filter((id): id is string => !!id);
  const names = useQuery({ ...namesQuery(nameIds), enabled: open && nameIds.length > 0 });
  const accountName = terms.accountId ? names.data?.names[terms.accountId]?.name : undefined;
  const senderName = names.data?.names[transaction.customerId]?.name;
  // A retry funded just in time, once made: its instructions are shown before the page moves on to it.
  const [made, setMade] = useState<Quote | null>(null);

  const start = async () => {
    setOpen(true);
    setError(null);
    setLookup({ state: "loading" });
    try {
      setLookup({ state: "ready", lookup: await lookupReceiver(recipient, transaction.customerId) });
    } catch (caught) {
      setLookup({
        state: "failed",
        message: caught instanceof Error ? caught.message : "The recipient could not be looked up.",
      });
    }
  };

  // The lookup as a query's state, for the one view of loading, error and content (components/ui/query-state.tsx).
  // Opening the dialog starts it, so an open dialog is never "idle".
  const lookupQuery: QueryStateSource<ReceiverLookup, string> = {
    isPending: lookup.state === "idle" || lookup.state === "loading",
    isError: lookup.state === "failed",
    error: lookup.state === "failed" ? lookup.message : null,
    data: lookup.state === "ready" ? lookup.lookup : undefined,
    isFetching: lookup.state === "loading",
    refetch: start,
  };
  const fields = lookup.state === "ready" ? (lookup.lookup.requiredPayerDataFields ?? []) : [];
  const missing = fields.filter((field) => field.mandatory && !(info[field.name] ?? "").trim());

  const retry = async () => {
    if (lookup.state !== "ready") throw new Error("no lookup");
    setError(null);
    const senderCustomerInfo = Object.fromEntries(
      Object.entries(info)
        .map(([name, value]) => [name, value.trim()])
        .filter(([, value]) => value !== ""),
    );
    try {
      const quote = await retryPayment(transaction.quoteId as string, {
        lookupId: lookup.lookup.lookupId,
        ...(Object.keys(senderCustomerInfo).length > 0 ? { senderCustomerInfo } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      // A retry funded just in time is told by the dialog that shows what to pay in (decision 0010: on the page).
      if (isRealTimeFunded(quote)) {
        setMade(quote);
        return;
      }
      toast.success("Payment retried", { description: `New payment ${quote.transactionId}` });
      router.push(`/transactions/${encodeURIComponent(quote.transactionId)}`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The payment could not be retried. Try again.");
      throw caught;
    }
  };

  return (
    <>
      <PermittedButton decision={permission} variant="outline" onClick={() => void start()}>
        <RotateCcw aria-hidden="true" />
        Retry payment
      </PermittedButton>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setError(null);
            setInfo({});
          }
        }}
        title="Retry this payment?"
        description={
          terms.amounts && terms.funding === "just-in-time" ? (
            <>
              A new payment to {recipient} delivers{" "}
              <Money amount={terms.amounts.delivers.amount} currency={terms.amounts.delivers.currency} />, as
              this one was to. Like this one, it is funded just in time: no account is debited.{" "}
              {senderName ?? "The sender"} pays in about{" "}
              <Money amount={terms.amounts.costs.amount} currency={terms.amounts.costs.currency} /> (its rate
              is quoted again) by new payment instructions, shown once it is made, and it goes out when the
              money arrives; this one stays failed.
            </>
          ) : terms.amounts ? (
            <>
              A new payment to {recipient} delivers{" "}
              <Money amount={terms.amounts.delivers.amount} currency={terms.amounts.delivers.currency} />, as
              this one was to, for about{" "}
              <Money amount={terms.amounts.costs.amount} currency={terms.amounts.costs.currency} /> (its rate
              is quoted again), debited from{" "}
              {accountName ?? terms.accountId ?? "the account this one came from"}; this one stays failed.
            </>
          ) : (
            <>
              A new payment to {recipient} delivers what this one was to, debited from{" "}
              {accountName ?? terms.accountId ?? "the account this one came from"}; this one stays failed.{" "}
              {quote.isError
                ? "The amount could not be read (the original quote did not load), so the payment cannot be retried from here."
                : "Reading the amount…"}
            </>
          )
        }
        confirmLabel="Retry payment"
        pendingLabel="Retrying…"
        confirmDisabled={lookup.state !== "ready" || missing.length > 0 || !terms.amounts}
        onConfirm={retry}
      >
        <QueryState
          query={lookupQuery}
          loading={<p className="text-sm">Looking up {recipient}…</p>}
          error={(message) => (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {message}
            </p>
          )}
        >
          {() =>
            fields.length > 0 ? (
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-1 text-sm font-medium">
                  What the recipient's institution asks about the sender
                </legend>
                {fields.map((field) => (
                  <div key={field.name} className="flex flex-col gap-1">
                    <Label htmlFor={`retry-${field.name}`}>
                      {fieldLabel(field.name)}
                      {field.mandatory ? " (required)" : " (optional)"}
                    </Label>
                    <Input
                      id={`retry-${field.name}`}
                      autoComplete="off"
                      value={info[field.name] ?? ""}
                      onChange={(event) =>
                        setInfo((current) => ({ ...current, [field.name]: event.target.value }))
                      }
                    />
                  </div>
                ))}
              </fieldset>
            ) : null
          }
        </QueryState>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
      {/* Opened once the confirmation has closed, so one dialog at a time holds the focus. */}
      {made && !open ? (
        <RetryFundingDialog
          quote={made}
          senderName={senderName}
          onClose={() => setMade(null)}
          onOpenPayment={() => router.push(`/transactions/${encodeURIComponent(made.transactionId)}`)}
        />
      ) : null}
    </>
  );
}

/**
 * A retry funded just in time, made: nothing moves until its sender pays in. States the amount to pay in and shows
 * the new payment instructions (the reference is the new quote's own; the failed payment's is spent), re-reading the
 * quote so it follows the money when it arrives.
 */
function RetryFundingDialog({
  quote,
  senderName,
  onClose,
  onOpenPayment,
}: {
  quote: Quote;
  senderName: string | undefined;
  onClose: () => void;
  onOpenPayment: () => void;
}) {
  const current = useQuery({ ...quoteQuery(quote.quoteId), initialData: quote });
  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent
        title="Payment retried: waiting for the money"
        description={
          <>
            Nothing was taken from any account. The new payment goes out when {senderName ?? "the sender"}{" "}
            pays in{" "}
            <Money
              amount={current.data.totalSendingAmount}
              currency={current.data.sendingCurrency}
              className="font-semibold"
            />{" "}
            by these instructions, with the new reference; the failed payment's instructions no longer apply.
          </>
        }
      >
        <FundingInstructions quote={current.data} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button onClick={onOpenPayment}>Open the new payment</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
