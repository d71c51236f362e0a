"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { ControlledField } from "@/components/forms/controlled-field";
import { CustomerPicker } from "@/components/names/customer-picker";
import { AmountField } from "@/components/sandbox/amount-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { configQuery } from "@/lib/client/api/config";
import { createInvitation, recentInvitationsQuery } from "@/lib/client/api/invitations";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { queryKeys } from "@/lib/universal/api/keys";
import type { CustomerChoice } from "@/lib/universal/names/customer-matches";
import { ApiError } from "@/shared/api-error";
import type { Invitation } from "@/shared/contract";
import { currencyDecimals } from "@/shared/contract/iso-4217";
import { type CreateInvitationValues as CreateValues, NO_AMOUNT } from "./create-invitation-values";

/** Creates an invitation on the local payment service, from one of the platform's customers. */
export function CreateInvitationCard({ onCreated }: { onCreated: (invitation: Invitation) => void }) {
  const permission = usePermission("money.move");
  const queryClient = useQueryClient();
  const config = useQuery(configQuery());
  const [inviter, setInviter] = useState<CustomerChoice | null>(null);
  const pickerId = useId();
  const resolver = useLazyZodResolver<CreateValues, CreateValues>(
    () => import("./invitation-schemas").then((module) => module.createInvitationFormSchema),
    [],
  );
  const form = useForm<CreateValues>({
    resolver,
    defaultValues: { inviterUma: "", firstName: "", currency: NO_AMOUNT, amount: "", expiresAt: "" },
  });
  const [currency, amount] = useWatch({ control: form.control, name: ["currency", "amount"] });

  const submit = form.handleSubmit(async (values) => {
    try {
      const { bodyOf } = await import("./invitation-schemas");
      const invitation = await createInvitation(bodyOf(values));
      queryClient.setQueryData(queryKeys.invitation(invitation.code), invitation);
      void queryClient.invalidateQueries({ queryKey: recentInvitationsQuery().queryKey });
      toast.success(`Invitation ${invitation.code} created`);
      form.reset();
      setInviter(null);
      onCreated(invitation);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = fieldErrors(error);
        const known = ["inviterUma", "firstName", "expiresAt"] as const;
        let landed = false;
        for (const name of known) {
          if (fields[name]) {
            form.setError(name, { message: fields[name] });
            landed = true;
          }
        }
        if (fields["amountToSend.amount"] || fields["amountToSend.currency"]) {
          form.setError("amount", {
            message: fields["amountToSend.amount"] ?? fields["amountToSend.currency"],
          });
          landed = true;
        }
        if (!landed) form.setError("root", { message: `${error.message} (${error.code})` });
      } else {
        form.setError("root", { message: "The invitation could not be created. Try again." });
      }
    }
  });

  const supported = config.data?.supportedCurrencies.map((entry) => entry.currencyCode) ?? [];

  return (
    <Card aria-labelledby="create-invitation-heading">
      <CardHeader>
        <div>
          <CardTitle id="create-invitation-heading">Create an invitation</CardTitle>
          <CardDescription>
            On the local payment service: one of your customers invites someone to UMA, optionally with an
            amount to send once it is claimed.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onFocus={resolver.preload}
          aria-label="Create an invitation"
          onSubmit={(event) => {
            if (!permission.allowed) {
              event.preventDefault();
              return;
            }
            void submit(event);
          }}
          className="grid gap-4 sm:grid-cols-2"
        >
          {/* Greyed out for a role that may not invite: nothing to type into that could not be sent. */}
          <fieldset disabled={!permission.allowed} className="contents">
            <div className="sm:col-span-2">
              <CustomerPicker
                id={pickerId}
                label="Inviter"
                required
                value={inviter}
                onChange={(choice) => {
                  setInviter(choice);
                  form.setValue("inviterUma", choice?.umaAddress ?? "", {
                    shouldValidate: form.formState.isSubmitted,
                  });
                }}
                description={
                  inviter?.umaAddress
                    ? `Invites as ${inviter.umaAddress}.`
                    : "One of your customers, found by name, email, UMA address or id."
                }
                error={
                  inviter && !inviter.umaAddress
                    ? "This customer has no UMA address to invite from."
                    : form.formState.errors.inviterUma?.message
                }
              />
            </div>
            <FormField
              label="Inviter's first name"
              error={form.formState.errors.firstName}
              description="Shown to the invitee."
              className="sm:col-span-2"
            >
              <Input autoComplete="off" {...form.register("firstName")} />
            </FormField>
            <ControlledField control={form.control} name="currency" label="Amount to send">
              {({ select }) => (
                <NativeSelect
                  {...select}
                  onChange={(event) => {
                    select.onChange(event);
                    if (event.target.value === NO_AMOUNT) form.setValue("amount", "");
                  }}
                >
                  <option value={NO_AMOUNT}>No amount</option>
                  {supported.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </ControlledField>
            {currency === NO_AMOUNT ? (
              <div />
            ) : (
              <AmountField
                label="Amount"
                currencyCode={currency}
                decimals={currencyDecimals(currency)}
                value={amount}
                error={form.formState.errors.amount}
                input={form.register("amount")}
                placeholder="50.00"
              />
            )}
            <FormField
              label="Expires"
              error={form.formState.errors.expiresAt}
              description="Your local time. Empty: the service's default (30 days)."
            >
              <Input type="datetime-local" {...form.register("expiresAt")} />
            </FormField>
          </fieldset>
          <div className="flex flex-col justify-end gap-2 sm:col-span-2">
            {form.formState.errors.root ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {form.formState.errors.root.message}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <PermittedButton
                decision={permission}
                type="submit"
                loading={form.formState.isSubmitting}
                loadingText="Creating…"
              >
                Create invitation
              </PermittedButton>
              {!permission.allowed ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{permission.reason}</p>
              ) : null}
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
