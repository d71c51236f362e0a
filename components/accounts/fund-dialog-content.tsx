"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { AmountInput, formatTypedAmount } from "@/components/forms/amount-input";
import { ControlledField } from "@/components/forms/controlled-field";
import { FormDialog } from "@/components/ui/form-dialog";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import { toast } from "@/components/ui/toast";
import { fundSandboxAccount } from "@/lib/client/api/accounts";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import { formatMinorUnits } from "@/lib/universal/money/format";
import type { InternalAccount } from "@/shared/contract";
import { MAX_SANDBOX_FUND_AMOUNT } from "@/shared/contract/limits";

/** Sandbox only: credits an internal account at once, as if money had arrived. */
/** The dialog of `FundDialog` (./fund-dialog-content.tsx without -content), downloaded when first opened. */
export function FundDialogContent({
  account,
  ownerLabel,
  open,
  onOpenChange: setOpen,
  returnFocusTo,
}: {
  account: InternalAccount;
  ownerLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: LazyDialogControl["returnFocusTo"];
}) {
  const queryClient = useQueryClient();
  const currency = account.balance.currency;
  const resolver = useLazyZodResolver<{ amount: string }, { amount: number }>(
    () => import("./account-form-schemas").then((module) => module.fundFormSchema(currency)),
    [currency],
  );
  const form = useForm<{ amount: string }, unknown, { amount: number }>({
    resolver,
    defaultValues: { amount: "" },
  });
  const typed = formatTypedAmount(form.watch("amount"), currency);

  const submit = form.handleSubmit(async ({ amount }) => {
    try {
      const updated = await fundSandboxAccount(account.id, amount);
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      toast.success(
        `Added ${formatMinorUnits(amount, currency)} to ${ownerLabel}'s ${currency.code} account`,
        {
          description: `New balance ${formatMinorUnits(updated.balance.amount, updated.balance.currency)}`,
        },
      );
      setOpen(false);
      form.reset();
    } catch (error) {
      landServerErrors(
        form.setError,
        error,
        (path) => (path === "amount" ? path : undefined),
        "The account could not be funded.",
      );
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      returnFocusTo={returnFocusTo}
      title={`Fund ${ownerLabel}'s ${currency.code} account`}
      description="Sandbox only: the amount is added at once, as if a payment had arrived, and an account status event is sent."
      onSubmit={submit}
      rootError={form.formState.errors.root?.server?.message}
      submit={{ label: "Fund account", loading: form.formState.isSubmitting, loadingText: "Funding…" }}
      cancel={{ onClick: () => setOpen(false) }}
    >
      <ControlledField
        control={form.control}
        name="amount"
        label={`Amount in ${currency.code}`}
        required
        description={
          typed
            ? `Adds ${typed}. Current balance ${formatMinorUnits(account.balance.amount, currency)}.`
            : `At most ${formatMinorUnits(MAX_SANDBOX_FUND_AMOUNT, currency)} at a time.`
        }
      >
        {({ control, field }) => (
          <AmountInput {...control} currency={currency} value={field.value} onValueChange={field.onChange} />
        )}
      </ControlledField>
    </FormDialog>
  );
}
