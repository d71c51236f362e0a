"use client";

import { useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { fieldLabel } from "@/components/config/field-labels";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Money } from "@/components/ui/money";
import { QueryState } from "@/components/ui/query-state";
import type { QueryStateSource } from "@/components/ui/query-state-phase";
import { toast } from "@/components/ui/toast";
import { lookupReceiver } from "@/lib/client/api/receiver";
import { retryPayment } from "@/lib/client/api/retry";
import { queryKeys } from "@/lib/universal/api/keys";
import type { ReceiverLookup, Transaction } from "@/shared/contract";

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
 * then the same amount delivered by a new payment, linked to this one.
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
          <>
            A new payment to {recipient} delivers the same{" "}
            {transaction.receivedAmount ? (
              <Money
                amount={transaction.receivedAmount.amount}
                currency={transaction.receivedAmount.currency}
              />
            ) : (
              "amount"
            )}{" "}
            again, debiting the same account; this one stays failed.
          </>
        }
        confirmLabel="Retry payment"
        pendingLabel="Retrying…"
        confirmDisabled={lookup.state !== "ready" || missing.length > 0}
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
    </>
  );
}
