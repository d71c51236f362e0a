"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { minorToMajorInput, parseMajorUnits } from "@/lib/config/amounts";
import { saveApprovalThresholds } from "@/lib/payments/approvals";
import { configQuery } from "@/lib/payments/config";
import { queryKeys } from "@/lib/payments/keys";
import { currencyDecimals } from "@/shared/contract/iso-4217";

/** The two-person rule's form, downloaded when first opened (components/approvals/two-approvers-thresholds.tsx). */
export function ThresholdsDialog({
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
