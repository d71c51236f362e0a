import { z } from "zod";
import { dateTimeSchema, paginationQueryShape, queryDateTimeSchema, textSchema } from "./common";

/** What a token may do (api-notes §8): VIEW reads everything; TRANSACT sends payments; MANAGE changes config, tokens and customers. */
export const tokenPermissions = ["VIEW", "TRANSACT", "MANAGE"] as const;
export const tokenPermissionSchema = z.enum(tokenPermissions, {
  error: `Must be one of ${tokenPermissions.join(", ")}`,
});
export type TokenPermission = z.infer<typeof tokenPermissionSchema>;

export const createTokenBodySchema = z.strictObject({
  name: textSchema(100),
  permissions: z
    .array(tokenPermissionSchema)
    .min(1, "Give the token at least one permission")
    .refine((list) => new Set(list).size === list.length, "A permission is listed twice"),
});
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;

export const listTokensQuerySchema = z.strictObject({
  name: textSchema(100).optional(),
  createdAfter: queryDateTimeSchema.optional(),
  createdBefore: queryDateTimeSchema.optional(),
  updatedAfter: queryDateTimeSchema.optional(),
  updatedBefore: queryDateTimeSchema.optional(),
  ...paginationQueryShape,
});
export type ListTokensQuery = z.infer<typeof listTokensQuerySchema>;

export const apiTokenSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  clientId: z.string(),
  /** Only in the answer that created it; never retrievable again. */
  clientSecret: z.string().optional(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.looseObject({
  data: z.array(apiTokenSchema),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
});
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
