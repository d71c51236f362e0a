import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/shell/page-header";
import { TokensConsole } from "@/components/tokens/tokens-console";
import { ErrorState } from "@/components/ui/states";
import { currentUser } from "@/lib/server/auth/session";
import { env } from "@/lib/server/env";
import { currentEnvironment } from "@/lib/server/environments/current";
import { decide } from "@/lib/universal/auth/permissions";
import { TOKENS_ADMINS_ONLY } from "@/lib/universal/tokens/token-rules";

export const metadata: Metadata = { title: "API tokens" };

const HEADER = {
  title: "API tokens",
  description:
    "Credentials for programs that call the payment API as this platform, each with only the permissions it needs.",
};

/** The API's address as a program is told it: never a user name or password the configured URL may carry. */
function addressShown(url: string): string {
  const shown = new URL(url);
  shown.username = "";
  shown.password = "";
  return shown.toString();
}

export default async function TokensPage() {
  // The address is the running console's configuration, not the build machine's.
  await connection();
  const user = await currentUser();
  const decision = user
    ? decide(user.role, "config.write", currentEnvironment())
    : { allowed: false, reason: "Sign in." };
  if (!decision.allowed) {
    // Only admins list, create and revoke tokens (the list's route asks for the same permission): a form that
    // could never be sent, under "you can view this page", told others nothing they could use.
    return (
      <>
        <PageHeader {...HEADER} />
        <ErrorState
          title="You cannot manage API tokens"
          error={{
            message: `${TOKENS_ADMINS_ONLY} Ask one for a token your program needs.`,
            code: "FORBIDDEN",
          }}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader {...HEADER} />
      <TokensConsole apiBaseUrl={addressShown(env().PAYMENT_API_BASE_URL)} />
    </>
  );
}
