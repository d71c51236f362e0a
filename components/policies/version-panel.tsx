"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
import { useViewer } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Timestamp } from "@/components/ui/timestamp";
import { toast } from "@/components/ui/toast";
import { changePolicyVersion } from "@/lib/client/api/policies";
import { queryKeys } from "@/lib/universal/api/keys";
import { unchangedAgainst, unchangedReason } from "@/lib/universal/policies/unchanged";
import type { PolicyVersionView } from "@/lib/universal/policies/version-types";
import { BacktestPanel } from "./backtest-panel";
import { DeclineVersion } from "./decline-version";
import { DraftEditor } from "./draft-editor";
import { PolicyDiff } from "./policy-diff";
import { usePolicyWrite, useSecondPerson } from "./policy-permission";
import { RuleList } from "./rule-list";
import { VersionStatus } from "./version-status";

/** One version: its diff to the one in force, the editor while a draft, and the steps its status allows. */
export function VersionPanel({
  version,
  active,
}: {
  version: PolicyVersionView;
  active: PolicyVersionView | null;
}) {
  const queryClient = useQueryClient();
  const write = usePolicyWrite();
  const viewer = useViewer();
  // Only a draft's author edits it (the server refuses anyone else, DRAFT_AUTHOR_ONLY).
  const mine = version.createdBy.email.toLowerCase() === viewer.email.toLowerCase();
  const activate = useSecondPerson(version, "activate");
  const decline = useSecondPerson(version, "decline");
  const [dirty, setDirty] = useState(false);
  const step = useMutation({
    mutationFn: (which: "propose" | "activate") => changePolicyVersion(version.id, which),
    onSuccess: ({ version: changed }) => {
      toast.success(`v${changed.version} is now ${changed.status}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.policies });
    },
  });
  const proposed = version.status === "proposed";
  // The saved draft against the version in force: the server refuses to propose no change (409 POLICY_UNCHANGED).
  const unchanged =
    version.status === "draft" && active !== null && unchangedAgainst(active.document, version.document)
      ? unchangedReason(version.version, active.version)
      : null;
  const proposeDecision = dirty
    ? { allowed: false, reason: "Save the draft first: the saved version is what is proposed." }
    : unchanged && write.allowed
      ? { allowed: false, reason: unchanged }
      : write;
  const baseLabel = active ? `v${active.version} (active)` : "no active policy";

  return (
    <section aria-labelledby="version-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id="version-heading" className="text-lg font-semibold">
            Version v{version.version}
          </h2>
          <VersionStatus status={version.status} />
        </div>
        <div className="flex flex-wrap gap-2">
          {version.status === "draft" ? (
            <PermittedButton
              decision={proposeDecision}
              variant="outline"
              loading={step.isPending && step.variables === "propose"}
              loadingText="Proposing…"
              onClick={() => step.mutate("propose")}
            >
              Propose
            </PermittedButton>
          ) : null}
          {proposed ? (
            <>
              <ConfirmedActionButton
                decision={activate}
                variant="default"
                title={`Activate v${version.version}?`}
                description={`From now on, pending payments are decided by v${version.version}${active ? `, replacing v${active.version}` : ""}. Look at what it would have decided first.`}
                details={
                  <BacktestPanel
                    versionId={version.id}
                    version={version.version}
                    document={version.document}
                  />
                }
                confirmLabel={`Activate v${version.version}`}
                pendingLabel="Activating…"
                action={async () => {
                  await step.mutateAsync("activate");
                }}
                failure="The version could not be activated."
              >
                Activate
              </ConfirmedActionButton>
              <DeclineVersion version={version} decision={decline} />
            </>
          ) : null}
        </div>
      </div>
      {proposed && write.allowed && !activate.allowed ? (
        // Said on the page, not only in the greyed button's tooltip: the proposer learns at a glance what happens next.
        <p className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          Waiting for a second person. {activate.reason}
        </p>
      ) : null}
      {unchanged && write.allowed && !dirty ? (
        // Said on the page before anyone presses Propose, not only in the greyed button's tooltip.
        <p className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          Nothing to propose yet. {unchanged}
        </p>
      ) : null}
      {version.status === "declined" && version.decidedBy ? (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          Declined by <span title={version.decidedBy.email}>{version.decidedBy.name}</span>{" "}
          <Timestamp value={version.decidedAt} />
          {version.declineReason ? <>: “{version.declineReason}”</> : "."}
        </p>
      ) : null}
      {step.isError && step.variables === "propose" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {step.error.message}
        </p>
      ) : null}
      {version.status !== "active" ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Changes against {baseLabel}</h3>
          <PolicyDiff base={active?.document ?? null} baseLabel={baseLabel} next={version.document} />
          {dirty ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">Shows the saved draft; save to update.</p>
          ) : null}
        </div>
      ) : null}
      {version.status === "draft" && write.allowed && !mine ? (
        // Said before the rules: they are someone else's, and why this person cannot change them here.
        <p className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          Only its author, <span title={version.createdBy.email}>{version.createdBy.name}</span>, edits this
          draft: whoever writes a version's rules never activates them. To change them, start a New draft of
          your own.
        </p>
      ) : null}
      {version.status === "draft" && write.allowed && mine ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Rules, in order: the first that matches decides</h3>
          <DraftEditor key={version.id} version={version} onDirtyChange={setDirty} />
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Rules, in order: the first that matches decides</h3>
          <RuleList document={version.document} label={`Rules of v${version.version}`} />
        </div>
      )}
      {proposed ? (
        <BacktestPanel versionId={version.id} version={version.version} document={version.document} />
      ) : null}
    </section>
  );
}
