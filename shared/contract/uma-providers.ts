import { z } from "zod";
import {
  countryCodeSchema,
  currencyCodeSchema,
  paginatedSchema,
  paginationQueryShape,
  queryBooleanSchema,
  sortOrderSchema,
} from "./common";

/** GET /uma-providers (api-notes §8): the institutions the platform can pay over UMA, and whether each is allowed. */
export const umaProviderSchema = z.looseObject({
  name: z.string(),
  supportedRegions: z.array(z.string()).default([]),
  domain: z.string(),
  logoUrl: z.string().optional(),
  supportedCurrencies: z
    .array(
      z.looseObject({
        code: z.string(),
        name: z.string().optional(),
        symbol: z.string().optional(),
        decimals: z.int().optional(),
      }),
    )
    .default([]),
  lei: z.string().optional(),
  /** True when the provider is on the platform's allow-list; false when it is blocked. */
  allowListStatus: z.boolean(),
});
export type UmaProvider = z.infer<typeof umaProviderSchema>;

export const umaProviderListSchema = paginatedSchema(umaProviderSchema);
export type UmaProviderList = z.infer<typeof umaProviderListSchema>;

export const listUmaProvidersQuerySchema = z.strictObject({
  countryCode: countryCodeSchema.optional(),
  currencyCode: currencyCodeSchema.optional(),
  /** Whether blocked providers are listed too; the reference's default includes them. */
  hasBlockedProviders: queryBooleanSchema.default(true),
  sortOrder: sortOrderSchema.default("asc"),
  ...paginationQueryShape,
});
export type ListUmaProvidersQuery = z.infer<typeof listUmaProvidersQuerySchema>;
