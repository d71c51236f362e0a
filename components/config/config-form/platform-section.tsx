"use client";

import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Timestamp } from "@/components/ui/timestamp";
import { WrappableAddress } from "@/components/ui/wrappable-address";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import { proxyUmaSubdomainOf } from "@/lib/universal/config/diff";
import type { ConfigFormOutput, ConfigFormValues } from "@/lib/universal/config/form";
import type { PlatformConfig } from "@/shared/contract";
import { domainAsSent } from "@/shared/contract/domain-scripts";
import { asciiLower, hostnameIssue } from "@/shared/contract/uma-address-format";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd className="mt-1 text-sm">{children}</dd>
    </div>
  );
}

/** The UMA domain, with what derives from it and the platform's fixed facts. */
export function PlatformSection({ base, readOnly }: { base: PlatformConfig; readOnly: boolean }) {
  const form = useFormContext<ConfigFormValues, unknown, ConfigFormOutput>();
  const { errors } = useFormState({ control: form.control, name: "umaDomain" });
  const umaDomain = useWatch({ control: form.control, name: "umaDomain" });
  // The contract's umaDomainSchema, without loading it: an international name in its ASCII (xn--) form,
  // lowercased, then a hostname (look-alikes refused, shared/contract/domain-scripts.ts).
  const sent = asciiLower(domainAsSent(umaDomain.trim()));
  const domainValid = hostnameIssue(sent) === null;
  const international = domainValid && sent !== asciiLower(umaDomain.trim());
  return (
    <Card aria-labelledby="config-platform-heading">
      <CardHeader>
        <div>
          <CardTitle id="config-platform-heading">Platform</CardTitle>
          <CardDescription>The domain of your customers' UMA addresses.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,28rem)_1fr]">
        <FormField
          label="UMA domain"
          required
          error={errors.umaDomain}
          description={
            <>
              Changing it moves every customer's UMA address to the new domain (the review before saving says
              how many).
              {international ? (
                <>
                  {" "}
                  An international name is sent, and shown to the approving admin, with its ASCII form:{" "}
                  <code className="font-mono">
                    <WrappableAddress text={sent} />
                  </code>
                  .
                </>
              ) : null}
            </>
          }
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            readOnly={readOnly}
            {...registerWithValue(form, "umaDomain")}
          />
        </FormField>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Fact label="Proxy UMA subdomain">
            <span className="font-mono" aria-live="polite">
              {domainValid ? proxyUmaSubdomainOf(sent) : "—"}
            </span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              Derived from the domain's first label
            </span>
          </Fact>
          <Fact label="Regulated institution">
            {base.isRegulatedFinancialInstitution === undefined
              ? "Not reported"
              : base.isRegulatedFinancialInstitution
                ? "Yes"
                : "No"}
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              Fixed when the platform was created
            </span>
          </Fact>
          <Fact label="Configuration ID">
            <span className="flex items-center gap-1">
              <span className="truncate font-mono text-xs">{base.id}</span>
              <CopyButton value={base.id} label="configuration ID" />
            </span>
          </Fact>
          <Fact label="Last updated">
            <Timestamp value={base.updatedAt} style="precise" />
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}
