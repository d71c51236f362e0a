"use client";

import { ExternalLink, KeyRound } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormField, FormRootError } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { generateKycLink } from "@/lib/client/api/customers";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import type { CustomerKycLink } from "@/shared/contract";
import type { KycLinkFormOutput, KycLinkFormValues } from "./kyc-link-schema";

/** The link once generated: copyable, openable, and plain about being usable once. */
export function KycLinkResult({ link }: { link: CustomerKycLink }) {
  const id = React.useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          Verification link for {link.platformCustomerId}
        </label>
        <div className="flex items-center gap-2">
          <Input
            id={id}
            readOnly
            value={link.kycUrl}
            className="font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
          <CopyButton value={link.kycUrl} label="KYC link" showText variant="outline" />
        </div>
      </div>
      <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
        <strong className="font-semibold">Single use.</strong> The link works once: it stops working when the
        customer finishes verifying, and it expires after a limited time. Send it only to this customer, and
        generate a new one if it lapses.
      </p>
      <Button asChild variant="link" className="self-start">
        <a href={link.kycUrl} target="_blank" rel="noopener noreferrer">
          Open the hosted verification page
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}

/**
 * Asks the API for a hosted KYC link. With `platformCustomerId` given the link is for that customer; without it,
 * the person types the id of the customer to onboard (an unregulated platform's way to add customers).
 */
export function KycLinkForm({
  platformCustomerId,
  onGenerated,
  submitLabel = "Generate link",
}: {
  platformCustomerId?: string;
  onGenerated: (link: CustomerKycLink) => void;
  submitLabel?: string;
}) {
  const resolver = useLazyZodResolver<KycLinkFormValues, KycLinkFormOutput>(
    () => import("./kyc-link-schema").then((module) => module.kycLinkFormSchema),
    [],
  );
  const form = useForm<KycLinkFormValues, unknown, KycLinkFormOutput>({
    resolver,
    defaultValues: { platformCustomerId: platformCustomerId ?? "", redirectUri: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (query) => {
    try {
      const link = await generateKycLink(query.platformCustomerId, query.redirectUri);
      toast.success("KYC link generated");
      onGenerated(link);
    } catch (error) {
      landServerErrors(
        form.setError,
        error,
        (path) => (path === "platformCustomerId" || path === "redirectUri" ? path : undefined),
        "The link could not be generated. Try again.",
      );
    }
  });
  return (
    <form onSubmit={submit} onFocus={resolver.preload} noValidate className="flex flex-col gap-4">
      {platformCustomerId === undefined ? (
        <FormField
          label="Platform customer id"
          required
          description="Your own id for the person; the customer record gets it once they pass verification."
          error={errors.platformCustomerId}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...form.register("platformCustomerId")}
          />
        </FormField>
      ) : null}
      <FormField
        label="Return address"
        description="Optional: where the customer is sent after verifying, e.g. https://app.example.com/onboarding/done."
        error={errors.redirectUri}
      >
        <Input type="url" autoComplete="off" spellCheck={false} {...form.register("redirectUri")} />
      </FormField>
      <FormRootError message={errors.root?.server?.message} />
      <Button type="submit" className="self-end" loading={isSubmitting} loadingText="Generating…">
        <KeyRound aria-hidden="true" />
        {submitLabel}
      </Button>
    </form>
  );
}
