"use client";

import { useWatch } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CurrencyRequirement } from "@/shared/contract/customer-requirements";
import type { CustomerLike } from "@/shared/contract/user-info-fields";
import { CurrencyReadinessList } from "../currency-readiness";
import { type CustomerFormValues, customerBody } from "../customer-form-values";

/**
 * Which currencies the customer, as the form stands, will be ready to transact in, updated as fields are filled:
 * nothing here blocks saving (spec rule 1), but money in a currency the customer is not ready for is refused.
 */
export function ReadinessSection({ currencies }: { currencies: readonly CurrencyRequirement[] }) {
  const values = useWatch<CustomerFormValues>() as CustomerFormValues;
  const customer = customerBody(values, "create") as CustomerLike;
  return (
    <Card aria-labelledby="form-readiness-heading">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle id="form-readiness-heading">Ready to transact</CardTitle>
          <CardDescription>
            What each currency's provider still needs before money moves in it. It can be added later.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <CurrencyReadinessList customer={customer} currencies={currencies} />
      </CardContent>
    </Card>
  );
}
