"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { QueryState } from "@/components/ui/query-state";
import { saveApprovalThresholds, type ThresholdsChangeResult } from "@/lib/client/api/approvals";
import { configQuery } from "@/lib/client/api/config";
import { queryKeys } from "@/lib/universal/api/keys";
import { loosensThresholds } from "@/lib/universal/approvals/thresholds-rule";
import { minorToMajorInput, parseMajorUnits } from "@/lib/universal/config/amounts";
import { currencyDecimals } from "@/shared/contract/iso-4217";

/** The two-person rule's form, downloaded when first opened (components/approvals/two-approvers-thresholds.tsx). */
export function ThresholdsDialog({
  current,
  pendingProposal,
  onClose,
  onSaved,
}: {
  current: readonly { currency: string; minimumAmount: number }[];
  /** A change of the rule already waits for a second person: a loosening now is refused until it is decided. */
  pendingProposal: boolean;
  onClose: () => void;
  /** Told on the page (not in a toast over the next button): applied, or proposed for a second approver. */
  onSaved: (result: ThresholdsChangeResult) => void;
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
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
      onSaved(result);
      onClose();
    },
  });

  /** The rule the form holds, and the first invalid currency's error if any. */
  const parse = (values: Record<string, string>) => {
    const thresholds: { currency: string; minimumAmount: number }[] = [];
    const errors: [string, string][] = [];
    for (const code of currencies) {
      const text = values[code]?.trim() ?? "";
      if (!text) continue;
      const parsed = parseMajorUnits(text, decimalsOf(code), { min: 1, currencyCode: code });
      if (!parsed.ok) errors.push([code, parsed.error]);
      else thresholds.push({ currency: code, minimumAmount: parsed.minor });
    }
    return { thresholds, errors };
  };
  // Said before saving: a change that removes a currency or raises an amount waits for a second approver.
  const watched = parse(form.watch());
  const loosens = loosensThresholds(current, watched.thresholds);

  const submit = form.handleSubmit((values) => {
    const { thresholds, errors } = parse(values);
    for (const [code, message] of errors) form.setError(code, { message });
    if (errors.length === 0) save.mutate(thresholds);
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Two-person rule"
      description="A payment at or above its currency's amount needs two different officers to approve it: the first approval is recorded, the second sends it. Leave a currency empty for one approver."
      intro={
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Loosening the rule needs a second approver: emptying a currency or raising its amount is proposed,
          and applies only once another compliance officer or admin approves it. Adding a currency or lowering
          an amount applies at once, to payments already waiting too. A payment is judged by the stricter of
          the rule it arrived under and today's: a loosening never reaches payments already waiting.
        </p>
      }
      onSubmit={submit}
      rootError={
        save.isError ? <p className="text-sm text-red-700 dark:text-red-400">{save.error.message}</p> : null
      }
      submit={{
        label: loosens ? "Propose change" : "Save rule",
        loading: save.isPending,
        loadingText: "Saving…",
      }}
      cancel={{ onClick: onClose }}
    >
      {/* The rule's own currencies show at once and the platform's others join when its configuration arrives;
          without the configuration the form offers the rule's currencies and says nothing more. */}
      <QueryState query={config} loading={<p className="text-sm">Loading currencies…</p>} error={() => null}>
        {() => null}
      </QueryState>
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
      <p
        role="status"
        className={loosens ? "text-sm font-medium text-amber-800 dark:text-amber-300" : "sr-only"}
      >
        {loosens
          ? pendingProposal
            ? "This loosens the rule, and a change of it already waits for a second approver: decide or withdraw that one first."
            : "This loosens the rule: it will be proposed, and a second approver must approve it."
          : ""}
      </p>
    </FormDialog>
  );
}
