import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { platformConfigSchema, type UpdateConfigBody, userInfoFieldNameSchema } from "../contract";
import { consoleFetch, paymentsFetch, toQuery } from "./client";
import { queryKeys } from "./keys";

export const configQuery = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => paymentsFetch("/config", platformConfigSchema, { signal }),
  });

export function updateConfig(body: UpdateConfigBody) {
  return paymentsFetch("/config", platformConfigSchema, { method: "PATCH", body });
}

/**
 * What the audit log recorded a configuration change to set. Read leniently: entries written before the summary
 * carried the new values have only the field names.
 */
export const configChangeSummarySchema = z.looseObject({
  fields: z.array(z.string()).optional(),
  changes: z
    .looseObject({
      umaDomain: z.string().optional(),
      webhookEndpoint: z.string().optional(),
      supportedCurrencies: z
        .array(
          z.looseObject({
            currencyCode: z.string(),
            minAmount: z.number(),
            maxAmount: z.number(),
            requiredCounterpartyFields: z.array(
              z.looseObject({ name: userInfoFieldNameSchema, mandatory: z.boolean() }),
            ),
          }),
        )
        .optional(),
    })
    .optional(),
});
export type ConfigChangeSummary = z.infer<typeof configChangeSummarySchema>;

export const configHistoryEntrySchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  requestId: z.string(),
  summary: z.record(z.string(), z.unknown()),
});
export type ConfigHistoryEntry = z.infer<typeof configHistoryEntrySchema>;

const configHistoryPageSchema = z.object({
  data: z.array(configHistoryEntrySchema),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
});

export const configHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.config, "history"],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleFetch(
        `/api/config/history${toQuery({ cursor: pageParam, limit: 10 })}`,
        configHistoryPageSchema,
        {
          signal,
        },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });
