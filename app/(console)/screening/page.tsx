import type { Metadata } from "next";
import { ScreeningConsole } from "@/components/screening/screening-console";
import { PageHeader } from "@/components/shell/page-header";
import { ErrorState } from "@/components/ui/states";
import { currentUser } from "@/lib/server/auth/session";
import { currentEnvironment } from "@/lib/server/environments/current";
import { decide } from "@/lib/universal/auth/permissions";

export const metadata: Metadata = { title: "Screening" };

export default async function ScreeningPage() {
  const user = await currentUser();
  const decision = user
    ? decide(user.role, "screening.read", currentEnvironment())
    : { allowed: false, reason: "Sign in." };
  if (decision.allowed) return <ScreeningConsole />;
  return (
    <>
      <PageHeader title="Screening" />
      <ErrorState
        title="You cannot read screening results"
        error={{ message: decision.reason, code: "FORBIDDEN" }}
      />
    </>
  );
}
