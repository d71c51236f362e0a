"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import * as React from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { CustomerKycLink } from "@/lib/contract";
import { isRegulated, platformConfigQuery } from "@/lib/payments/customers";
import { CustomerForm } from "./customer-form";
import { PermissionNotice } from "./guarded-action";
import { KycLinkForm, KycLinkResult } from "./kyc-link";

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
  const config = useQuery(platformConfigQuery());
  if (!write.allowed) {
    return (
      <div className="flex flex-col gap-4">
        <PermissionNotice reasons={[write.reason]} />
        <BackToCustomers />
      </div>
    );
  }
  if (config.isPending)
    return <LoadingState label="Loading the platform's customer rules" rows={6} columns={2} />;
  if (config.isError) {
    return (
      <ErrorState
        title="The platform's customer rules could not be loaded"
        error={config.error}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  if (!isRegulated(config.data)) return <KycOnboarding />;
  return <CustomerForm mode="create" config={config.data} />;
}

function KycOnboarding() {
  const [link, setLink] = React.useState<CustomerKycLink | null>(null);
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>Onboard through a KYC link</CardTitle>
          <CardDescription>
            This platform is not a regulated institution, so customers verify themselves on a hosted page and
            the customer record is created when verification succeeds. Generate a link and send it to the
            person.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {link ? (
          <div className="flex flex-col gap-4">
            <KycLinkResult link={link} />
            <Button variant="outline" className="self-end" onClick={() => setLink(null)}>
              Generate another link
            </Button>
          </div>
        ) : (
          <KycLinkForm onGenerated={setLink} />
        )}
      </CardContent>
    </Card>
  );
}
