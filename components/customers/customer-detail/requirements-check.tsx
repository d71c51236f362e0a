"use client";

import { useQuery } from "@tanstack/react-query";
import { configQuery } from "@/lib/client/api/config";
import type { Customer } from "@/shared/contract";
import { customerReadiness } from "@/shared/contract/customer-requirements";
import { CurrencyReadinessCard } from "../currency-readiness";

/**
 * For each supported currency, whether the customer has what its provider requires: money in a currency the
 * customer is not ready for is refused (MISSING_MANDATORY_USER_INFO).
 */
export function RequirementsCheck({ customer }: { customer: Customer }) {
  const config = useQuery(configQuery());
  if (!config.data || customer.isDeleted) return null;
  const currencies = config.data.supportedCurrencies;
  const notReady = customerReadiness(customer, currencies).some((entry) => entry.missing.length > 0);
  return (
    <CurrencyReadinessCard
      customer={customer}
      currencies={currencies}
      headingId="readiness-heading"
      description={
        notReady
          ? "Each currency's provider requires more before money moves in it. Edit the customer to add it."
          : "The customer has what every currency's provider requires."
      }
    />
  );
}
