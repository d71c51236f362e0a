"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { InertUntilHydrated } from "@/components/forms/inert-until-hydrated";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { configProposalsQuery } from "@/lib/client/api/config-proposals";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { diffConfig, settingsFromConfig } from "@/lib/universal/config/diff";
import {
  type ConfigFormOutput,
  type ConfigFormValues,
  formValuesFromConfig,
  settingsFromFormOutput,
} from "@/lib/universal/config/form";
import { type FourEyesPart, partOf } from "@/lib/universal/config/four-eyes-rule";
import type { PlatformConfig, UserInfoFieldName } from "@/shared/contract";
import { CurrenciesSection } from "./config-form/currencies-section";
import { FormNotices } from "./config-form/form-notices";
import { PlatformSection } from "./config-form/platform-section";
import { SaveBar } from "./config-form/save-bar";
import type { SaveNotice } from "./config-form/save-status";
import { type Review, useSaveConfig } from "./config-form/use-save-config";
import { WebhookSection } from "./config-form/webhook-section";
import type { EndpointTest } from "./endpoint-test-result";
import { partsUnderFourEyes, useFourEyes } from "./four-eyes/use-four-eyes";

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
  // What the form started from; the diff is always against this, never against the live query.
  const [base, setBase] = useState(config);
  const resolver = useLazyZodResolver<ConfigFormValues, ConfigFormOutput>(
    () =>
      import("@/lib/universal/config/form-schema").then((module) =>
        module.configFormSchema({
          environment: viewer.environment,
          endpointRequired: Boolean(base.webhookEndpoint),
          savedEndpoint: base.webhookEndpoint,
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
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  // Whether the review dialog is closing on a save's answer rather than on Keep editing (where focus goes then).
  const savedOrRefused = useRef(false);
  const { save, saving, saveError, setSaveError } = useSaveConfig({
    form,
    base,
    setBase,
    review,
    setReview,
    localService,
    onEndpointSaved,
    setNotice,
  });
  const { isDirty, dirtyFields, errors } = form.formState;
  // The proposals decided since (the pending panel's query, refreshed by the console's live updates): a notice that
  // one was proposed is not said once it no longer waits.
  const proposals = useQuery(configProposalsQuery()).data;
  const recentProposals = proposals?.recent;
  // One configuration change waits at a time (the server refuses a second, 409 CONFIG_PROPOSAL_PENDING).
  const configWaiting = proposals?.pending.some((proposal) => proposal.kind === "config") ?? false;
  const decidedProposals = useMemo(
    () => new Set((recentProposals ?? []).map((proposal) => proposal.id)),
    [recentProposals],
  );
  // Which parts the edits touch, for the save button to say before saving that a second admin must approve; the
  // review's exact diff decides in the dialog, and the server decides in the end.
  const fourEyes = useFourEyes();
  const editedParts: FourEyesPart[] = [
    ...(dirtyFields.umaDomain ? (["umaDomain"] as const) : []),
    ...(dirtyFields.webhookEndpoint ? (["webhookEndpoint"] as const) : []),
    ...(dirtyFields.currencies ? (["supportedCurrencies"] as const) : []),
  ];
  const needsSecondAdmin = partsUnderFourEyes(fourEyes, editedParts).length > 0;
  const reviewNeedsSecondAdmin = partsUnderFourEyes(fourEyes, (review?.changes ?? []).map(partOf));

  // Someone else saved meanwhile: follow them when nothing is being edited here, otherwise say so.
  // Told by the settings as well as the time: the platform's clock may stand still (the sandbox's can be set), so a
  // change approved elsewhere can carry the same updatedAt.
  const changedElsewhere = useMemo(
    () =>
      config.updatedAt !== base.updatedAt ||
      diffConfig(settingsFromConfig(base), settingsFromConfig(config)).length > 0,
    [config, base],
  );
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
        setNotice({ tone: "info", text: "Nothing to save: the form matches the configuration." });
        return;
      }
      setNotice(null);
      setSaveError(null);
      setReview({ settings, changes });
    },
    () =>
      setNotice({
        tone: "attention",
        text: "Some fields need attention: fix the highlighted fields, then review again.",
      }),
  );

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
        <InertUntilHydrated>
          <FormNotices
            permission={permission}
            changedElsewhere={changedElsewhere}
            isDirty={isDirty}
            discard={discard}
          />

          <PlatformSection base={base} readOnly={readOnly} />
          <WebhookSection base={base} readOnly={readOnly} endpointTest={endpointTest} />
          <CurrenciesSection providerFields={providerFields} readOnly={readOnly} />

          <SaveBar
            permission={permission}
            notice={notice}
            isDirty={isDirty}
            hasErrors={Object.keys(errors).length > 0}
            discard={discard}
            needsSecondAdmin={needsSecondAdmin}
            proposalWaiting={configWaiting}
            decidedProposals={decidedProposals}
          />

          <ReviewChangesDialog
            open={review !== null}
            onOpenChange={(open) => {
              if (!open) setReview(null);
            }}
            changes={review?.changes ?? []}
            onConfirm={() => {
              savedOrRefused.current = true;
              void save();
            }}
            // After a save (applied, proposed, or refused on a field), to the save bar's line that says which; after
            // Keep editing, back to the button that opened it.
            returnFocusTo={() => {
              const answered = savedOrRefused.current;
              savedOrRefused.current = false;
              return answered ? document.getElementById("config-save-status") : null;
            }}
            saving={saving}
            error={saveError}
            needsSecondAdmin={reviewNeedsSecondAdmin}
          />
        </InertUntilHydrated>
      </form>
    </FormProvider>
  );
}
