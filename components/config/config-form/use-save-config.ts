"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldPath, UseFormReturn } from "react-hook-form";
import { updateConfig } from "@/lib/client/api/config";
import { deliveriesBeforeEndpointChange } from "@/lib/client/api/webhooks";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { queryKeys } from "@/lib/universal/api/keys";
import {
  type ConfigChange,
  type ConfigSettings,
  configPatch,
  countChanges,
  settingsFromConfig,
} from "@/lib/universal/config/diff";
import {
  type ConfigFormOutput,
  type ConfigFormValues,
  formPathForServerField,
  formValuesFromConfig,
} from "@/lib/universal/config/form";
import { ApiError } from "@/shared/api-error";
import type { PlatformConfig } from "@/shared/contract";
import type { EndpointTest } from "../endpoint-test-result";
import type { SaveNotice } from "./save-status";

/** The changes under review: the settings to save and their diff against what the form started from. */
export type Review = { settings: ConfigSettings; changes: ConfigChange[] };

/**
 * Saving a reviewed change: PATCHes only what differs from `base` (refused, and said, when another admin changed those
 * parts since: CONFIG_CHANGED_MEANWHILE), then starts the form over from the answer. The
 * server's field errors go onto their fields (closing the review); any other refusal stays in the review dialog.
 * When the endpoint changes on the local service, the webhook deliveries before the save are noted, so the TEST
 * event the save sends can be told apart.
 */
export function useSaveConfig({
  form,
  base,
  setBase,
  review,
  setReview,
  localService,
  onEndpointSaved,
  setNotice,
}: {
  form: UseFormReturn<ConfigFormValues, unknown, ConfigFormOutput>;
  base: PlatformConfig;
  setBase: (config: PlatformConfig) => void;
  review: Review | null;
  setReview: (review: Review | null) => void;
  localService: boolean;
  onEndpointSaved: (test: EndpointTest) => void;
  /** What the save came to, for the save bar to say (beside the button pressed next, where a toast covered it). */
  setNotice: (notice: SaveNotice | null) => void;
}) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = async () => {
    if (!review) return;
    const baseSettings = settingsFromConfig(base);
    const body = configPatch(baseSettings, review.settings);
    if (!body) {
      setReview(null);
      return;
    }
    setSaving(true);
    setSaveError(null);
    const endpoint = body.webhookEndpoint;
    const before = endpoint === undefined ? null : await deliveriesBeforeEndpointChange(localService);
    try {
      const saved = await updateConfig(body, baseSettings);
      if ("proposed" in saved) {
        // Stored for a second admin: nothing changed yet, so the form starts over from the configuration as it is.
        void queryClient.invalidateQueries({ queryKey: queryKeys.config });
        form.reset(formValuesFromConfig(base));
        setReview(null);
        setNotice({
          tone: "saved",
          text: "Change proposed: it is applied when another admin approves it (under Pending configuration change).",
          proposalId: saved.proposed.id,
        });
        return;
      }
      const updated = saved.applied;
      queryClient.setQueryData(queryKeys.config, updated);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.config, "history"] });
      // The service moved every customer's UMA address to the new domain.
      if (body.umaDomain !== undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
      setBase(updated);
      form.reset(formValuesFromConfig(updated));
      const count = countChanges(review.changes);
      setReview(null);
      setNotice({
        tone: "saved",
        text: `Configuration saved: ${count} change${count === 1 ? "" : "s"} applied.`,
      });
      if (endpoint !== undefined) {
        onEndpointSaved({
          url: endpoint,
          previous: base.webhookEndpoint ?? null,
          before,
          savedAt: Date.now(),
        });
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === "CONFIG_CHANGED_MEANWHILE") {
        // Nothing was saved. The page reads the configuration as it is now, and its notice offers to load it.
        void queryClient.invalidateQueries({ queryKey: queryKeys.config });
        setReview(null);
        setNotice({ tone: "attention", text: error.message, aboutTheEdit: true });
      } else if (error instanceof ApiError) {
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
          setNotice({
            tone: "attention",
            text: `The configuration was not saved: ${error.message.replace(/\.?$/, ".")} Fix the highlighted fields, then review again.`,
          });
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

  return { save, saving, saveError, setSaveError };
}
