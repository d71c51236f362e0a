import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { TokensConsole } from "@/components/tokens/tokens-console";

export const metadata: Metadata = { title: "API tokens" };

export default function TokensPage() {
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Credentials for programs that call the payment API as this platform, each with only the permissions it needs."
      />
      <TokensConsole />
    </>
  );
}
