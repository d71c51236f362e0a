import type { Metadata } from "next";
import { AuditLog } from "@/components/audit/audit-log";
import { AUDIT_PAGE } from "@/components/audit/audit-page-text";
import { PageHeader } from "@/components/shell/page-header";
import { type ListPageProps, WithFirstPage } from "@/components/shell/with-page-reads";
import { ErrorState } from "@/components/ui/states";
import { currentUser } from "@/lib/server/auth/session";
import { currentEnvironment } from "@/lib/server/environments/current";
import { auditRead } from "@/lib/server/page-reads/list-reads";
import { decide } from "@/lib/universal/auth/permissions";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: ListPageProps) {
  const user = await currentUser();
  const decision = user
    ? decide(user.role, "audit.read", currentEnvironment())
    : { allowed: false, reason: "Sign in." };
  // The log renders its own header, with the export of what its filters show.
  if (decision.allowed) {
    return (
      <WithFirstPage read={auditRead} searchParams={searchParams}>
        <AuditLog />
      </WithFirstPage>
    );
  }
  return (
    <>
      <PageHeader title={AUDIT_PAGE.title} description={AUDIT_PAGE.description} />
      <ErrorState
        title="You cannot read the audit log"
        error={{ message: decision.reason, code: "FORBIDDEN" }}
      />
    </>
  );
}
