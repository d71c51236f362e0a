import type { Metadata } from "next";
import { connection } from "next/server";
import { InvitationsConsole } from "@/components/invitations/invitations-console";
import { PageHeader } from "@/components/shell/page-header";
import { env } from "@/lib/server/env";

export const metadata: Metadata = { title: "Invitations" };

export default async function InvitationsPage() {
  // The environment is read per request: it is the running console's, not the build machine's.
  await connection();
  return (
    <>
      <PageHeader
        title="Invitations"
        description="UMA invitations: look one up by its code, see its status, and claim it for a UMA address."
      />
      <InvitationsConsole localService={env().LOCAL_SERVICE} />
    </>
  );
}
