"use client";

import { CheckCircle2, CircleSlash, EyeOff, MinusCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { factorWords, leftOutWords } from "@/lib/universal/screening/explain";
import { listName, type StoredHit } from "@/lib/universal/screening/records";
import type { FieldComparison, ScreeningHit } from "@/lib/universal/screening/types";

const FIELD_LABELS: Record<FieldComparison["field"], string> = {
  name: "Name",
  dateOfBirth: "Date of birth",
  nationality: "Nationality",
  country: "Country",
  identifier: "Identifier",
  kind: "Kind",
};

const VERDICT = {
  match: { label: "match", icon: CheckCircle2, className: "text-red-700 dark:text-red-400" },
  mismatch: { label: "mismatch", icon: CircleSlash, className: "text-emerald-700 dark:text-emerald-400" },
  missing: { label: "missing", icon: MinusCircle, className: "text-zinc-500 dark:text-zinc-400" },
  // The sender's value is masked for the viewer's role; how it compared would tell it (lib/universal/privacy).
  masked: { label: "hidden: reveal to compare", icon: EyeOff, className: "text-zinc-600 dark:text-zinc-400" },
} as const;

const percent = (score: number) => `${Math.round(score * 100)}%`;

/**
 * One list entry a screening found, explained: which list and entry, which of its names matched (weak aliases
 * marked), each field side by side as match / mismatch / missing, the score and what made it, the list version.
 */
export function ScreeningHitView({
  hit,
  actions,
  headingLevel: Heading = "h3",
  closed = false,
  paymentScreenedAt,
}: {
  hit: ScreeningHit | StoredHit;
  /** When a payment's sender was screened: a dismissal remembered from before then is said to be one. */
  paymentScreenedAt?: string;
  actions?: React.ReactNode;
  /** The screening is closed (two officers confirmed another entry): an open match of it is no longer decided. */
  closed?: boolean;
  /** The hit's name as a heading one below its container's. */
  headingLevel?: "h3" | "h4";
}) {
  const dismissed = "dismissed" in hit ? hit.dismissed : undefined;
  // One officer's dismissal, remembered for a later payment, lets the policies approve only once someone else has
  // approved a payment from the same sender (decision 0090).
  const unseconded =
    dismissed?.byId !== undefined &&
    !dismissed.seconded &&
    paymentScreenedAt !== undefined &&
    Date.parse(dismissed.at) < Date.parse(paymentScreenedAt);
  const headingId = `hit-${hit.listId}-${hit.entryId}`.replace(/[^a-zA-Z0-9_-]/g, "-");
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading id={headingId} className="font-medium">
            {hit.primaryName}
          </Heading>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {listName(hit.listId)} · entry {hit.entryId} · {hit.kind}
            {hit.listVersion.issuedOn ? ` · list of ${hit.listVersion.issuedOn}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {dismissed ? (
            <Badge variant="neutral">Dismissed</Badge>
          ) : "confirmation" in hit && hit.confirmation?.confirmedBy ? (
            <Badge variant="danger">Confirmed match</Badge>
          ) : hit.alert && closed ? (
            <Badge variant="neutral">Not decided</Badge>
          ) : hit.alert && "confirmedBefore" in hit && hit.confirmedBefore ? (
            <Badge variant="danger">Confirmed before</Badge>
          ) : hit.alert ? (
            <Badge variant="danger">Potential match</Badge>
          ) : (
            <Badge variant="outline">Below threshold</Badge>
          )}
          <span className="font-mono text-sm tabular-nums">
            <span className="sr-only">Score </span>
            {percent(hit.score)}
          </span>
          {hit.scoreLeavesOut?.length ? (
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              without {leftOutWords(hit.scoreLeavesOut)} (hidden)
            </span>
          ) : null}
        </div>
      </div>
      <p className="mt-2">
        Matched name: <span className="font-medium">{hit.matchedAlias.name}</span>{" "}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          ({hit.matchedAlias.kind}
          {hit.matchedAlias.weak ? ", a weak alias the list marks low quality" : ""}; name similarity{" "}
          {percent(hit.nameScore)})
        </span>
      </p>
      <table className="mt-2 w-full text-left text-xs">
        <caption className="sr-only">How each field compares</caption>
        <thead>
          <tr className="text-zinc-600 dark:text-zinc-400">
            <th scope="col" className="py-1 pr-2 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Screened
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              On the list
            </th>
            <th scope="col" className="py-1 font-medium">
              Verdict
            </th>
          </tr>
        </thead>
        <tbody>
          {hit.fields.map((field) => {
            const verdict = VERDICT[field.verdict];
            const Icon = verdict.icon;
            return (
              <tr key={field.field} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {FIELD_LABELS[field.field]}
                </th>
                <td className="py-1 pr-2 break-words">{field.query ?? "—"}</td>
                <td className="py-1 pr-2 break-words">{field.entry ?? "—"}</td>
                <td className={`py-1 ${verdict.className}`}>
                  <span className="inline-flex items-center gap-1">
                    <Icon aria-hidden="true" className="size-3.5" />
                    {verdict.label}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {hit.factors.length > 0 ? (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          Score: {hit.factors.map(factorWords).join(" · ")}
        </p>
      ) : null}
      {dismissed ? (
        <p className="mt-2 text-xs">
          Dismissed by {dismissed.by}: “{dismissed.reason}”
          {unseconded
            ? ` Remembered from an earlier screening. Until someone other than ${dismissed.by} approves a payment from this sender, the approval policies do not approve on it.`
            : null}
        </p>
      ) : null}
      {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
    </section>
  );
}
