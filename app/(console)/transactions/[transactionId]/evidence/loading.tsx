import { EvidenceTrail } from "@/components/evidence/evidence-trail";
import { PageHeader } from "@/components/shell/page-header";
import { LoadingState } from "@/components/ui/states";

/**
 * While the evidence is gathered on the server (the payment from the API, its audit trail and webhooks), the shell and
 * this come at once: a click on "Evidence" answers at once, and a payment API that is slow or hung (its whole 15 s
 * time-out) is not a blank tab. The other pages need none: their reads give up within the page's budget.
 */
export default function EvidenceLoading() {
  return (
    <>
      <EvidenceTrail />
      <PageHeader
        title="Payment evidence"
        description="Gathering the payment, its audit trail and its webhooks…"
      />
      <div className="rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <LoadingState label="Gathering the payment's evidence" rows={6} columns={2} />
      </div>
    </>
  );
}
