"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmedActionButton } from "@/components/auth/confirmed-action-button";
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
  const [reason, setReason] = useState("");
  const typed = reason.trim().length > 0;
  return (
    <ConfirmedActionButton
      decision={decision}
      title={`Decline v${version.version}?`}
      description="It stays in the list as declined, with your reason, and can never be activated; a copy can be edited and proposed again."
      confirmLabel={`Decline v${version.version}`}
      pendingLabel="Declining…"
      cancelLabel="Keep it proposed"
      destructive
      confirmDisabled={!isDeclineReason(reason)}
      failure="The version could not be declined."
      action={async () => {
        const { version: declined } = await declinePolicyVersion(version.id, reason);
        toast.success(`v${declined.version} is now declined`);
        setReason("");
        void queryClient.invalidateQueries({ queryKey: queryKeys.policies });
      }}
      details={
        <ReasonField
          requirement="required; shown with the version and kept in the audit log"
          value={reason}
          onChange={setReason}
          maxLength={MAX_REASON_LENGTH}
          // Said once something is typed that is not yet a reason; before that, the disabled button waits for it.
          problem={typed && !isDeclineReason(reason) ? DECLINE_REASON_PROBLEM : undefined}
        />
      }
    >
      Decline
    </ConfirmedActionButton>
  );
}
