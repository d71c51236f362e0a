"use client";

import { ShieldAlert, ShieldCheck, ShieldX } from "lucide-react";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Timestamp } from "@/components/ui/timestamp";
import { type ScreeningRecord, type StoredHit, screeningLine } from "@/lib/universal/screening/records";
import { DismissHitDialog } from "./dismiss-hit-dialog";
import { ScreeningHitView } from "./screening-hit";

/** The one line a screening gives a card, with its icon and colour. */
export function ScreeningSummary({ record }: { record: ScreeningRecord }) {
  const open = record.status === "open";
  const failed = record.outcome === "failed";
  const Icon = failed ? ShieldX : open ? ShieldAlert : ShieldCheck;
  const tone = failed || open ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300";
  return (
    <p className={`flex items-start gap-2 text-sm ${tone}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-medium">
          {failed ? (record.failure ?? screeningLine(record)) : screeningLine(record)}
        </span>
        {record.staleLists.length > 0 ? (
          <span className="block text-xs">A list was out of date when screened: a person decides.</span>
        ) : null}
      </span>
    </p>
  );
}

/**
 * A screening in full: its summary, what was screened, and every hit explained, alerting ones first; compliance
 * dismisses a potential match from here with a reason.
 */
export function ScreeningResultView({ record }: { record: ScreeningRecord }) {
  const decide = usePermission("screening.decide");
  const [dismissing, setDismissing] = useState<StoredHit | null>(null);
  const hits = [...record.hits].sort((a, b) => Number(b.alert) - Number(a.alert) || b.score - a.score);
  const shown = hits.filter((hit) => hit.alert || hit.score >= record.threshold - 0.1).slice(0, 5);
  const q = record.query;
  return (
    <div className="flex flex-col gap-3">
      <ScreeningSummary record={record} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Screened {q.name}
        {q.dateOfBirth ? `, born ${q.dateOfBirth}` : ""}
        {q.nationality ? `, ${q.nationality}` : ""} · <Timestamp value={record.screenedAt} /> · alert
        threshold {Math.round(record.threshold * 100)}%
      </p>
      {shown.map((hit) => (
        <ScreeningHitView
          key={`${hit.listId}:${hit.entryId}`}
          hit={hit}
          actions={
            hit.alert && !hit.dismissed ? (
              <PermittedButton
                decision={decide}
                variant="outline"
                size="sm"
                onClick={() => setDismissing(hit)}
              >
                Dismiss as false positive…
              </PermittedButton>
            ) : null
          }
        />
      ))}
      {dismissing ? (
        <DismissHitDialog
          resultId={record.id}
          hit={dismissing}
          subjectName={record.subjectName}
          onClose={() => setDismissing(null)}
        />
      ) : null}
    </div>
  );
}
