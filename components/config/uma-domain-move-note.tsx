"use client";

import { useQuery } from "@tanstack/react-query";
import { WrappableAddress } from "@/components/ui/wrappable-address";
import { customerListQuery } from "@/lib/client/api/customer-list";
import { formatCount } from "@/lib/universal/intl/count";

/** "1 customer address", "3 customer addresses". */
const addresses = (count: number) => `${formatCount(count)} customer UMA address${count === 1 ? "" : "es"}`;

/**
 * What saving a new UMA domain does to the customers, said before it is saved: the payment API moves every live
 * customer's address to the new domain (keeping the username). The number is the API's count of live customers.
 */
export function UmaDomainMoveNote({ from, to }: { from: string; to: string }) {
  const query = useQuery({ ...customerListQuery({ limit: 1 }), placeholderData: undefined });
  const count = query.data?.totalCount ?? (query.data && !query.data.hasMore ? query.data.data.length : null);
  // The domains wrap at their dots, not inside a word, where the note is narrower than they are (a phone).
  const fromDomain = <WrappableAddress text={`@${from}`} />;
  const toDomain = <WrappableAddress text={`@${to}`} />;
  const what = query.isPending ? (
    "Counting the customer addresses it moves…"
  ) : count === null ? (
    <>
      Moves every customer UMA address from {fromDomain} to {toDomain}
      {query.isError ? " (the number of customers could not be read)" : ""}.
    </>
  ) : count === 0 ? (
    <>No customer addresses to move: new customers get addresses {toDomain}.</>
  ) : (
    <>
      Moves {addresses(count)} from {fromDomain} to {toDomain}.
    </>
  );
  return (
    <p aria-live="polite" className="mt-1 font-medium wrap-break-word text-zinc-800 dark:text-zinc-200">
      {what}{" "}
      {count === 0 ? null : (
        <span className="font-normal text-zinc-600 dark:text-zinc-400">
          Their usernames stay; payments to the old addresses no longer reach them.
        </span>
      )}
    </p>
  );
}
