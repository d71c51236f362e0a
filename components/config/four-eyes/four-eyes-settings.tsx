"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { changeFourEyes, fourEyesQuery } from "@/lib/client/api/config-proposals";
import { queryKeys } from "@/lib/universal/api/keys";
import {
  alwaysTwoAdmins,
  diffFourEyes,
  FOUR_EYES_DEFAULT,
  FOUR_EYES_PART_LABELS,
  FOUR_EYES_PARTS,
  type FourEyesSetting,
  settingChangeNeedsSecondAdmin,
} from "@/lib/universal/config/four-eyes-rule";
import { cn, focusRing } from "@/lib/universal/utils";
import { ApiError } from "@/shared/api-error";

/**
 * Which parts of the configuration need a second admin. Admins switch them; turning one on applies at once,
 * turning one off while any is on is itself a proposal for a second admin (else one admin could switch the rule
 * off and then change alone). Others read it.
 */
export function FourEyesSettings() {
  const permission = usePermission("config.write");
  const query = useQuery(fourEyesQuery());
  const saved = query.data?.setting ?? FOUR_EYES_DEFAULT;
  const [draft, setDraft] = useState<FourEyesSetting | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const id = useId();
  const shown = draft ?? saved;
  const changed = diffFourEyes(saved, shown).length > 0;
  const proposing = changed && settingChangeNeedsSecondAdmin(saved, shown);

  const focusStatus = () => requestAnimationFrame(() => document.getElementById(`${id}-status`)?.focus());
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const result = await changeFourEyes(shown);
      setDraft(null);
      focusStatus();
      void queryClient.invalidateQueries({ queryKey: queryKeys.config });
      toast.success(result.proposal ? "Change proposed" : "Four-eyes setting saved", {
        description: result.proposal ? "It is applied when another admin approves it." : undefined,
      });
    } catch (caught) {
      setError(
        caught instanceof ApiError ? `${caught.message} (${caught.code})` : "The setting could not be saved.",
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-labelledby={`${id}-heading`}>
      <CardHeader>
        <div>
          <CardTitle id={`${id}-heading`}>Second admin for changes</CardTitle>
          <CardDescription>
            Changes to the parts switched on here are proposed by one admin and applied only when another
            approves them. Turning a part off also needs a second admin.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-status`}>
          <legend className="sr-only">Parts that need a second admin</legend>
          {FOUR_EYES_PARTS.map((part) => {
            const always = alwaysTwoAdmins(part);
            return (
              <div key={part} className="flex items-start gap-3">
                <Switch
                  id={`${id}-${part}`}
                  className="mt-0.5"
                  checked={shown.config[part]}
                  disabled={always || !permission.allowed || query.isPending || saving}
                  aria-describedby={always ? `${id}-${part}-always` : undefined}
                  onCheckedChange={(checked) => setDraft({ config: { ...shown.config, [part]: checked } })}
                />
                <div className="flex flex-col gap-0.5">
                  <Label htmlFor={`${id}-${part}`} className="text-sm font-normal">
                    {FOUR_EYES_PART_LABELS[part]} need{part === "supportedCurrencies" ? "" : "s"} a second
                    admin
                  </Label>
                  {always ? (
                    <p id={`${id}-${part}-always`} className="text-xs text-zinc-600 dark:text-zinc-400">
                      Always: the payment API asks this endpoint whether to accept each incoming payment, and
                      its answer is the approval.
                    </p>
                  ) : null}
                </div>
              </div>
            );
          })}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p
            id={`${id}-status`}
            // Focus comes here after a save or a discard: their buttons are greyed out or gone then.
            tabIndex={-1}
            className={cn("rounded-sm text-sm text-zinc-600 dark:text-zinc-400", focusRing)}
            aria-live="polite"
          >
            {!permission.allowed
              ? permission.reason
              : proposing
                ? "Turning a part off needs a second admin: saving proposes it."
                : changed
                  ? "Unsaved change."
                  : "No unsaved change."}
          </p>
          <div className="flex gap-2">
            {changed ? (
              <PermittedButton
                decision={permission}
                variant="outline"
                onClick={() => {
                  setDraft(null);
                  focusStatus();
                }}
                disabled={saving}
              >
                Discard
              </PermittedButton>
            ) : null}
            <PermittedButton
              decision={permission}
              onClick={() => void save()}
              disabled={!changed}
              loading={saving}
              loadingText="Saving…"
            >
              {proposing ? "Propose — needs a second admin" : "Save four-eyes setting"}
            </PermittedButton>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
