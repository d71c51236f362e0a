"use client";

import dynamic from "next/dynamic";
import { useFormContext, useFormState } from "react-hook-form";
import { useViewer } from "@/components/auth/permissions-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import type { ConfigFormOutput, ConfigFormValues } from "@/lib/universal/config/form";
import { cn } from "@/lib/universal/utils";
import type { PlatformConfig } from "@/shared/contract";
import type { EndpointTest } from "../endpoint-test-result";

// Shown only after a save tested a new endpoint, so downloaded then.
const EndpointTestResult = dynamic(() =>
  import("../endpoint-test-result").then((module) => module.EndpointTestResult),
);
// Read after the page is drawn (its own request), so downloaded then.
const EndpointHealthNote = dynamic(() =>
  import("../endpoint-health-note").then((module) => module.EndpointHealthNote),
);

/**
 * The webhook endpoint, and the result of the TEST event a save sent to a new one; otherwise (after a reload) whether
 * the endpoint answers the payment API's deliveries, with the way back when it does not.
 */
export function WebhookSection({
  base,
  readOnly,
  endpointTest,
}: {
  base: PlatformConfig;
  readOnly: boolean;
  endpointTest: EndpointTest | null;
}) {
  const viewer = useViewer();
  const form = useFormContext<ConfigFormValues, unknown, ConfigFormOutput>();
  const { errors } = useFormState({ control: form.control, name: "webhookEndpoint" });
  return (
    <Card aria-labelledby="config-webhook-heading">
      <CardHeader>
        <div>
          <CardTitle id="config-webhook-heading">Webhook endpoint</CardTitle>
          <CardDescription>
            Where the payment API sends events, including incoming payments to approve.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormField
          label="Endpoint URL"
          required={Boolean(base.webhookEndpoint)}
          error={errors.webhookEndpoint}
          description={
            viewer.environment === "sandbox"
              ? "An https URL, or http for localhost and 127.0.0.1 in the sandbox. Its answer approves incoming payments, so a new endpoint takes a second admin; once applied, the payment API sends it a TEST event."
              : "An https URL. Its answer approves incoming payments, so a new endpoint takes a second admin; once applied, the payment API sends it a TEST event."
          }
          className="max-w-2xl"
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            readOnly={readOnly}
            placeholder="https://example.com/webhooks"
            className={cn("font-mono text-xs", readOnly && "bg-zinc-50 dark:bg-zinc-950")}
            {...registerWithValue(form, "webhookEndpoint")}
          />
        </FormField>
        {endpointTest && endpointTest.url === base.webhookEndpoint ? (
          <EndpointTestResult key={endpointTest.savedAt} test={endpointTest} />
        ) : base.webhookEndpoint ? (
          <EndpointHealthNote endpoint={base.webhookEndpoint} readOnly={readOnly} />
        ) : null}
      </CardContent>
    </Card>
  );
}
