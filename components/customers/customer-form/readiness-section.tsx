"use client";

import { useFormState, useWatch } from "react-hook-form";
import type { CurrencyRequirement } from "@/shared/contract/customer-requirements";
import type { CustomerLike } from "@/shared/contract/user-info-fields";
import { CurrencyReadinessCard } from "../currency-readiness";
import { type CustomerFormValues, customerBody, withoutInvalidInputs } from "../customer-form-values";

/**
 * Which currencies the customer, as the form stands, will be ready to transact in, updated as fields are filled:
 * nothing here blocks saving (spec rule 1), but money in a currency the customer is not ready for is refused. An
 * input whose error is shown (a date of birth in the future) does not count as given.
 */
export function ReadinessSection({ currencies }: { currencies: readonly CurrencyRequirement[] }) {
  const values = useWatch<CustomerFormValues>() as CustomerFormValues;
  const { errors } = useFormState<CustomerFormValues>();
  return (
    <CurrencyReadinessCard
      customer={customerBody(withoutInvalidInputs(values, errors), "create") as CustomerLike}
      currencies={currencies}
      headingId="form-readiness-heading"
      description="What each currency's provider still needs before money moves in it. It can be added later."
    />
  );
}
