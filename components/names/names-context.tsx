"use client";

import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { namesQuery } from "@/lib/client/api/names";
import type { Party } from "@/lib/universal/names/counterparty";
import { idsToName } from "@/lib/universal/names/counterparty";
import type { NamedRecord } from "@/lib/universal/names/labels";

const MAX_NAMED = 100;

export type NamesState = { names: Record<string, NamedRecord>; loading: boolean };

const NamesContext = React.createContext<NamesState>({ names: {}, loading: false });

/**
 * Names the customers and accounts of a list's page in one request (GET /api/names), for the cells below it;
 * while the names load, or where one cannot be found, the cells show what the record itself says.
 */
export function NamesProvider({
  parties,
  children,
}: {
  parties: readonly Party[];
  children: React.ReactNode;
}) {
  return <ProvidedNames value={useNamesFor(parties)}>{children}</ProvidedNames>;
}

/**
 * The names of `parties` (one GET /api/names), for a component that needs them above its NamesProvider as well
 * (the approval queue's keys and selection); pass the result down with ProvidedNames.
 */
export function useNamesFor(parties: readonly Party[]): NamesState {
  // At most what GET /api/names answers at once (a long queue's later cards show the record's own id meanwhile).
  const ids = React.useMemo(() => idsToName(parties).slice(0, MAX_NAMED), [parties]);
  const query = useQuery(namesQuery(ids));
  return React.useMemo(
    () => ({ names: query.data?.names ?? {}, loading: ids.length > 0 && query.isPending }),
    [query.data, query.isPending, ids.length],
  );
}

export function ProvidedNames({ value, children }: { value: NamesState; children: React.ReactNode }) {
  return <NamesContext.Provider value={value}>{children}</NamesContext.Provider>;
}

export function useNames(): NamesState {
  return React.useContext(NamesContext);
}
