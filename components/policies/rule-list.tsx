import { describeConditions, describeOutcome } from "@/lib/universal/policies/describe";
import type { PolicyDocument } from "@/lib/universal/policies/rules";

/** A policy's rules in order, in words, and its allow-list: what decides a pending payment, first match wins. */
export function RuleList({ document, label }: { document: PolicyDocument; label: string }) {
  return (
    <div className="flex flex-col gap-3">
      {document.rules.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No rules: every pending payment is held for people.
        </p>
      ) : (
        <ol aria-label={label} className="flex flex-col gap-2">
          {document.rules.map((rule, index) => (
            <li
              key={rule.id}
              className="flex flex-col gap-0.5 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
            >
              <span className="font-medium">
                {index + 1}. {rule.name}
              </span>
              <span className="text-zinc-700 dark:text-zinc-300">
                {describeConditions(rule.when)} <span aria-hidden="true">→</span>
                <span className="sr-only">then</span> <strong>{describeOutcome(rule.then)}</strong>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        When no rule matches, the payment is held for people.{" "}
        {document.allowListedDomains.length > 0
          ? `Allow-listed sender domains: ${document.allowListedDomains.join(", ")}.`
          : "No sender domain is allow-listed."}
      </p>
    </div>
  );
}
