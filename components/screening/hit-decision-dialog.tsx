"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useViewer } from "@/components/auth/permissions-context";
import { FormDialog } from "@/components/ui/form-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { toast } from "@/components/ui/toast";
import { sendingDecision } from "@/lib/client/api/decisions-sent";
import { confirmScreeningHit, dismissScreeningHit } from "@/lib/client/api/screening";
import { queryKeys } from "@/lib/universal/api/keys";
import { isVisibleReason, REASON_RULE } from "@/lib/universal/privacy/reason";
import { FIELD_WORDS } from "@/lib/universal/screening/explain";
import { paymentEndedPhrase } from "@/lib/universal/screening/payment-ended";
import type { PaymentEnding, ScreeningSubjectType, StoredHit } from "@/lib/universal/screening/records";
import { uncomparedFields } from "@/lib/universal/screening/revealed-comparison";
import { quotedSentence } from "@/lib/universal/text/quotation";
import { decidedMeanwhile } from "./decided-meanwhile";

const MIN_REASON = 10;

export type HitDecision = "dismiss" | "confirm";

/** What each decision says and does; both need a reason, kept in the audit log and shown on the match. */
function wordsOf(
  decision: HitDecision,
  hit: StoredHit,
  subjectName: string,
  subjectType: ScreeningSubjectType,
  paymentEnded: PaymentEnding | undefined,
) {
  if (decision === "dismiss") {
    return {
      title: "Dismiss as a false positive?",
      description: `${subjectName} will no longer be alerted against ${hit.primaryName} (entry ${hit.entryId}) while their details and the list entry stay as they are.`,
      submit: { label: "Dismiss the match", loadingText: "Dismissing…" },
    };
  }
  // A proposal whose officer left binds nobody: confirming it proposes it afresh.
  const second = Boolean(hit.confirmation) && !hit.confirmation?.proposerLeft;
  // A payment that has ended since it was screened (timed out, say) has nothing left to reject: its match is still
  // decided, for the record.
  const consequence = {
    payment: paymentEnded
      ? `the match is recorded, and nothing is rejected: the payment ${paymentEndedPhrase(paymentEnded)}`
      : second
        ? "the payment is rejected with their reason"
        : "the payment is rejected with this reason",
    customer: "the customer stays flagged as a confirmed match",
    recipient: "no payment can be sent to this account",
  }[subjectType];
  return {
    title: second ? "Confirm the match as the second officer?" : "Propose confirming the match?",
    description: second
      ? `${hit.confirmation?.proposedBy.name} proposed that ${subjectName} is ${hit.primaryName} (entry ${hit.entryId}): ${quotedSentence(hit.confirmation?.reason ?? "")} When you confirm, ${consequence}. Your reason is kept beside theirs.`
      : `You say ${subjectName} is ${hit.primaryName} (entry ${hit.entryId}). A second compliance officer must confirm it; then ${consequence}.`,
    submit: second
      ? { label: "Confirm the match", loadingText: "Confirming…" }
      : { label: "Propose the confirmation", loadingText: "Proposing…" },
  };
}

/**
 * Dismisses one potential match as a false positive (remembered for this person's same data against this list entry
 * as it reads now), or confirms it (the first officer proposes, a second confirms: issue 48). The reason is
 * required either way.
 */
export function HitDecisionDialog({
  decision,
  resultId,
  hit,
  subjectName,
  subjectType,
  subjectId,
  paymentEnded,
  current,
  onClose,
}: {
  decision: HitDecision;
  resultId: string;
  hit: StoredHit;
  subjectName: string;
  subjectType: ScreeningSubjectType;
  /** The payment's id for a payment's sender: a second confirmation rejects it. */
  subjectId: string;
  /** For a payment's sender, when the payment has ended since: a confirmation no longer rejects it. */
  paymentEnded?: PaymentEnding | undefined;
  /**
   * The match as the page reads it now. What another officer did to it while this dialog was open is said at its top
   * (./decided-meanwhile.ts); when they decided it, nothing is sent from here.
   */
  current?: StoredHit | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const viewer = useViewer();
  const hidden = uncomparedFields([hit]);
  const mutation = useMutation({
    mutationFn: async () => {
      const body = { listId: hit.listId, entryId: hit.entryId, reason: reason.trim() };
      if (decision === "dismiss") {
        await dismissScreeningHit(resultId, body);
        return `Dismissed: ${subjectName} is not ${hit.primaryName}`;
      }
      const confirm = () => confirmScreeningHit(resultId, body);
      // A second confirmation rejects the payment: its queue entry is gone, and not read again (decisions-sent.ts).
      const answer =
        subjectType === "payment"
          ? await sendingDecision(subjectId, confirm, (done) => done.payment?.rejected === true)
          : await confirm();
      if (answer.step === "proposed") return "Confirmation proposed: a second officer must confirm it";
      if (answer.payment?.rejected === true) return "Match confirmed: the payment is rejected";
      if (answer.payment?.endedAs) {
        return `Match confirmed; the payment had already ended (${answer.payment.endedAs}), so nothing was rejected`;
      }
      if (answer.payment?.rejected === "unknown") {
        return "Match confirmed; the payment's rejection got no answer in time: check the payment";
      }
      return answer.payment
        ? "Match confirmed; the payment API did not reject the payment"
        : "Match confirmed";
    },
    onSuccess: async (message) => {
      toast.success(message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      // The dialog closes once the screening shown behind it has the decision: closed sooner, the card still
      // offered the same match's buttons for a moment, and a second press was refused as already decided.
      await queryClient.invalidateQueries({ queryKey: queryKeys.screening });
      onClose();
    },
  });
  // Once this officer's own decision is on its way or made, the match read again is theirs: not news.
  const own = mutation.isPending || mutation.isSuccess;
  const meanwhile = own ? undefined : decidedMeanwhile(hit, current, viewer.email);
  const words = wordsOf(decision, own || !current ? hit : current, subjectName, subjectType, paymentEnded);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Decided by another officer meanwhile: Enter in the field sends nothing either.
    if (meanwhile?.final) return;
    if (!isVisibleReason(reason, MIN_REASON)) {
      setProblem(`Say why, in at least ${MIN_REASON} letters or digits.`);
      return;
    }
    mutation.mutate();
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={words.title}
      description={words.description}
      onSubmit={submit}
      rootError={mutation.isError ? mutation.error.message : undefined}
      submit={{
        ...words.submit,
        loading: mutation.isPending,
        // As the queue's Reject: the rule is said under the field, and nothing is sent until it is met.
        disabled: !isVisibleReason(reason, MIN_REASON) || meanwhile?.final === true,
      }}
      cancel={{ onClick: onClose, ...(meanwhile?.final ? { label: "Close" } : {}) }}
    >
      {meanwhile ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          {meanwhile.text}
        </p>
      ) : null}
      <ReasonField
        autoFocus
        value={reason}
        onChange={(value) => {
          setReason(value);
          setProblem(null);
        }}
        maxLength={1000}
        problem={problem ?? undefined}
        hint={REASON_RULE}
      />
      {decision === "dismiss" && hidden.length > 0 ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          Not compared: the {hidden.map((field) => FIELD_WORDS[field]).join(" and ")} the list gives, which is
          hidden from your role. Reveal it on the screening to compare before you dismiss, unless the name
          alone rules this entry out.
        </p>
      ) : null}
    </FormDialog>
  );
}
