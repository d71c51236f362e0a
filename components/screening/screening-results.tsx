"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { RevealWithReason } from "@/components/privacy/reveal-with-reason";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { Timestamp } from "@/components/ui/timestamp";
import { revealScreeningField } from "@/lib/client/api/screening";
import { rememberRevealed, useRevealedOnPage } from "@/lib/client/privacy/revealed-on-page";
import type { Decision } from "@/lib/universal/auth/permissions";
import { FIELD_WORDS } from "@/lib/universal/screening/explain";
import { paymentEndedPhrase } from "@/lib/universal/screening/payment-ended";
import { type ScreeningRecord, type StoredHit, SUBJECT_NOUN } from "@/lib/universal/screening/records";
import {
  REVEALABLE_FIELDS,
  type RevealableField,
  uncomparedFields,
  withRevealedComparison,
} from "@/lib/universal/screening/revealed-comparison";
import { quotedSentence } from "@/lib/universal/text/quotation";
import { cn, focusRing } from "@/lib/universal/utils";
import type { HitDecision } from "./hit-decision-dialog";
import { ScreeningHitView } from "./screening-hit";
import { ScreeningSummary } from "./screening-summary";

// The decision's form (its dialog, reason field and requests) loads when a decision is first asked for, or as the
// pointer or focus reaches its button: a customer's or payment's page shows the screening but seldom decides a match.
const HitDecisionDialog = lazyWhenOpen(
  () => import("./hit-decision-dialog").then((module) => module.HitDecisionDialog),
  () => true,
);

/** Whether the viewer may confirm this hit: not a second time after proposing it (the server refuses it too). */
function useConfirmDecision(hit: StoredHit): Decision {
  const decide = usePermission("screening.decide");
  const viewer = useViewer();
  const proposer = hit.confirmation?.proposerLeft ? undefined : hit.confirmation?.proposedBy.email;
  if (decide.allowed && proposer && proposer.toLowerCase() === viewer.email.toLowerCase()) {
    return {
      allowed: false,
      reason: "You proposed confirming this match; a second compliance officer must confirm it.",
    };
  }
  return decide;
}

/**
 * Whether the viewer may dismiss this hit: once one officer proposed confirming it, only that officer (the server
 * refuses anyone else, CONFIRMATION_PROPOSED): a second officer confirms it, never overrules it alone.
 */
function useDismissDecision(hit: StoredHit): Decision {
  const decide = usePermission("screening.decide");
  const viewer = useViewer();
  const proposer = hit.confirmation?.proposerLeft ? undefined : hit.confirmation?.proposedBy;
  if (decide.allowed && hit.confirmedBefore) {
    return {
      allowed: false,
      reason: `${hit.confirmedBefore.proposedBy} and ${hit.confirmedBefore.confirmedBy} confirmed this entry before; one officer does not dismiss it alone.`,
    };
  }
  if (decide.allowed && proposer && proposer.email.toLowerCase() !== viewer.email.toLowerCase()) {
    return {
      allowed: false,
      reason: `${proposer.name} proposed confirming this match; only they can dismiss it now.`,
    };
  }
  return decide;
}

