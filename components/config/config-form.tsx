"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Info } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldPath, useFieldArray, useForm, useWatch } from "react-hook-form";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { toast } from "@/components/ui/toast";
import {
  type ConfigChange,
  type ConfigSettings,
  configPatch,
  countChanges,
  diffConfig,
  proxyUmaSubdomainOf,
  settingsFromConfig,
} from "@/lib/config/diff";
import {
  type ConfigFormOutput,
  type ConfigFormValues,
  formPathForServerField,
  formValuesFromConfig,
  newCurrencyRow,
  settingsFromFormOutput,
} from "@/lib/config/form";
import { useLazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { updateConfig } from "@/lib/payments/config";
import { fieldErrors } from "@/lib/payments/error-details";
import { queryKeys } from "@/lib/payments/keys";
import { listWebhookDeliveries } from "@/lib/payments/webhooks";
import { cn } from "@/lib/utils";
import { ApiError } from "@/shared/api-error";
import type { PlatformConfig, UserInfoFieldName } from "@/shared/contract";
import { asciiLower, hostnameIssue } from "@/shared/contract/uma-address-format";
import { AddCurrencyDialog } from "./add-currency-dialog";
import { CurrencyTable } from "./currency-table";
import type { EndpointTest } from "./endpoint-test-result";

type Review = { settings: ConfigSettings; changes: ConfigChange[] };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd className="mt-1 text-sm">{children}</dd>
    </div>
  );
}

// Shown only after a save tested a new endpoint, so downloaded then.
const EndpointTestResult = dynamic(() =>
  import("./endpoint-test-result").then((module) => module.EndpointTestResult),
);
// The review dialog (and the Radix dialog under it) is downloaded when the changes are first reviewed.
const ReviewChangesDialog = lazyWhenOpen(() =>
  import("./review-changes-dialog").then((module) => module.ReviewChangesDialog),
);

/**
 * The platform configuration as one form. Admins edit it; saving first shows the exact diff against what is
 * configured and asks to confirm, then PATCHes only what changed. Everyone else reads the same page and is told why
 * they cannot save.
 */
