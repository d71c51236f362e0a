"use client";

import { Download, FileCheck2 } from "lucide-react";
import { usePermission } from "@/components/auth/permissions-context";
import { EvidenceRevealButton, saveEvidenceFile } from "@/components/evidence/evidence-reveal-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";

/** For auditors (roles that read the audit log): the payment's evidence, as a file and as a printable page. */
export function EvidenceCard({ transactionId }: { transactionId: string }) {
  const audit = usePermission("audit.read");
  if (!audit.allowed) return null;
  const id = encodeURIComponent(transactionId);
  return (
    <Card aria-labelledby="evidence-heading">
      <CardHeader>
        <div>
          <CardTitle id="evidence-heading" className="flex items-center gap-2">
            <FileCheck2 aria-hidden="true" className="size-4" />
            Evidence for auditors
          </CardTitle>
          <CardDescription>
            The webhooks as received, every decision with who and when, the API&apos;s state and the audit
            rows with their chain hashes, checkable without console access. Personal data is masked as your
            role sees it; unmasking it asks your reason, kept in the audit log.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={`/api/transactions/${id}/evidence`} download>
            <Download aria-hidden="true" />
            Download evidence
          </a>
        </Button>
        <EvidenceRevealButton
          transactionId={transactionId}
          form="download"
          label="Download unmasked…"
          onUnmasked={saveEvidenceFile}
        />
        <Button asChild variant="ghost" size="sm">
          <Link href={`/transactions/${id}/evidence`}>Printable page</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
