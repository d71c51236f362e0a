"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UsersRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import { toast } from "@/components/ui/toast";
import { minorToMajorInput, parseMajorUnits } from "@/lib/config/amounts";
import { approvalThresholdsQuery, saveApprovalThresholds } from "@/lib/payments/approvals";
import { configQuery } from "@/lib/payments/config";
import { queryKeys } from "@/lib/payments/keys";
import { currencyDecimals } from "@/shared/contract/currencies";

/**
 * The two-person rule's thresholds: payments at or above a currency's amount need two distinct approvers. The
 * header shows the rule as it stands; compliance and admins change it in a dialog (audited on the server).
 */
export function TwoApproversThresholds() {
  const decide = usePermission("approvals.decide");
  const thresholds = useQuery(approvalThresholdsQuery());
  const [open, setOpen] = useState(false);
  const rules = thresholds.data?.thresholds ?? [];
  return (
    <div className="flex flex-col items-end gap-1">
      <PermittedButton decision={decide} variant="outline" onClick={() => setOpen(true)}>
        <UsersRound aria-hidden="true" />
        Two-person rule
      </PermittedButton>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {thresholds.isPending ? (
          "Loading the rule…"
        ) : rules.length === 0 ? (
          "Off: one approver for every payment"
        ) : (
          <>
            Two approvers from{" "}
            {rules.map((rule, index) => (
              <span key={rule.currency}>
                {index > 0 ? ", " : null}
                <Money
                  amount={rule.minimumAmount}
                  currency={{ code: rule.currency, decimals: currencyDecimals(rule.currency) ?? 2 }}
                />
              </span>
            ))}
          </>
        )}
      </p>
      {open ? <ThresholdsDialog current={rules} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function ThresholdsDialog({
  current,
  onClose,
}: {
  current: readonly { currency: string; minimumAmount: number }[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const config = useQuery(configQuery());
  const currencies = [
    ...new Set([
      ...(config.data?.supportedCurrencies ?? []).map((currency) => currency.currencyCode),
      ...current.map((rule) => rule.currency),
    ]),
  ].sort();
  const decimalsOf = (code: string) => currencyDecimals(code) ?? 2;
  const form = useForm<Record<string, string>>({
    values: Object.fromEntries(
      currencies.map((code) => {
        const rule = current.find((candidate) => candidate.currency === code);
        return [code, rule ? minorToMajorInput(rule.minimumAmount, decimalsOf(code)) : ""];
      }),
    ),
    resetOptions: { keepDirtyValues: true },
  });
  const save = useMutation({
    mutationFn: saveApprovalThresholds,
    onSuccess: () => {
      toast.success("Two-person rule saved");
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
      onClose();
    },
  });

  const submit = form.handleSubmit((values) => {
    const thresholds: { currency: string; minimumAmount: number }[] = [];
    let valid = true;
    for (const code of currencies) {
      const text = values[code]?.trim() ?? "";
      if (!text) continue;
      const parsed = parseMajorUnits(text, decimalsOf(code), { min: 1, currencyCode: code });
      if (!parsed.ok) {
        form.setError(code, { message: parsed.error });
        valid = false;
      } else thresholds.push({ currency: code, minimumAmount: parsed.minor });
    }
    if (valid) save.mutate(thresholds);
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Two-person rule"
        description="A payment at or above its currency's amount needs two different officers to approve it: the first approval is recorded, the second sends it. Leave a currency empty for one approver."
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {config.isPending ? <p className="text-sm">Loading currencies…</p> : null}
          {currencies.map((code) => (
            <FormField
              key={code}
              label={`${code}: two approvers from`}
              description={`In ${code}; empty means one approver.`}
              error={form.formState.errors[code]}
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register(code)} />
            </FormField>
          ))}
          {save.isError ? (
            <p className="text-sm text-red-700 dark:text-red-400">{save.error.message}</p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} loadingText="Saving…">
              Save rule
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
