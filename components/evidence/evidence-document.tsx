import { actorWithoutPerson } from "@/lib/universal/audit/actor";
import type { PaymentEvidence } from "@/lib/universal/evidence/payment-evidence-types";
import { describeEvaluation } from "@/lib/universal/policies/evaluation-view";
import { leftOutWords } from "@/lib/universal/screening/explain";
import { screeningLine } from "@/lib/universal/screening/records";
import { screeningTimeline } from "@/lib/universal/screening/timeline-entries";

const section = "break-inside-avoid-page rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";
const heading = "mb-3 text-base font-semibold";
const pre =
  "max-h-96 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-50 p-3 font-mono text-xs print:max-h-none dark:bg-zinc-950";

/** One payment's evidence as a printable document: what the JSON download holds, in the same order. */
export function EvidenceDocument({ evidence }: { evidence: PaymentEvidence }) {
  const { transaction } = evidence;
  return (
    <div className="flex flex-col gap-5 text-sm">
      <section aria-labelledby="evidence-payment" className={section}>
        <h2 id="evidence-payment" className={heading}>
          The payment as the payment API has it
        </h2>
        <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-zinc-600 dark:text-zinc-400">Status</dt>
          <dd className="font-medium">{transaction.status}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Type</dt>
          <dd>{transaction.type}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Generated</dt>
          <dd>
            {evidence.generatedAt} by{" "}
            <Person
              people={evidence.people}
              email={evidence.generatedBy.email}
              role={evidence.generatedBy.role}
            />
          </dd>
        </dl>
        <pre className={pre}>{JSON.stringify(transaction, null, 2)}</pre>
      </section>

      <section aria-labelledby="evidence-webhooks" className={section}>
        <h2 id="evidence-webhooks" className={heading}>
          Webhooks as received ({evidence.webhooks.length})
        </h2>
        {evidence.webhooks.length === 0 ? <p>None received.</p> : null}
        <ol className="flex flex-col gap-3">
          {evidence.webhooks.map((webhook) => (
            <li key={webhook.webhookId} className="flex flex-col gap-1">
              <p>
                <span className="font-medium">{webhook.type}</span> received {webhook.receivedAt}; signature{" "}
                {webhook.signature}; answered {webhook.answeredStatus}. Id {webhook.webhookId}.
              </p>
              <pre className={pre}>{webhook.rawBody}</pre>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="evidence-decisions" className={section}>
        <h2 id="evidence-decisions" className={heading}>
          Decisions by people ({evidence.decisions.length})
        </h2>
        {evidence.decisions.length === 0 ? <p>No one approved or rejected it in this console.</p> : null}
        <ul className="list-disc pl-5">
          {evidence.decisions.map((decision) => (
            <li key={`${decision.at}-${decision.decision}`}>
              {decision.decision}
              {decision.approvalStep ? ` (${decision.approvalStep})` : ""} by {decision.by.name ?? "—"} (
              {decision.by.email ?? "no email"}) at {decision.at}
              {decision.reason ? `; reason: ${decision.reason}` : ""}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="evidence-screening" className={section}>
        <h2 id="evidence-screening" className={heading}>
          Screening against the watchlists ({evidence.screenings.length})
        </h2>
        {evidence.screenings.length === 0 ? <p>The sender was not screened.</p> : null}
        <ol className="flex flex-col gap-3">
          {evidence.screenings.map((screening) => (
            <li key={screening.id} className="flex flex-col gap-1">
              <p>
                <span className="font-medium">{screeningLine(screening)}</span>
                {` at ${screening.screenedAt}; status ${screening.status}; best score ${Math.round(screening.bestScore * 100)}%${screening.scoreLeavesOut?.length ? ` without the hidden ${leftOutWords(screening.scoreLeavesOut)}` : ""} (alerts from ${Math.round(screening.threshold * 100)}%).`}
              </p>
              <ul className="list-disc pl-5">
                {screeningTimeline([screening]).decided.map((entry) => (
                  <li key={entry.key}>
                    {entry.title} at {entry.at}: {entry.detail}
                  </li>
                ))}
              </ul>
              <pre className={pre}>
                {JSON.stringify(
                  { query: screening.query, listVersions: screening.listVersions, hits: screening.hits },
                  null,
                  2,
                )}
              </pre>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="evidence-policies" className={section}>
        <h2 id="evidence-policies" className={heading}>
          Approval policy evaluations ({evidence.policyEvaluations.length})
        </h2>
        {evidence.policyEvaluations.length === 0 ? <p>No approval policy evaluated it.</p> : null}
        <ol className="flex flex-col gap-3">
          {evidence.policyEvaluations.map((evaluation) => (
            <li key={evaluation.evaluatedAt} className="flex flex-col gap-1">
              <p>
                <span className="font-medium">{describeEvaluation(evaluation).title}</span> at{" "}
                {evaluation.evaluatedAt}; {evaluation.durationMicros} µs. The facts it saw:
              </p>
              <pre className={pre}>{JSON.stringify(evaluation.facts, null, 2)}</pre>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="evidence-audit" className={section}>
        <h2 id="evidence-audit" className={heading}>
          Audit rows with their chain hashes ({evidence.auditRows.length})
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">The audit log's rows about this payment</caption>
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th scope="col" className="py-1 pr-3">
                  Row
                </th>
                <th scope="col" className="py-1 pr-3">
                  When (UTC)
                </th>
                <th scope="col" className="py-1 pr-3">
                  Who
                </th>
                <th scope="col" className="py-1 pr-3">
                  Action
                </th>
                <th scope="col" className="py-1 pr-3">
                  Outcome
                </th>
                <th scope="col" className="py-1">
                  Hash (previous → own)
                </th>
              </tr>
            </thead>
            <tbody>
              {evidence.auditRows.map((row) => (
                <tr key={row.id} className="border-b border-zinc-100 align-top dark:border-zinc-900">
                  <td className="py-1 pr-3 font-mono">{row.id}</td>
                  <td className="py-1 pr-3">{row.occurredAt}</td>
                  <td className="py-1 pr-3">
                    {row.actorEmail ? (
                      <Person people={evidence.people} email={row.actorEmail} />
                    ) : (
                      actorWithoutPerson(row.summary)
                    )}
                  </td>
                  <td className="py-1 pr-3">
                    {row.action}
                    {row.withheld && row.withheld.length > 0 ? (
                      <span className="block text-zinc-600 dark:text-zinc-400">
                        {withheldSentence(row.withheld)}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1 pr-3">{row.outcome}</td>
                  <td className="py-1 font-mono break-all">
                    {row.prevHash} → {row.hash}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{evidence.verification}</p>
      </section>
    </div>
  );
}

/** What a row withholds from the reader's role, as a person reads it: "Reason withheld from your role…". */
function withheldSentence(fields: readonly string[]): string {
  const named = fields.map((field) => field.replace(/^summary\./, "")).join(", ");
  return `${named.charAt(0).toUpperCase()}${named.slice(1)} withheld from your role, so this row is not verifiable by it`;
}

/**
 * "Carla Compliance (compliance@demo.local, compliance)": a person by the name the file gives the email it keeps, then
 * the email and the role; the email alone where the file names no one by it (a member removed before it was made).
 * The name is isolated (<bdi>): a direction mark in it cannot reorder the email beside it.
 */
function Person({
  people,
  email,
  role,
}: {
  people: Readonly<Record<string, string>>;
  email: string;
  role?: string;
}) {
  const key = email.toLowerCase();
  const name = Object.hasOwn(people, key) ? people[key] : undefined;
  const details = [name ? email : null, role].filter(Boolean).join(", ");
  return (
    <>
      {name ? <bdi>{name}</bdi> : email}
      {details ? ` (${details})` : null}
    </>
  );
}
