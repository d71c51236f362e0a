import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/shell/page-header";
import { TokensConsole } from "@/components/tokens/tokens-console";
import { env } from "@/lib/server/env";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  // The address is the running console's configuration, not the build machine's.
  await connection();
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Credentials for programs that call the payment API as this platform, each with only the permissions it needs."
      />
      <TokensConsole apiBaseUrl={env().PAYMENT_API_BASE_URL} />
    </>
  );
}
