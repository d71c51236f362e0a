import type { Metadata } from "next";
import { decodeRouteParam } from "@/components/customers/route-param";
import { ScreeningCard } from "@/components/screening/screening-card";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageHeader } from "@/components/shell/page-header";
import { Link } from "@/components/ui/link";
import { ErrorState } from "@/components/ui/states";
import { currentUser } from "@/lib/server/auth/session";
import { currentEnvironment } from "@/lib/server/environments/current";
import { decide } from "@/lib/universal/auth/permissions";

export const metadata: Metadata = { title: "Recipient screening" };

/**
 * The screening of an external account's holder (issue 48, outgoing payments): where compliance reviews a potential
 * match the alerts queue names, and dismisses or confirms it; no payment goes to the account while one is open.
 */
export default async function RecipientScreeningPage({ params }: { params: Promise<{ accountId: string }> }) {
  const accountId = decodeRouteParam((await params).accountId);
  const user = await currentUser();
  const decision = user
    ? decide(user.role, "screening.read", currentEnvironment())
    : { allowed: false, reason: "Sign in." };
  return (
    <>
      <PageBreadcrumbs items={[{ label: "Screening", href: "/screening" }, { label: "Recipient" }]} />
      <PageHeader
        title="Recipient screening"
        description={
          <>
            The holder of bank account <span className="break-all font-mono">{accountId}</span>, screened
            before money is sent to it. While a potential match is open, no payment to this account is
            executed.{" "}
            <Link href="/screening" className="underline underline-offset-2">
              Back to screening
            </Link>
          </>
        }
      />
      {decision.allowed ? (
        <ScreeningCard subject={{ recipient: accountId }} />
      ) : (
        <ErrorState
          title="You cannot read screening results"
          error={{ message: decision.reason, code: "FORBIDDEN" }}
        />
      )}
    </>
  );
}
