"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDownToLine, ArrowUpFromLine } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { AmountInput, formatTypedAmount } from "@/components/forms/amount-input";
import { ControlledField } from "@/components/forms/controlled-field";
import { IdValue } from "@/components/transactions/id-value";
import { FormDialog } from "@/components/ui/form-dialog";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import { Link } from "@/components/ui/link";
import { QueryState } from "@/components/ui/query-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { externalAccountsForQuery, transferIn, transferOut } from "@/lib/client/api/accounts";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import { formatMinorUnits, minorUnitsToDecimalString } from "@/lib/universal/money/format";
import { bankAccountHolder, internalAccountName } from "@/lib/universal/names/labels";
import { cn } from "@/lib/universal/utils";
import {
  createTransferInBodySchema,
  createTransferOutBodySchema,
  type ExternalAccount,
  type InternalAccount,
  type Transaction,
} from "@/shared/contract";
import { bankAccountTitle } from "./bank-account-labels";

type Direction = "in" | "out";

/** An id under the name it belongs to: there to check and copy, not to read first. */
const SECONDARY = "text-zinc-500 dark:text-zinc-400";

const DIRECTIONS: Record<Direction, { label: string; hint: string; icon: typeof ArrowDownToLine }> = {
  in: { label: "Transfer in", hint: "From a bank account into this account", icon: ArrowDownToLine },
  out: { label: "Transfer out", hint: "From this account to a bank account", icon: ArrowUpFromLine },
};

type TransferValues = { direction: Direction; externalAccountId: string; amount: string };
type TransferOutput = { direction: Direction; externalAccountId: string; amount: number };

function outcomeToast(transaction: Transaction, amountText: string, direction: Direction) {
  const verb = direction === "in" ? "Transfer in" : "Transfer out";
  if (transaction.status === "COMPLETED") {
    toast.success(`${verb} of ${amountText} completed`, { description: transaction.id });
  } else if (transaction.status === "FAILED" || transaction.status === "REJECTED") {
    const detail = (transaction as { failureDetail?: unknown }).failureDetail;
    toast.error(`${verb} of ${amountText} failed`, {
      description: typeof detail === "string" ? detail : (transaction.failureReason ?? transaction.id),
    });
  } else {
    toast.info(`${verb} of ${amountText} is ${transaction.status.toLowerCase()}`, {
      description: "The bank has not confirmed it yet; the balance changes when it does.",
    });
  }
}

/**
 * Moves money between an internal account and one of its owner's bank accounts in the same currency. The amount
 * is typed in major units and sent as exact minor units; a review step shows what will happen before it does.
 */
