import { Download } from "lucide-react";
import type { Metadata } from "next";
import { EvidenceTrail } from "@/components/evidence/evidence-trail";
import { EvidenceView } from "@/components/evidence/evidence-view";
import { PrintButton } from "@/components/evidence/print-button";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { auditedAction } from "@/lib/server/audit/log";
import { currentUser } from "@/lib/server/auth/session";
import { currentEnvironment } from "@/lib/server/environments/current";
import { paymentEvidence } from "@/lib/server/evidence/payment-evidence";
import { newRequestId } from "@/lib/server/http/request-id";
import { decide } from "@/lib/universal/auth/permissions";
import { ApiError } from "@/shared/api-error";

type Props = { params: Promise<{ transactionId: string }> };

export const metadata: Metadata = { title: "Payment evidence" };
export const dynamic = "force-dynamic";

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A payment's evidence for auditors, printable; the JSON download beside it is the same document. */
export default async function EvidencePage({ params }: Props) {
  const transactionId = decoded((await params).transactionId);
  const user = await currentUser();
  const decision = user
    ? decide(user.role, "audit.read", currentEnvironment())
    : { allowed: false, reason: "Sign in." };
  const header = (actions?: React.ReactNode) => (
    <>
      <EvidenceTrail transactionId={transactionId} />
      <PageHeader title="Payment evidence" description={transactionId} actions={actions} />
    </>
  );
  if (!user || !decision.allowed) {
    return (
      <>
        {header()}
        <ErrorState
          title="You cannot read this evidence"
          error={{ message: decision.reason ?? "", code: "FORBIDDEN" }}
        />
      </>
    );
  }
  let evidence: Awaited<ReturnType<typeof paymentEvidence>>;
  try {
    // Every view is recorded, like the download: what the page shows is what the file holds (masked as the role
    // sees it; unmasking it asks a reason through POST /api/transactions/{id}/evidence, audited there).
    evidence = await auditedAction(
      {
        actor: { id: user.id, email: user.email, role: user.role },
        requestId: newRequestId(),
        action: "evidence.view",
        targetId: transactionId,
        summary: { masked: true },
      },
      () => paymentEvidence(transactionId, user),
      (result) => ({
        summary: {
          maskedFields: result.personalData.form === "masked" ? result.personalData.maskedFields : [],
        },
      }),
    );
  } catch (error) {
    const failure =
      error instanceof ApiError
        ? error
        : new ApiError(503, "UNAVAILABLE", "The evidence could not be gathered.");
    return (
      <>
        {header()}
        <ErrorState
          title={failure.status === 404 ? "No transaction has this id" : "The evidence could not be gathered"}
          error={{ message: failure.message, code: failure.code }}
        />
      </>
    );
  }
  return (
    <>
      {header(
        <>
          <Button asChild variant="outline" className="print:hidden">
            <a href={`/api/transactions/${encodeURIComponent(transactionId)}/evidence`} download>
              <Download aria-hidden="true" />
              Download evidence (JSON)
            </a>
          </Button>
          <PrintButton />
        </>,
      )}
      <EvidenceView evidence={evidence} />
    </>
  );
}