export function ConfigForm({
  config,
  localService,
  endpointTest,
  onEndpointSaved,
}: {
  config: PlatformConfig;
  localService: boolean;
  endpointTest: EndpointTest | null;
  onEndpointSaved: (test: EndpointTest) => void;
}) {
  const viewer = useViewer();
  const permission = usePermission("config.write");
  const readOnly = !permission.allowed;
  const queryClient = useQueryClient();
  // What the form started from; the diff is always against this, never against the live query.
  const [base, setBase] = useState(config);
  const resolver = useLazyZodResolver<ConfigFormValues, ConfigFormOutput>(
    () =>
      import("@/lib/config/form-schema").then((module) =>
        module.configFormSchema({
          environment: viewer.environment,
          endpointRequired: Boolean(base.webhookEndpoint),
        }),
      ),
    [viewer.environment, base.webhookEndpoint],
  );
  const form = useForm<ConfigFormValues, unknown, ConfigFormOutput>({
    resolver,
    defaultValues: formValuesFromConfig(base),
    mode: "onTouched",
  });
  const currencies = useFieldArray({ control: form.control, name: "currencies" });
  const [review, setReview] = useState<Review | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const addButtonArea = useRef<HTMLDivElement>(null);
  const { isDirty, errors } = form.formState;

  const umaDomain = useWatch({ control: form.control, name: "umaDomain" });
  // The contract's umaDomainSchema, without loading it: lowercased, then a hostname.
  const domainValid = hostnameIssue(asciiLower(umaDomain.trim())) === null;
  const rows = useWatch({ control: form.control, name: "currencies" });

  // Someone else saved meanwhile: follow them when nothing is being edited here, otherwise say so.
  const changedElsewhere = config.updatedAt !== base.updatedAt;
  useEffect(() => {
    if (changedElsewhere && !isDirty) {
      setBase(config);
      form.reset(formValuesFromConfig(config));
    }
  }, [changedElsewhere, isDirty, config, form]);

  const providerFields = useMemo(
    () =>
      new Map<string, readonly UserInfoFieldName[]>(
        base.supportedCurrencies.map((currency) => [
          currency.currencyCode,
          currency.providerRequiredCustomerFields,
        ]),
      ),
    [base],
  );

  const openReview = form.handleSubmit(
    (output) => {
      const settings = settingsFromFormOutput(output);
      const changes = diffConfig(settingsFromConfig(base), settings);
      if (changes.length === 0) {
        setNotice("Nothing to save: the form matches the configuration.");
        return;
      }
      setNotice(null);
      setSaveError(null);
      setReview({ settings, changes });
    },
    () =>
      toast.error("Some fields need attention", {
        description: "Fix the highlighted fields, then review again.",
      }),
  );

  const save = async () => {
    if (!review) return;
    const body = configPatch(settingsFromConfig(base), review.settings);
    if (!body) {
      setReview(null);
      return;
    }
    setSaving(true);
    setSaveError(null);
    const endpoint = body.webhookEndpoint;
    let before: string[] | null = null;
    if (endpoint !== undefined && localService) {
      try {
        before = (await listWebhookDeliveries(100)).data.map((delivery) => delivery.webhookId);
      } catch {
        before = null;
      }
    }
    try {
      const updated = await updateConfig(body);
      queryClient.setQueryData(queryKeys.config, updated);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.config, "history"] });
      setBase(updated);
      form.reset(formValuesFromConfig(updated));
      const count = countChanges(review.changes);
      setReview(null);
      toast.success("Configuration saved", {
        description: `${count} change${count === 1 ? "" : "s"} applied.`,
      });
      if (endpoint !== undefined) onEndpointSaved({ url: endpoint, before, savedAt: Date.now() });
    } catch (error) {
      if (error instanceof ApiError) {
        let landed = 0;
        for (const [path, message] of Object.entries(fieldErrors(error))) {
          const target = formPathForServerField(path);
          if (target) {
            form.setError(target as FieldPath<ConfigFormValues>, { message });
            landed += 1;
          }
        }
        if (landed > 0) {
          setReview(null);
          toast.error("The configuration was not saved", { description: error.message });
        } else {
          setSaveError(`${error.message} (${error.code})`);
        }
      } else {
        setSaveError("The configuration could not be saved. Try again.");
      }
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setBase(config);
    form.reset(formValuesFromConfig(config));
    setNotice(null);
  };

  const currencyError = errors.currencies?.root?.message ?? errors.currencies?.message;

  return (
    <form
      noValidate
      onFocus={resolver.preload}
      aria-label="Platform configuration"
      onSubmit={(event) => {
        if (readOnly) {
          event.preventDefault();
          return;
        }
        void openReview(event);
      }}
      className="flex flex-col gap-6"
    >
      {readOnly ? (
        <p className="flex items-start gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
          You can read the configuration but not change it. {permission.reason}
        </p>
      ) : null}
      {changedElsewhere && isDirty ? (
        <p
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Someone saved the configuration while you were editing. Your review compares against what you
          started from.
          <Button variant="outline" size="sm" onClick={discard}>
            Discard mine and load theirs
          </Button>
        </p>
      ) : null}

      <Card aria-labelledby="config-platform-heading">
        <CardHeader>
          <div>
            <CardTitle id="config-platform-heading">Platform</CardTitle>
            <CardDescription>The domain of your customers' UMA addresses.</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-[minmax(0,28rem)_1fr]">
          <FormField
            label="UMA domain"
            required
            error={errors.umaDomain}
            description="Changing it changes the domain of every customer's UMA address."
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              readOnly={readOnly}
              {...form.register("umaDomain")}
            />
          </FormField>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="Proxy UMA subdomain">
              <span className="font-mono" aria-live="polite">
                {domainValid ? proxyUmaSubdomainOf(umaDomain) : "—"}
              </span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                Derived from the domain's first label
              </span>
            </Fact>
            <Fact label="Regulated institution">
              {base.isRegulatedFinancialInstitution === undefined
                ? "Not reported"
                : base.isRegulatedFinancialInstitution
                  ? "Yes"
                  : "No"}
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                Fixed when the platform was created
              </span>
            </Fact>
            <Fact label="Configuration ID">
              <span className="flex items-center gap-1">
                <span className="truncate font-mono text-xs">{base.id}</span>
                <CopyButton value={base.id} label="configuration ID" />
              </span>
            </Fact>
            <Fact label="Last updated">
              {base.updatedAt ? `${base.updatedAt.replace("T", " ").slice(0, 19)} UTC` : "—"}
            </Fact>
          </dl>
        </CardContent>
      </Card>

      <Card aria-labelledby="config-webhook-heading">
        <CardHeader>
          <div>
            <CardTitle id="config-webhook-heading">Webhook endpoint</CardTitle>
            <CardDescription>
              Where the payment API sends events, including incoming payments to approve.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FormField
            label="Endpoint URL"
            required={Boolean(base.webhookEndpoint)}
            error={errors.webhookEndpoint}
            description={
              viewer.environment === "sandbox"
                ? "An https URL, or http for localhost and 127.0.0.1 in the sandbox. Saving a new endpoint sends it a TEST event."
                : "An https URL. Saving a new endpoint sends it a TEST event."
            }
            className="max-w-2xl"
          >
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              readOnly={readOnly}
              placeholder="https://example.com/webhooks"
              className={cn("font-mono text-xs", readOnly && "bg-zinc-50 dark:bg-zinc-950")}
              {...form.register("webhookEndpoint")}
            />
          </FormField>
          {endpointTest && endpointTest.url === base.webhookEndpoint ? (
            <EndpointTestResult key={endpointTest.savedAt} test={endpointTest} />
          ) : null}
        </CardContent>
      </Card>

      <Card aria-labelledby="config-currencies-heading">
        <CardHeader>
          <div className="min-w-0 flex-1 basis-72">
            <CardTitle id="config-currencies-heading">Supported currencies</CardTitle>
            <CardDescription>
              Limits per payment, typed in major units (dollars, not cents). Counterparty fields are what the
              sender's side must tell you before you approve an incoming payment.
            </CardDescription>
          </div>
          {readOnly ? null : (
            <div ref={addButtonArea}>
              <AddCurrencyDialog
                supported={rows.map((row) => row.currencyCode)}
                onAdd={(code) => currencies.append(newCurrencyRow(code), { shouldFocus: false })}
                onAdded={(code) => {
                  const index = form.getValues("currencies").findIndex((row) => row.currencyCode === code);
                  if (index >= 0) form.setFocus(`currencies.${index}.max`);
                }}
              />
            </div>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <CurrencyTable
            form={form}
            rowIds={currencies.fields.map((field) => field.id)}
            onRemove={currencies.remove}
            providerFields={providerFields}
            readOnly={readOnly}
            onEmptied={() => addButtonArea.current?.querySelector("button")?.focus()}
          />
          {currencyError ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {currencyError}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95">
        <p id="config-save-status" className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {readOnly
            ? permission.reason
            : notice
              ? notice
              : isDirty
                ? "You have unsaved changes."
                : "No unsaved changes."}
        </p>
        <div className="flex items-center gap-2">
          {readOnly ? null : (
            <Button variant="outline" onClick={discard} disabled={!isDirty}>
              Discard changes
            </Button>
          )}
          <PermittedButton decision={permission} type="submit">
            Review changes
          </PermittedButton>
        </div>
      </div>

      <ReviewChangesDialog
        open={review !== null}
        onOpenChange={(open) => {
          if (!open) setReview(null);
        }}
        changes={review?.changes ?? []}
        onConfirm={() => void save()}
        saving={saving}
        error={saveError}
      />
    </form>
  );
}
