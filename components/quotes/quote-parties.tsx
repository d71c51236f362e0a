"use client";

import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { kindOf } from "@/components/names/party-cell";
import { IdValue } from "@/components/transactions/id-value";
import { WrappableAddress } from "@/components/ui/wrappable-address";
import { namesQuery } from "@/lib/client/api/names";
import { isRealTimeFunded } from "@/lib/client/api/quotes";
import type { NamedRecord } from "@/lib/universal/names/labels";
import type { Quote } from "@/shared/contract";

const MUTED = "text-zinc-600 dark:text-zinc-400";

/** One side of the payment under its label ("From", "To"), read as a group of that name. */
function Side({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: read-only details grouped under their label; a fieldset is for form controls.
    <div role="group" aria-labelledby={id} className="min-w-0">
      <p id={id} className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </p>
      <div className="mt-1 flex min-w-0 flex-col items-start gap-0.5">{children}</div>
    </div>
  );
}

/** A customer or account by name (GET /api/names); until the name is known, or if it cannot be, what kind it is. */
function RecordName({
  id,
  names,
  loading,
}: {
  id: string;
  names: Record<string, NamedRecord>;
  loading: boolean;
}) {
  const record = Object.hasOwn(names, id) ? names[id] : undefined;
  if (record) return <span className="font-medium wrap-break-word">{record.name}</span>;
  return <span className={MUTED}>{loading ? "…" : kindOf(id)}</span>;
}

/**
 * Where a quote's money comes from and goes to, by name, as the rest of the console names them: the source account
 * by its owner and currency ("Ana López's USD account"), the destination by its holder and bank or its UMA address.
 * Each id is beside its name, small, to copy: the person confirming the payment reads who, the id is for checking.
 */
export function QuoteParties({ quote }: { quote: Quote }) {
  const source = quote.source;
  const destination = quote.destination;
  const ids = [source.accountId, source.customerId, destination.accountId].filter(
    (id): id is string => typeof id === "string" && id !== "",
  );
  const query = useQuery(namesQuery([...new Set(ids)].sort()));
  const names = query.data?.names ?? {};
  const loading = ids.length > 0 && query.isPending;

  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <Side id="quote-from" label="From">
        {isRealTimeFunded(quote) ? (
          <>
            {source.customerId ? (
              <>
                <RecordName id={source.customerId} names={names} loading={loading} />
                <IdValue value={source.customerId} label="sending customer id" className={MUTED} />
              </>
            ) : (
              <span className="font-medium">The platform</span>
            )}
            <span className={MUTED}>Funded just in time in {quote.sendingCurrency.code}</span>
          </>
        ) : source.accountId ? (
          <>
            <RecordName id={source.accountId} names={names} loading={loading} />
            <IdValue value={source.accountId} label="source account id" className={MUTED} />
          </>
        ) : (
          <span className={MUTED}>Not stated</span>
        )}
      </Side>
      <Side id="quote-to" label="To">
        {destination.umaAddress ? (
          <>
            <span className="font-medium wrap-break-word">
              <WrappableAddress text={destination.umaAddress} />
            </span>
            <span className={MUTED}>UMA address</span>
          </>
        ) : destination.accountId ? (
          <>
            <RecordName id={destination.accountId} names={names} loading={loading} />
            <IdValue value={destination.accountId} label="destination account id" className={MUTED} />
          </>
        ) : (
          <span className={MUTED}>Not stated</span>
        )}
      </Side>
    </div>
  );
}
