"use client";

import { useQuery } from "@tanstack/react-query";
import { statusInfo } from "@/components/ui/status";
import { configQuery } from "@/lib/client/api/config";
import type { Customer } from "@/shared/contract";
import { customerReadiness, kycLetsMoneyMove } from "@/shared/contract/customer-requirements";
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
  // Money moves only once KYC is approved, whatever the customer has (the API answers 403 USER_NOT_READY).
  const kyc = kycLetsMoneyMove(customer.kycStatus) ? undefined : statusInfo(customer.kycStatus).label;
  return (
    <CurrencyReadinessCard
      customer={customer}
      currencies={currencies}
      headingId="readiness-heading"
      blockedBy={kyc ? `KYC ${kyc.toLowerCase()}` : undefined}
      description={
        kyc
          ? `No money moves for this customer while their KYC is ${kyc.toLowerCase()}.${notReady ? " Each currency's provider also requires more: edit the customer to add it." : ""}`
          : notReady
            ? "Each currency's provider requires more before money moves in it. Edit the customer to add it."
            : "The customer has what every currency's provider requires."
      }
    />
  );
}
