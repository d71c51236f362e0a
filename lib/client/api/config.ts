import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { PlatformConfig, UpdateConfigBody } from "../../../shared/contract";
import { withConfigDefaults } from "../../universal/api/defaults";
import { queryKeys } from "../../universal/api/keys";
import type { ConfigSettings } from "../../universal/config/diff";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { CONFIG_EXPECTED_HEADER, configStamp, partsSetBy } from "../../universal/config/stamp";
import type { ConfigChangeSummary } from "../../universal/console-api/types";
import { consoleCall, paymentsFetch } from "./client";

export type { ConfigChangeSummary };

/** The platform configuration: the one definition of its cache key (the config page and every page reading its rules). */
export const configQuery = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => paymentsFetch<PlatformConfig>("/config", { signal }).then(withConfigDefaults),
  });

/**
 * Saves a change: the configuration after it, or (202) the proposal stored when a part it changes needs a second
 * admin (lib/server/relay/steps/config-four-eyes.ts), in which case nothing changed yet. `base` is the configuration
 * the change was made over: the console refuses it (409 CONFIG_CHANGED_MEANWHILE) when the parts it sets are no
 * longer as `base` had them (lib/server/relay/steps/config-unchanged.ts).
 */
export async function updateConfig(
  body: UpdateConfigBody,
  base: ConfigSettings,
): Promise<{ applied: PlatformConfig } | { proposed: ConfigProposal }> {
  const answer = await paymentsFetch<PlatformConfig | ConfigProposal>("/config", {
    method: "PATCH",
    body,
    headers: { [CONFIG_EXPECTED_HEADER]: configStamp(base, partsSetBy(body)) },
  });
  return "proposedBy" in answer && answer.status === "proposed"
    ? { proposed: answer as ConfigProposal }
    : { applied: withConfigDefaults(answer as PlatformConfig) };
}

export const configHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.config, "history"],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleCall("GET /api/config/history", { query: { cursor: pageParam, limit: 10 }, signal }),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });

/**
 * Whether the configured webhook endpoint answers (app/api/config/webhook-endpoint): read after the page is drawn, by
 * /config and the overview, and again when the configuration changes (its key is under the configuration's).
 */
export const webhookEndpointHealthQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.config, "webhook-endpoint"],
    queryFn: ({ signal }) => consoleCall("GET /api/config/webhook-endpoint", { signal }),
    refetchInterval: 60_000,
  });