/** The dialog of `TransferDialog` (./transfer-dialog-content.tsx without -content), downloaded when first opened. */
export function TransferDialogContent({
  account,
  ownerLabel,
  open,
  onOpenChange: setOpen,
  returnFocusTo,
  customerHref,
  outOnly = false,
}: {
  account: InternalAccount;
  /** "Acme Ltd" or "the platform", for sentences. */
  ownerLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: LazyDialogControl["returnFocusTo"];
  /** Where the owner's bank accounts are managed, for the empty state. */
  customerHref?: string;
  /** A retired currency's account: money may leave it, none comes in. */
  outOnly?: boolean;
}) {
  const [reviewing, setReviewing] = React.useState(false);
  const queryClient = useQueryClient();
  const currency = account.balance.currency;
  const resolver = useLazyZodResolver<TransferValues, TransferOutput>(
    () => import("./account-form-schemas").then((module) => module.transferFormSchema(account)),
    [account],
  );
  const form = useForm<TransferValues, unknown, TransferOutput>({
    resolver,
    defaultValues: { direction: outOnly ? "out" : "in", externalAccountId: "", amount: "" },
  });
  const external = useQuery({
    ...externalAccountsForQuery({ customerId: account.customerId || undefined, currency: currency.code }),
    enabled: open,
  });
  const direction = form.watch("direction");
  const chosen = external.data?.data.find((item) => item.id === form.watch("externalAccountId"));
  const amountText = formatTypedAmount(form.watch("amount"), currency);
  const usable = (item: ExternalAccount) => item.status !== "INACTIVE";

  const close = () => {
    setOpen(false);
    setReviewing(false);
    form.reset();
  };

  const review = form.handleSubmit(() => setReviewing(true));
  const confirm = form.handleSubmit(async (values) => {
    try {
      const transaction =
        values.direction === "in"
          ? await transferIn(
              createTransferInBodySchema.parse({
                source: { accountId: values.externalAccountId },
                destination: { accountId: account.id },
                amount: values.amount,
              }),
            )
          : await transferOut(
              createTransferOutBodySchema.parse({
                source: { accountId: account.id },
                destination: { accountId: values.externalAccountId },
                amount: values.amount,
              }),
            );
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      outcomeToast(transaction, formatMinorUnits(values.amount, currency), values.direction);
      close();
    } catch (error) {
      setReviewing(false);
      landServerErrors(
        form.setError,
        error,
        (path) =>
          path === "amount" ? "amount" : path.includes("accountId") ? "externalAccountId" : undefined,
        "The transfer could not be made. Try again.",
      );
    }
  });

  const accounts = external.data?.data ?? [];
  const DirectionIcon = DIRECTIONS[direction].icon;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      returnFocusTo={returnFocusTo}
      title={reviewing ? "Review the transfer" : `Transfer with ${ownerLabel}'s ${currency.code} account`}
      description={
        reviewing
          ? "Check the details; the transfer starts when you confirm."
          : `Balance ${formatMinorUnits(account.balance.amount, currency)}. Only ${ownerLabel}'s own ${currency.code} bank accounts can be used.`
      }
      onSubmit={reviewing ? confirm : review}
      rootError={form.formState.errors.root?.server?.message}
      submit={
        reviewing
          ? { label: "Confirm transfer", loading: form.formState.isSubmitting, loadingText: "Transferring…" }
          : { label: "Review transfer", disabled: accounts.length === 0 }
      }
      cancel={
        reviewing
          ? { label: "Back", onClick: () => setReviewing(false), disabled: form.formState.isSubmitting }
          : { onClick: close }
      }
    >
      {reviewing ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md bg-zinc-50 p-4 text-sm dark:bg-zinc-950">
          <dt className="text-zinc-500 dark:text-zinc-400">Direction</dt>
          <dd className="flex items-center gap-1.5 font-medium">
            <DirectionIcon aria-hidden="true" className="size-4" />
            {DIRECTIONS[direction].label}
          </dd>
          <dt className="text-zinc-500 dark:text-zinc-400">Amount</dt>
          <dd className="font-medium tabular-nums">{amountText}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">{direction === "in" ? "From" : "To"}</dt>
          <dd className="flex min-w-0 flex-col items-start gap-0.5">
            {chosen ? (
              <>
                <span className="font-medium">{bankAccountTitle(chosen.accountInfo)}</span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  Held by {bankAccountHolder(chosen) ?? ownerLabel}
                </span>
                <IdValue value={chosen.id} label="bank account id" className={SECONDARY} />
              </>
            ) : (
              "—"
            )}
          </dd>
          <dt className="text-zinc-500 dark:text-zinc-400">{direction === "in" ? "Into" : "Out of"}</dt>
          <dd className="flex min-w-0 flex-col items-start gap-0.5">
            <span className="font-medium">
              {internalAccountName(account, account.customerId ? ownerLabel : undefined)}
            </span>
            <IdValue value={account.id} label="internal account id" className={SECONDARY} />
          </dd>
        </dl>
      ) : (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Direction</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(outOnly ? (["out"] as const) : (["in", "out"] as const)).map((value) => {
                const Icon = DIRECTIONS[value].icon;
                return (
                  <label
                    key={value}
                    className={cn(
                      "flex cursor-pointer items-start gap-2.5 rounded-md border border-zinc-300 p-3 dark:border-zinc-700",
                      "has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-700/20",
                    )}
                  >
                    <input
                      type="radio"
                      value={value}
                      className="mt-0.5 size-4 accent-brand-600"
                      {...form.register("direction")}
                    />
                    <span className="flex flex-col gap-0.5">
                      <span className="flex items-center gap-1.5 text-sm font-medium">
                        <Icon aria-hidden="true" className="size-4" />
                        {DIRECTIONS[value].label}
                      </span>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {DIRECTIONS[value].hint}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <QueryState
            query={external}
            loading={
              <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" role="status">
                <Spinner className="size-4" /> Loading bank accounts…
              </p>
            }
            error={(error, retry) => (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                The bank accounts could not be loaded: {error.message}{" "}
                <button type="button" className="underline" onClick={retry}>
                  Retry
                </button>
              </p>
            )}
            isEmpty={(data) => data.data.length === 0}
            empty={
              <div className="rounded-md border border-dashed border-zinc-300 p-4 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
                <p className="font-medium text-zinc-900 dark:text-zinc-100">
                  No {currency.code} bank account on file
                </p>
                <p className="mt-1">
                  Transfers need a bank account of {ownerLabel} in {currency.code}.{" "}
                  {customerHref ? (
                    <Link href={customerHref} className="underline underline-offset-2">
                      Add one on the customer's page.
                    </Link>
                  ) : (
                    "Add one under the platform's bank accounts."
                  )}
                </p>
              </div>
            }
          >
            {() => (
              <ControlledField
                control={form.control}
                name="externalAccountId"
                label={direction === "in" ? "From bank account" : "To bank account"}
                required
              >
                {({ control, field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...control}>
                      <SelectValue placeholder="Choose a bank account" />
                    </SelectTrigger>
                    <SelectContent>
                      {accounts.map((item) => (
                        <SelectItem key={item.id} value={item.id} disabled={!usable(item)}>
                          {bankAccountTitle(item.accountInfo)}
                          {item.status !== "ACTIVE"
                            ? ` (${item.status.toLowerCase().replace("_", " ")})`
                            : ""}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </ControlledField>
            )}
          </QueryState>

          <ControlledField
            control={form.control}
            name="amount"
            label={`Amount in ${currency.code}`}
            required
            description={
              direction === "out" ? (
                <span className="flex flex-wrap items-center gap-x-2">
                  Up to {formatMinorUnits(account.balance.amount, currency)}.
                  {account.balance.amount > 0 ? (
                    <button
                      type="button"
                      className="font-medium text-brand-600 underline underline-offset-2 dark:text-brand-400"
                      onClick={() =>
                        form.setValue(
                          "amount",
                          minorUnitsToDecimalString(account.balance.amount, currency.decimals),
                          { shouldValidate: true },
                        )
                      }
                    >
                      Use the whole balance
                    </button>
                  ) : null}
                </span>
              ) : currency.decimals === 0 ? (
                `In whole ${currency.code}; it has no minor units.`
              ) : (
                `In ${currency.code}, with up to ${currency.decimals} decimal place${currency.decimals === 1 ? "" : "s"}.`
              )
            }
          >
            {({ control, field }) => (
              <AmountInput
                {...control}
                currency={currency}
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          </ControlledField>
        </>
      )}
    </FormDialog>
  );
}
