import { Check, TriangleAlert } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type CurrencyRequirement, customerReadiness } from "@/shared/contract/customer-requirements";
import type { CustomerLike } from "@/shared/contract/user-info-fields";
import { USER_INFO_FIELD_LABELS } from "./customer-labels";

/**
 * For each supported currency, whether the customer has what its provider requires (spec rule 1: only the
 * platform's id and the type are needed to create a customer; a currency's fields are needed to transact in it).
 * A list a person reads top to bottom: the currency, then "Ready" or what is missing.
 */
function CurrencyReadinessList({
  customer,
  currencies,
  blockedBy,
}: {
  customer: CustomerLike;
  currencies: readonly CurrencyRequirement[];
  blockedBy?: string | undefined;
}) {
  const readiness = customerReadiness(customer, currencies);
  return (
    <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
      {readiness.map(({ currencyCode, missing }) => (
        <li
          key={currencyCode}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 first:pt-0 last:pb-0"
        >
          <span className="w-12 font-mono font-medium">{currencyCode}</span>
          {missing.length === 0 && blockedBy ? (
            <>
              <Badge variant="warning">
                <TriangleAlert aria-hidden="true" />
                Not ready
              </Badge>
              <span className="text-zinc-600 dark:text-zinc-400">{blockedBy}</span>
            </>
          ) : missing.length === 0 ? (
            <Badge variant="success">
              <Check aria-hidden="true" />
              Ready
            </Badge>
          ) : (
            <>
              <Badge variant="warning">
                <TriangleAlert aria-hidden="true" />
                Not ready
              </Badge>
              <span className="text-zinc-600 dark:text-zinc-400">
                Needs {missing.map((field) => USER_INFO_FIELD_LABELS[field].toLowerCase()).join(", ")}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The list in a card titled "Ready to transact": on the customer page and at the end of the customer form. */
export function CurrencyReadinessCard({
  customer,
  currencies,
  headingId,
  description,
  blockedBy,
}: {
  customer: CustomerLike;
  currencies: readonly CurrencyRequirement[];
  headingId: string;
  description: string;
  /** Why no currency is ready whatever the customer has (their KYC is not approved), said on each. */
  blockedBy?: string | undefined;
}) {
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id={headingId}>Ready to transact</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <CurrencyReadinessList customer={customer} currencies={currencies} blockedBy={blockedBy} />
      </CardContent>
    </Card>
  );
}