/** The match's confirmation so far, in words, and the buttons left to press. */
function HitActions({ hit, onDecide }: { hit: StoredHit; onDecide: (decision: HitDecision) => void }) {
  const decide = useDismissDecision(hit);
  const confirm = useConfirmDecision(hit);
  const confirmation = hit.confirmation;
  if (confirmation?.confirmedBy) {
    return (
      <p className="text-xs font-medium text-red-800 dark:text-red-300">
        Confirmed match: proposed by {confirmation.proposedBy.name} (“{confirmation.reason}”), confirmed by{" "}
        {confirmation.confirmedBy.name}
        {confirmation.confirmedReason ? <> (“{confirmation.confirmedReason}”)</> : null}.
      </p>
    );
  }
  if (!hit.alert || hit.dismissed) return null;
  const before = hit.confirmedBefore;
  return (
    <>
      {before ? (
        <p className="w-full text-xs font-medium text-red-800 dark:text-red-300">
          Confirmed before as this {SUBJECT_NOUN[before.subjectType]}: proposed by {before.proposedBy} (“
          {before.reason}”) and confirmed by {before.confirmedBy}, <Timestamp value={before.at} />. One
          officer cannot dismiss it; two confirm it here as they did then.
        </p>
      ) : null}
      {confirmation?.proposerLeft ? (
        <p className="w-full text-xs">
          {confirmation.proposedBy.name} proposed confirming it (“{confirmation.reason}”) and has since left
          or changed role, so the proposal no longer counts: confirming it now proposes it afresh, and anyone
          may dismiss it.
        </p>
      ) : confirmation ? (
        <p className="w-full text-xs">
          1 of 2: {confirmation.proposedBy.name} proposed confirming it: {quotedSentence(confirmation.reason)}{" "}
          A second officer confirms it; only {confirmation.proposedBy.name} can dismiss it now.
        </p>
      ) : null}
      <PermittedButton
        decision={decide}
        variant="outline"
        size="sm"
        onClick={() => onDecide("dismiss")}
        {...HitDecisionDialog.preloadOn(decide.allowed)}
      >
        Dismiss as false positive…
      </PermittedButton>
      <PermittedButton
        decision={confirm}
        variant="destructive"
        size="sm"
        onClick={() => onDecide("confirm")}
        {...HitDecisionDialog.preloadOn(confirm.allowed)}
      >
        {confirmation && !confirmation.proposerLeft ? "Confirm the match…" : "Confirm as a match…"}
      </PermittedButton>
    </>
  );
}

/**
 * The sender's fields hidden from the reader's role that a list entry gives (a date of birth): not compared, so the
 * scores leave them out. Compliance reveals one with a reason (audited) to compare it before deciding a match.
 */
