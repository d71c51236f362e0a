import type { Metadata } from "next";
import { connection } from "next/server";
import { ConfigEditor } from "@/components/config/config-editor";
import { PageHeader } from "@/components/shell/page-header";
import { WithPageReads } from "@/components/shell/with-page-reads";
import { env } from "@/lib/server/env";
import { configRead } from "@/lib/server/page-reads/record-reads";

export const metadata: Metadata = { title: "Configuration" };

export default async function ConfigPage() {
  // The environment is read per request: it is the running console's, not the build machine's.
  await connection();
  return (
    <>
      <PageHeader
        title="Configuration"
        description="Your platform's UMA domain, webhook endpoint and supported currencies on the payment API. Admins edit; every save shows its changes first and is recorded in the history."
      />
      <WithPageReads reads={[configRead]}>
        <ConfigEditor localService={env().LOCAL_SERVICE} />
      </WithPageReads>
    </>
  );
}
