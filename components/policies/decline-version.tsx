"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { toast } from "@/components/ui/toast";
import { declinePolicyVersion } from "@/lib/client/api/policies";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Decision } from "@/lib/universal/auth/permissions";
import { DECLINE_REASON_PROBLEM, isDeclineReason } from "@/lib/universal/policies/decline-reason";
import type { PolicyVersionView } from "@/lib/universal/policies/version-types";
import { MAX_REASON_LENGTH } from "@/lib/universal/privacy/reason";

/**
 * Decline of a proposed version by the second person: the button (disabled with why for the proposer), and a
 * confirmation that asks the reason, as a payment's rejection does; Decline stays disabled until the reason says
 * something (at least ten letters or digits, the server's rule). The reason is kept with the version, shown in its
 * history, and in the audit log.
 */
export function DeclineVersion({ version, decision }: { version: PolicyVersionView; decision: Decision }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const typed = reason.trim().length > 0;
  return (
    <>
      <PermittedButton decision={decision} variant="outline" onClick={() => setOpen(true)}>
        Decline
      </PermittedButton>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={`Decline v${version.version}?`}
        description="It stays in the list as declined, with your reason, and can never be activated; a copy can be edited and proposed again."
        confirmLabel={`Decline v${version.version}`}
        pendingLabel="Declining…"
        cancelLabel="Keep it proposed"
        destructive
        confirmDisabled={!isDeclineReason(reason)}
        onConfirm={async () => {
          setError(null);
          try {
            const { version: declined } = await declinePolicyVersion(version.id, reason);
            toast.success(`v${declined.version} is now declined`);
            setReason("");
            void queryClient.invalidateQueries({ queryKey: queryKeys.policies });
          } catch (caught) {
            setError(caught instanceof Error ? caught.message : "The version could not be declined.");
            throw caught;
          }
        }}
      >
        <ReasonField
          requirement="required; shown with the version and kept in the audit log"
          value={reason}
          onChange={setReason}
          maxLength={MAX_REASON_LENGTH}
          // Said once something is typed that is not yet a reason; before that, the disabled button waits for it.
          problem={typed && !isDeclineReason(reason) ? DECLINE_REASON_PROBLEM : undefined}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