function UncomparedFields({
  record,
  fields,
  revealed,
  onRevealed,
}: {
  record: ScreeningRecord;
  fields: RevealableField[];
  revealed: RevealableField[];
  onRevealed: (field: RevealableField, screening: ScreeningRecord) => void;
}) {
  const queryClient = useQueryClient();
  const payment = record.subjectType === "payment" ? record.subjectId : undefined;
  const onPage = useRevealedOnPage(payment);
  const reveal = useCallback(
    async (field: RevealableField, justification: string) => {
      const answer = await revealScreeningField(record.id, {
        field: REVEALABLE_FIELDS[field],
        justification,
      });
      onRevealed(field, answer.screening);
      const value = answer.screening.query[field];
      // The Counterparty card shows the same value, revealed once for both.
      if (payment && typeof value === "string") {
        rememberRevealed(queryClient, payment, REVEALABLE_FIELDS[field], value, justification);
      }
    },
    [record.id, payment, onRevealed, queryClient],
  );
  // Revealed elsewhere on the page (the Counterparty card) with a reason: compared here too, under that reason.
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const field of fields) {
      const elsewhere = onPage[REVEALABLE_FIELDS[field]];
      const key = `${record.id}:${field}`;
      if (!elsewhere || asked.current.has(key)) continue;
      asked.current.add(key);
      void reveal(field, elsewhere.justification).catch(() => {
        // Refused or unreachable: the field stays uncompared, with its own Reveal button.
      });
    }
  }, [fields, onPage, record.id, reveal]);
  if (fields.length === 0 && revealed.length === 0) return null;
  const noun = SUBJECT_NOUN[record.subjectType];
  return (
    <div className="flex flex-col gap-2 text-xs">
      {revealed.map((field) => (
        <p key={field} className="text-zinc-600 dark:text-zinc-400">
          The {noun}'s {FIELD_WORDS[field]} is shown and compared below: revealed by you, audited.
        </p>
      ))}
      {fields.map((field) => (
        <div
          key={field}
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          <p className="min-w-0 flex-1">
            The {noun}'s {FIELD_WORDS[field]} is hidden from your role, so it was not compared with the lists,
            and the scores leave it out. Compare it before you decide a match.
          </p>
          <RevealWithReason
            button={`Reveal ${FIELD_WORDS[field]} to compare`}
            buttonClassName="h-7 px-2 text-xs"
            title={`Reveal the ${noun}'s ${FIELD_WORDS[field]}?`}
            description="It is shown beside each list entry's, with its verdict and share of the score, until you leave the page. Your reason is kept in the audit log with your name."
            confirmLabel="Reveal"
            pendingLabel="Revealing…"
            onReveal={(justification) => reveal(field, justification)}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * A screening in full: its summary, what was screened, and every hit explained, alerting ones first; compliance
 * dismisses a potential match from here with a reason, or confirms it with a second officer.
 */
export function ScreeningResultView({ record: stored }: { record: ScreeningRecord }) {
  const [deciding, setDeciding] = useState<{ hit: StoredHit; decision: HitDecision } | null>(null);
  // The dialog is taken out of the page as it closes, so focus is given back here: to the button that opened it,
  // or, once the decision took that button away, to the screening itself (not lost on the page's body).
  const opener = useRef<HTMLElement | null>(null);
  const view = useRef<HTMLDivElement>(null);
  const decide = (hit: StoredHit, decision: HitDecision) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDeciding({ hit, decision });
  };
  const closeDecision = () => {
    setDeciding(null);
    requestAnimationFrame(() => {
      const back = opener.current?.isConnected ? opener.current : view.current;
      back?.focus();
    });
  };
  // What the person revealed to compare, laid over the screening as it is refreshed (its decisions move on).
  const [revealed, setRevealed] = useState<{ screening: ScreeningRecord; fields: RevealableField[] }>();
  const record = withRevealedComparison(stored, revealed?.screening);
  const onRevealed = useCallback((field: RevealableField, screening: ScreeningRecord) => {
    setRevealed((before) => ({
      screening,
      fields: [...(before?.screening.id === screening.id ? before.fields : []), field],
    }));
  }, []);
  const currentHit = deciding
    ? record.hits.find((h) => h.listId === deciding.hit.listId && h.entryId === deciding.hit.entryId)
    : undefined;
  const hits = [...record.hits].sort((a, b) => Number(b.alert) - Number(a.alert) || b.score - a.score);
  const shown = hits.filter((hit) => hit.alert || hit.score >= record.threshold - 0.1).slice(0, 5);
  const q = record.query;
  return (
    <div ref={view} tabIndex={-1} className={cn("flex flex-col gap-3 rounded-md", focusRing)}>
      <ScreeningSummary record={record} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Screened {q.name}
        {q.dateOfBirth ? `, born ${q.dateOfBirth}` : ""}
        {q.nationality ? `, ${q.nationality}` : ""} · <Timestamp value={record.screenedAt} /> · alert
        threshold {Math.round(record.threshold * 100)}%
      </p>
      {record.paymentEnded && record.status === "open" ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          This payment has ended: it {paymentEndedPhrase(record.paymentEnded)}. Its match is still decided
          here, for the record; confirming it rejects nothing.
        </p>
      ) : null}
      <UncomparedFields
        record={record}
        fields={uncomparedFields(shown)}
        revealed={revealed?.screening.id === record.id ? revealed.fields : []}
        onRevealed={onRevealed}
      />
      {shown.map((hit) => (
        <ScreeningHitView
          key={`${hit.listId}:${hit.entryId}`}
          hit={hit}
          closed={record.status === "confirmed"}
          {...(record.subjectType === "payment" ? { paymentScreenedAt: record.screenedAt } : {})}
          actions={
            // Only an undismissed potential match has something to decide or a confirmation to show; once two
            // officers confirmed one entry, the screening is closed and its other entries are not decided.
            !hit.alert || hit.dismissed ? undefined : record.status === "confirmed" &&
              !hit.confirmation?.confirmedBy ? (
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Not decided: two officers confirmed another entry as this {SUBJECT_NOUN[record.subjectType]},
                which closed the screening.
              </p>
            ) : (
              <HitActions hit={hit} onDecide={(decision) => decide(hit, decision)} />
            )
          }
        />
      ))}
      {deciding ? (
        <HitDecisionDialog
          decision={deciding.decision}
          resultId={record.id}
          hit={deciding.hit}
          // The match as the page reads it now: another officer may have decided it since the dialog opened.
          current={currentHit}
          subjectName={record.subjectName}
          subjectType={record.subjectType}
          subjectId={record.subjectId}
          paymentEnded={record.paymentEnded}
          onClose={closeDecision}
        />
      ) : null}
    </div>
  );
}
