import type { Metadata } from "next";
import { connection } from "next/server";
import { SandboxConsole } from "@/components/sandbox/sandbox-console";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { env } from "@/lib/server/env";
import { forUsersWho } from "@/lib/server/page-reads/page-read";
import { configRead, platformAccountsRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  // The environment is read per request: it is the running console's, not the build machine's.
  await connection();
  return (
    <>
      <PageHeader
        title="Sandbox"
        description="Fund accounts, simulate payments in both directions and move the clock, to try every flow without real money. Each action shows its request and response."
      />
      <WithPageReads reads={forUsersWho("sandbox.use", [platformAccountsRead, configRead])}>
        <SandboxConsole localService={env().LOCAL_SERVICE} />
      </WithPageReads>
    </>
  );
}
