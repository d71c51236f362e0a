"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import dynamic from "next/dynamic";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { configQuery } from "@/lib/client/api/config";
import { isRegulated } from "@/lib/client/api/customers";
import { CustomerForm } from "./customer-form";

// Only platforms that are not regulated onboard through a hosted KYC link: that flow loads only for them.
const KycOnboarding = dynamic(() => import("./kyc-onboarding").then((module) => module.KycOnboarding), {
  loading: () => <LoadingState label="Loading" rows={3} columns={2} />,
});

export function BackToCustomers() {
  return (
    <Button asChild variant="outline" className="self-start">
      <Link href="/customers">
        <ArrowLeft aria-hidden="true" />
        Back to customers
      </Link>
    </Button>
  );
}

/** Creation as the platform allows it: the form when regulated, a hosted KYC link otherwise. */
export function NewCustomer() {
  const write = usePermission("customers.write");
  const config = useQuery(configQuery());
  if (!write.allowed) {
    return (
      <div className="flex flex-col gap-4">
        <PermissionNotice reasons={[write.reason]} />
        <BackToCustomers />
      </div>
    );
  }
  return (
    <QueryState
      query={config}
      loading={<LoadingState label="Loading the platform's customer rules" rows={6} columns={2} />}
      error={{ title: "The platform's customer rules could not be loaded" }}
    >
      {(data) => (isRegulated(data) ? <CustomerForm mode="create" config={data} /> : <KycOnboarding />)}
    </QueryState>
  );
}
