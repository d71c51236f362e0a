"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useRetiredCurrencies } from "@/components/currencies/retired-currency";
import { ControlledField } from "@/components/forms/controlled-field";
import { CustomerPicker } from "@/components/names/customer-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { toast } from "@/components/ui/toast";
import { platformInternalAccountsQuery } from "@/lib/client/api/accounts";
import { customerAccountsQuery, runSandboxExchange, type SandboxExchange } from "@/lib/client/api/sandbox";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { queryKeys } from "@/lib/universal/api/keys";
import { parseMajorUnits } from "@/lib/universal/config/amounts";
import { formatMinorUnits } from "@/lib/universal/money/format";
import type { CustomerChoice } from "@/lib/universal/names/customer-matches";
import type { InternalAccount } from "@/shared/contract";
import { ExchangeView } from "./action-results";
import { AmountField } from "./amount-field";
import { exchangeErrorMessage } from "./exchange-status";

const PLATFORM = "platform";
const OWNER_OPTIONS = [
  { value: "platform", label: "The platform" },
  { value: "customer", label: "A customer" },
] as const;

type FundValues = { owner: string; accountId: string; amount: string };

function accountLabel(account: InternalAccount): string {
  return `${account.balance.currency.code} · balance ${formatMinorUnits(account.balance.amount, account.balance.currency)}`;
}

