"use client";

import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { countryName } from "@/lib/universal/intl/country-names";
import { formatCalendarDay } from "@/lib/universal/time/calendar-day";
import type { Customer } from "@/shared/contract";

const OWNER_ROLES: Record<string, string> = {
  OFFICER: "Officer",
  BENEFICIAL_OWNER: "Beneficial owner",
  CONTROL_PERSON: "Control person",
  AUTHORIZED_PERSON: "Authorized person",
};

function Field({
  label,
  children,
  mono = false,
}: {
  label: string;
  children: React.ReactNode;
  mono?: boolean;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd className={mono ? "font-mono text-xs leading-5 break-all" : "text-sm"}>{children}</dd>
    </div>
  );
}

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex items-start justify-between gap-2">
      <span className="min-w-0 break-all">{value}</span>
      <CopyButton value={value} label={label} className="-mt-1.5 shrink-0" />
    </span>
  );
}

/** Address lines as a block, skipping absent parts. */
function addressLines(address: Customer["address"]): string[] {
  if (!address) return [];
  const cityLine = [address.city, address.state, address.postalCode].filter(Boolean).join(", ");
  return [
    address.line1,
    address.line2,
    cityLine,
    address.country ? countryName(address.country) : undefined,
  ].filter((line): line is string => Boolean(line));
}

const missing = <span className="text-zinc-500 dark:text-zinc-400">Not given</span>;

export function DetailsCard({ customer }: { customer: Customer }) {
  const lines = addressLines(customer.address);
  return (
    <Card aria-labelledby="details-heading">
      <CardHeader>
        <CardTitle id="details-heading">Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-4">
          <Field label="Customer id" mono>
            <Copyable value={customer.id} label="customer id" />
          </Field>
          <Field label="Platform customer id" mono>
            <Copyable value={customer.platformCustomerId} label="platform customer id" />
          </Field>
          <Field label="UMA address" mono>
            <Copyable value={customer.umaAddress} label="UMA address" />
          </Field>
          <Field label="KYC status">
            <StatusBadge status={customer.kycStatus} />
          </Field>
          {customer.customerType === "INDIVIDUAL" ? (
            <>
              <Field label="Full legal name">{customer.fullName || missing}</Field>
              <Field label="Date of birth">
                {customer.birthDate ? formatCalendarDay(customer.birthDate) : missing}
              </Field>
              <Field label="Nationality">
                {customer.nationality
                  ? `${countryName(customer.nationality)} (${customer.nationality})`
                  : missing}
              </Field>
            </>
          ) : (
            <>
              <Field label="Legal name">{customer.businessInfo?.legalName || missing}</Field>
              <Field label="Registration number">
                {customer.businessInfo?.registrationNumber || missing}
              </Field>
              <Field label="Tax ID">{customer.businessInfo?.taxId || missing}</Field>
              <Field label="Beneficial owners and officers">
                {customer.beneficialOwners && customer.beneficialOwners.length > 0 ? (
                  <ul aria-label="Beneficial owners and officers" className="flex flex-col gap-1">
                    {customer.beneficialOwners.map((owner) => (
                      <li key={`${owner.fullName}-${owner.individualType}-${owner.emailAddress ?? ""}`}>
                        <span className="font-medium">{owner.fullName}</span>{" "}
                        <span className="text-zinc-600 dark:text-zinc-400">
                          {OWNER_ROLES[owner.individualType] ?? owner.individualType}
                          {owner.percentageOwnership !== undefined ? `, ${owner.percentageOwnership}%` : ""}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  missing
                )}
              </Field>
            </>
          )}
          <Field label="Address">
            {lines.length > 0 ? (
              <address className="not-italic">
                {lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              missing
            )}
          </Field>
          <Field label="Created">
            <RelativeTime date={customer.createdAt} />
          </Field>
          <Field label="Updated">
            <RelativeTime date={customer.updatedAt} />
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}
