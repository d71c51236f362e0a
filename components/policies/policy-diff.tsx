import { describeClause, describeOutcome, describeRule } from "@/lib/universal/policies/describe";
import { diffPolicies } from "@/lib/universal/policies/diff";
import type { PolicyDocument } from "@/lib/universal/policies/rules";

/** What a version changes against the one in force: rules added, removed, changed (which parts) and moved; domains. */
export function PolicyDiff({
  base,
  baseLabel,
  next,
}: {
  base: PolicyDocument | null;
  baseLabel: string;
  next: PolicyDocument;
}) {
  const diff = diffPolicies(base, next);
  if (diff.same) return <p className="text-sm">Nothing changes against {baseLabel}.</p>;
  return (
    <ul aria-label={`Changes against ${baseLabel}`} className="flex flex-col gap-2 text-sm">
      {diff.added.map((rule) => (
        <li
          key={`added-${rule.id}`}
          className="rounded-md border-l-4 border-emerald-500 bg-emerald-50/60 px-3 py-2 dark:bg-emerald-950/40"
        >
          <strong>Added</strong> rule {rule.position} “{rule.name}”: {describeRule(rule.rule)}
        </li>
      ))}
      {diff.removed.map((rule) => (
        <li
          key={`removed-${rule.id}`}
          className="rounded-md border-l-4 border-red-500 bg-red-50/60 px-3 py-2 dark:bg-red-950/40"
        >
          <strong>Removed</strong> rule “{rule.name}” (was {rule.position}): {describeRule(rule.rule)}
        </li>
      ))}
      {diff.changed.map((rule) => (
        <li
          key={`changed-${rule.id}`}
          className="rounded-md border-l-4 border-amber-500 bg-amber-50/60 px-3 py-2 dark:bg-amber-950/40"
        >
          <strong>Changed</strong> rule “{rule.name}”
          {rule.renamedFrom !== null ? ` (renamed from “${rule.renamedFrom}”)` : ""}
          <ul className="mt-1 list-disc pl-5">
            {rule.clauses.map((clause) => (
              <li key={clause.position}>
                Condition {clause.position}:{" "}
                {clause.before === null
                  ? `added “${describeClause(clause.after ?? clause.before ?? { kind: "senderAllowListed", value: true })}”`
                  : clause.after === null
                    ? `removed “${describeClause(clause.before)}”`
                    : `“${describeClause(clause.before)}” → “${describeClause(clause.after)}”`}
              </li>
            ))}
            {rule.outcome ? (
              <li>
                Outcome: {describeOutcome(rule.outcome.before)} → {describeOutcome(rule.outcome.after)}
              </li>
            ) : null}
          </ul>
        </li>
      ))}
      {diff.moved.map((rule) => (
        <li
          key={`moved-${rule.id}`}
          className="rounded-md border-l-4 border-sky-500 bg-sky-50/60 px-3 py-2 dark:bg-sky-950/40"
        >
          <strong>Moved</strong> rule “{rule.name}” from {rule.from} to {rule.to}
        </li>
      ))}
      {diff.domains.added.length > 0 ? (
        <li className="rounded-md border-l-4 border-emerald-500 px-3 py-2">
          <strong>Allow-listed</strong>: {diff.domains.added.join(", ")}
        </li>
      ) : null}
      {diff.domains.removed.length > 0 ? (
        <li className="rounded-md border-l-4 border-red-500 px-3 py-2">
          <strong>No longer allow-listed</strong>: {diff.domains.removed.join(", ")}
        </li>
      ) : null}
    </ul>
  );
}