/** Adds money to an internal account of the platform or of a customer, as if it had been paid in. */
export function FundAccountCard({ onExchange }: { onExchange: (exchange: SandboxExchange) => void }) {
  const queryClient = useQueryClient();
  const [ownerKind, setOwnerKind] = useState<"platform" | "customer">(PLATFORM);
  const [picked, setPicked] = useState<CustomerChoice | null>(null);
  const [last, setLast] = useState<SandboxExchange | null>(null);

  const loadedAccounts = useRef<readonly InternalAccount[] | undefined>(undefined);
  const resolver = useLazyZodResolver<FundValues, FundValues>(
    () => import("./sandbox-schemas").then((module) => module.fundFormSchema(() => loadedAccounts.current)),
    [],
  );
  const form = useForm<FundValues>({
    resolver,
    defaultValues: { owner: PLATFORM, accountId: "", amount: "" },
  });
  const owner = useWatch({ control: form.control, name: "owner" });
  const accountId = useWatch({ control: form.control, name: "accountId" });
  const amount = useWatch({ control: form.control, name: "amount" });
  const platformAccounts = useQuery({ ...platformInternalAccountsQuery(), enabled: owner === PLATFORM });
  const customerAccounts = useQuery({
    ...customerAccountsQuery(owner),
    enabled: owner !== PLATFORM && owner !== "",
  });
  const accountsQuery = owner === PLATFORM ? platformAccounts : customerAccounts;
  // A retired currency (no longer supported by the platform) is not offered: nothing new is paid in it.
  const { isRetired } = useRetiredCurrencies();
  const held = accountsQuery.data?.data;
  const retiredCodes = held?.filter((candidate) => isRetired(candidate.balance.currency.code)) ?? [];
  const accounts = useMemo(
    () => held?.filter((candidate) => !isRetired(candidate.balance.currency.code)),
    [held, isRetired],
  );
  const account = accounts?.find((candidate) => candidate.id === accountId);
  loadedAccounts.current = accounts;

  // The account list belongs to the owner: choosing another owner picks that owner's first account.
  useEffect(() => {
    if (accounts && !accounts.some((candidate) => candidate.id === form.getValues("accountId"))) {
      form.setValue("accountId", accounts[0]?.id ?? "");
    }
  }, [accounts, form]);

  const submit = form.handleSubmit(async (values) => {
    const chosen = accounts?.find((candidate) => candidate.id === values.accountId);
    if (!chosen) return;
    const parsed = parseMajorUnits(values.amount, chosen.balance.currency.decimals, { min: 1 });
    if (!parsed.ok) return;
    const { fundSandboxInternalAccountBodySchema, internalAccountSchema } = await import("./sandbox-schemas");
    const body = fundSandboxInternalAccountBodySchema.parse({ amount: parsed.minor });
    const exchange = await runSandboxExchange(
      "Fund an internal account",
      "POST",
      `/sandbox/internal-accounts/${encodeURIComponent(chosen.id)}/fund`,
      body,
    );
    setLast(exchange);
    onExchange(exchange);
    if (exchange.ok) {
      const funded = internalAccountSchema.safeParse(exchange.response.body);
      toast.success(`Funded ${formatMinorUnits(parsed.minor, chosen.balance.currency)}`, {
        description: funded.success
          ? `New balance ${formatMinorUnits(funded.data.balance.amount, funded.data.balance.currency)}`
          : undefined,
      });
      form.setValue("amount", "");
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    } else {
      toast.error("The account was not funded", { description: exchangeErrorMessage(exchange) });
    }
  });

  return (
    <Card aria-labelledby="sandbox-fund-heading">
      <CardHeader>
        <div>
          <CardTitle id="sandbox-fund-heading">Fund an internal account</CardTitle>
          <CardDescription>Adds money to an account at once, as if it had been paid in.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form
          noValidate
          onFocus={resolver.preload}
          aria-label="Fund an internal account"
          onSubmit={(event) => void submit(event)}
          className="grid grid-cols-1 gap-4 md:grid-cols-2"
        >
          <div className="flex flex-col gap-3 md:col-span-2">
            <SegmentedChoice
              name="sandbox-fund-owner"
              label="Whose account"
              options={OWNER_OPTIONS}
              value={ownerKind}
              onChange={(next) => {
                setOwnerKind(next);
                form.setValue("owner", next === PLATFORM ? PLATFORM : (picked?.id ?? ""));
                form.setValue("accountId", "");
              }}
            />
            {ownerKind === "customer" ? (
              <CustomerPicker
                id="sandbox-fund-customer"
                label="Customer"
                value={picked}
                onChange={(choice) => {
                  setPicked(choice);
                  form.setValue("owner", choice?.id ?? "");
                  form.setValue("accountId", "");
                }}
                className="max-w-md"
              />
            ) : null}
          </div>
          <ControlledField
            control={form.control}
            name="accountId"
            label="Account"
            required
            description={
              owner === ""
                ? "Find the customer first."
                : accountsQuery.isPending
                  ? "Loading accounts…"
                  : accountsQuery.isError
                    ? "The accounts could not be loaded."
                    : accounts?.length === 0 && retiredCodes.length === 0
                      ? "This owner has no internal accounts."
                      : retiredCodes.length > 0
                        ? `Not offered: ${retiredCodes.map((c) => c.balance.currency.code).join(", ")}, no longer in the platform's supported currencies.`
                        : undefined
            }
          >
            {({ select }) => (
              <NativeSelect {...select} disabled={!accounts?.length}>
                <option value="" disabled>
                  Choose an account
                </option>
                {accounts?.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {accountLabel(candidate)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </ControlledField>
          <AmountField
            label="Amount"
            currencyCode={account?.balance.currency.code}
            decimals={account?.balance.currency.decimals}
            value={amount}
            error={form.formState.errors.amount}
            input={form.register("amount")}
            placeholder="100.00"
          />
          {account ? (
            <dl className="flex flex-col justify-center gap-1 text-sm">
              <div className="flex flex-wrap gap-x-1.5">
                <dt className="text-zinc-600 dark:text-zinc-400">Current balance</dt>
                <dd>
                  <Money
                    amount={account.balance.amount}
                    currency={account.balance.currency}
                    className="font-medium"
                  />
                </dd>
              </div>
              <div className="flex min-w-0 items-center gap-1">
                <dt className="sr-only">Account ID</dt>
                <dd className="flex min-w-0 items-center gap-1">
                  <span className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">
                    {account.id}
                  </span>
                  <CopyButton value={account.id} label="account ID" />
                </dd>
              </div>
            </dl>
          ) : (
            <div />
          )}
          <div className="md:col-span-2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Funding…">
              Fund account
            </Button>
          </div>
        </form>
        {last ? <ExchangeView exchange={last} /> : null}
      </CardContent>
    </Card>
  );
}
