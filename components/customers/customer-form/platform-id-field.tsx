"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { useDebounced } from "@/components/ui/use-debounced";
import { paymentsFetch, toQuery } from "@/lib/client/api/client";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import { queryKeys } from "@/lib/universal/api/keys";
import type { CustomerList } from "@/shared/contract";
import type { CustomerFormValues } from "../customer-form-values";
import { customerDisplayName } from "../customer-labels";

/** How many holders of one id the warning names. */
const NAMED = 3;

const holdersQuery = (platformCustomerId: string) =>
  queryOptions({
    queryKey: [...queryKeys.customers, "platform-id-holders", platformCustomerId],
    queryFn: ({ signal }) =>
      paymentsFetch<CustomerList>(`/customers${toQuery({ platformCustomerId, limit: NAMED + 1 })}`, {
        signal,
      }),
    staleTime: 5_000,
  });

/**
 * A new customer's platform customer id, looked up once typed: the API lets several customers share one (one person
 * with several UMA addresses), so an id already in use is not an error, but a typo or a copied id would make a second
 * customer of someone else. The page names who has it, with a link, before the admin creates another.
 */
export function PlatformIdField() {
  const form = useFormContext<CustomerFormValues>();
  const typed = form.watch("platformCustomerId").trim();
  const debounced = useDebounced(typed, 350);
  const lookUp = debounced !== "" && debounced === typed;
  const holders = useQuery({ ...holdersQuery(debounced), enabled: lookUp });
  const found = lookUp ? (holders.data?.data ?? []) : [];
  const named = found.slice(0, NAMED);
  return (
    <FormField
      label="Platform customer id"
      required
      description={
        named.length > 0 ? (
          <span className="inline-flex items-start gap-1 text-amber-800 dark:text-amber-300">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span>
              Already the id of{" "}
              {named.map((customer, index) => (
                <span key={customer.id}>
                  {index > 0 ? (index === named.length - 1 && found.length <= NAMED ? " and " : ", ") : null}
                  <Link
                    href={`/customers/${encodeURIComponent(customer.id)}`}
                    target="_blank"
                    rel="noopener"
                    className="font-medium underline underline-offset-2"
                  >
                    {customerDisplayName(customer)}
                  </Link>
                </span>
              ))}
              {found.length > NAMED ? " and others" : ""}. Use it again only for the same{" "}
              {found.length === 1 ? "customer" : "customer as theirs"}, with another UMA address; otherwise
              choose another id.
            </span>
          </span>
        ) : (
          "Your own id for this customer. Several customers may share one if their UMA addresses differ."
        )
      }
      error={form.formState.errors.platformCustomerId}
    >
      <Input
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        {...registerWithValue(form, "platformCustomerId")}
      />
    </FormField>
  );
}
