import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { PlatformConfig, UpdateConfigBody, UserInfoFieldName } from "../../../shared/contract";
import { withConfigDefaults } from "../../universal/api/defaults";
import { queryKeys } from "../../universal/api/keys";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { consoleFetch, paymentsFetch, toQuery } from "./client";

/** The platform configuration: the one definition of its cache key (the config page and every page reading its rules). */
export const configQuery = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => paymentsFetch<PlatformConfig>("/config", { signal }).then(withConfigDefaults),
  });

/**
 * Saves a change: the configuration after it, or (202) the proposal stored when a part it changes needs a second
 * admin (lib/server/relay/steps/config-four-eyes.ts), in which case nothing changed yet.
 */
export async function updateConfig(
  body: UpdateConfigBody,
): Promise<{ applied: PlatformConfig } | { proposed: ConfigProposal }> {
  const answer = await paymentsFetch<PlatformConfig | ConfigProposal>("/config", { method: "PATCH", body });
  return "proposedBy" in answer && answer.status === "proposed"
    ? { proposed: answer as ConfigProposal }
    : { applied: withConfigDefaults(answer as PlatformConfig) };
}

/**
 * What the audit log recorded a configuration change to set. Read leniently (components/config/config-history.tsx):
 * entries written before the summary carried the new values have only the field names.
 */
export type ConfigChangeSummary = {
  fields?: string[] | undefined;
  changes?:
    | {
        umaDomain?: string | undefined;
        webhookEndpoint?: string | undefined;
        supportedCurrencies?:
          | {
              currencyCode: string;
              minAmount: number;
              maxAmount: number;
              requiredCounterpartyFields: { name: UserInfoFieldName; mandatory: boolean }[];
            }[]
          | undefined;
      }
    | undefined;
};

/** One entry of GET /api/config/history (app/api/config/history/route.ts). */
export type ConfigHistoryEntry = {
  id: number;
  occurredAt: string;
  actorEmail: string | null;
  actorRole: string | null;
  requestId: string;
  summary: Record<string, unknown>;
};

type ConfigHistoryPage = { data: ConfigHistoryEntry[]; hasMore: boolean; nextCursor?: string | undefined };

export const configHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.config, "history"],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleFetch<ConfigHistoryPage>(`/api/config/history${toQuery({ cursor: pageParam, limit: 10 })}`, {
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });
