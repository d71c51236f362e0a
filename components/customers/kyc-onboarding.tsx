"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CustomerKycLink } from "@/shared/contract";
import { KycLinkForm, KycLinkResult } from "./kyc-link";

/** Creation on a platform that is not regulated: a hosted KYC link for the person to verify themselves. */
export function KycOnboarding() {
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
