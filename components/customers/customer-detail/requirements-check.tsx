"use client";

import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { configQuery } from "@/lib/payments/config";
import { providerRequirements } from "@/lib/payments/customers";
import type { Customer } from "@/shared/contract";
import { missingProviderRequiredFields } from "@/shared/contract/user-info-fields";
import { USER_INFO_FIELD_LABELS } from "../customer-labels";

/** What the platform's currencies require that this customer lacks: money in those currencies would be refused. */
export function RequirementsCheck({ customer }: { customer: Customer }) {
  const config = useQuery(configQuery());
  if (!config.data || customer.isDeleted) return null;
  const requirements = providerRequirements(config.data);
  const lacking = missingProviderRequiredFields(customer, [...requirements.keys()]);
  if (lacking.length === 0) return null;
  return (
    <div
      role="note"
      className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">Missing information the platform's currencies require</p>
        <ul className="list-disc pl-4">
          {lacking.map((field) => (
            <li key={field}>
              {USER_INFO_FIELD_LABELS[field]}: required for {(requirements.get(field) ?? []).join(", ")}
            </li>
          ))}
        </ul>
        <p>Editing this customer requires adding it.</p>
      </div>
    </div>
  );
}
