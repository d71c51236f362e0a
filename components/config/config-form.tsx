"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { type FieldPath, FormProvider, useForm } from "react-hook-form";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { toast } from "@/components/ui/toast";
import {
  type ConfigChange,
  type ConfigSettings,
  configPatch,
  countChanges,
  diffConfig,
  settingsFromConfig,
} from "@/lib/config/diff";
import {
  type ConfigFormOutput,
  type ConfigFormValues,
  formPathForServerField,
  formValuesFromConfig,
  settingsFromFormOutput,
} from "@/lib/config/form";
import { useLazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { ApiRequestError } from "@/lib/payments/client";
import { updateConfig } from "@/lib/payments/config";
import { queryKeys } from "@/lib/payments/keys";
import { listWebhookDeliveries } from "@/lib/payments/webhooks";
import type { PlatformConfig, UserInfoFieldName } from "@/shared/contract";
import { CurrenciesSection } from "./config-form/currencies-section";
import { FormNotices } from "./config-form/form-notices";
import { PlatformSection } from "./config-form/platform-section";
import { SaveBar } from "./config-form/save-bar";
import { WebhookSection } from "./config-form/webhook-section";
import type { EndpointTest } from "./endpoint-test-result";

type Review = { settings: ConfigSettings; changes: ConfigChange[] };

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
  const [review, setReview] = useState<Review | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { isDirty } = form.formState;

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
      if (error instanceof ApiRequestError) {
        let landed = 0;
        for (const [path, message] of Object.entries(error.fieldErrors())) {
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

  return (
    <FormProvider {...form}>
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
        <FormNotices
          permission={permission}
          changedElsewhere={changedElsewhere}
          isDirty={isDirty}
          discard={discard}
        />

        <PlatformSection base={base} readOnly={readOnly} />
        <WebhookSection base={base} readOnly={readOnly} endpointTest={endpointTest} />
        <CurrenciesSection providerFields={providerFields} readOnly={readOnly} />

        <SaveBar permission={permission} notice={notice} isDirty={isDirty} discard={discard} />

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
    </FormProvider>
  );
}
