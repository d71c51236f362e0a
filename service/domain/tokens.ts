import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gte, isNull, lte, type SQL } from "drizzle-orm";
import type { CreateTokenBody, ListTokensQuery, TokenPermission } from "../../shared/contract";
import type { ApiEnvironment } from "../config";
import type { ServiceContext } from "../context";
import { apiTokens } from "../db/schema";
import { ApiError } from "../errors";
import { afterCursor, decodeCursor, orderByKeyset, toPage } from "./pagination";

type TokenRow = typeof apiTokens.$inferSelect;

const digest = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

function presentToken(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A token may grant only permissions it holds itself (issue 46 item 4): otherwise a MANAGE token mints a TRANSACT
 * token and escalates. `held` is absent for the configured platform credentials, which hold every permission (the
 * console's own credential among them, so it can still create any token). 403 FORBIDDEN, naming what is missing.
 */
export function assertMayGrant(
  held: readonly TokenPermission[] | undefined,
  granted: readonly TokenPermission[],
) {
  if (held === undefined) return;
  const missing = granted.filter((permission) => !held.includes(permission));
  if (missing.length > 0) {
    throw new ApiError(
      403,
      "FORBIDDEN",
      `This API token cannot grant ${missing.join(", ")}: a token may grant only permissions it holds.`,
      { missingPermissions: missing },
    );
  }
}

/** POST /tokens: the secret is in this answer only; the service keeps a digest of it. */
export async function createToken(
  context: ServiceContext,
  body: CreateTokenBody,
  environment: ApiEnvironment,
) {
  const now = context.clock.now();
  const clientSecret = randomBytes(32).toString("base64url");
  const [row] = await context.db
    .insert(apiTokens)
    .values({
      id: `Token:${randomUUID()}`,
      name: body.name,
      permissions: body.permissions,
      clientId: `tok_${randomBytes(12).toString("hex")}`,
      secretDigest: digest(clientSecret),
      environment,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("token was not recorded");
  return { ...presentToken(row), clientSecret };
}

const tokenNotFound = (id: string) => new ApiError(404, "INVALID_INPUT", `No token ${id}.`);

async function liveToken(context: ServiceContext, id: string): Promise<TokenRow> {
  const [row] = await context.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  if (!row) throw tokenNotFound(id);
  return row;
}

export async function getToken(context: ServiceContext, id: string) {
  return presentToken(await liveToken(context, id));
}

/** DELETE /tokens/{id}: the token stops working at once; its row stays, marked revoked. */
export async function deleteToken(context: ServiceContext, id: string): Promise<void> {
  const now = context.clock.now();
  const [row] = await context.db
    .update(apiTokens)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!row) throw tokenNotFound(id);
}

export async function listTokens(context: ServiceContext, query: ListTokensQuery) {
  const cursor = decodeCursor(query.cursor, "Token:");
  const t = apiTokens;
  const where = and(
    isNull(t.revokedAt),
    query.name === undefined ? undefined : eq(t.name, query.name),
    query.createdAfter === undefined ? undefined : gte(t.createdAt, new Date(query.createdAfter)),
    query.createdBefore === undefined ? undefined : lte(t.createdAt, new Date(query.createdBefore)),
    query.updatedAfter === undefined ? undefined : gte(t.updatedAt, new Date(query.updatedAfter)),
    query.updatedBefore === undefined ? undefined : lte(t.updatedAt, new Date(query.updatedBefore)),
  ) as SQL | undefined;
  const rows = await context.db
    .select()
    .from(t)
    .where(and(where, afterCursor(t.createdAt, t.id, cursor)))
    .orderBy(...orderByKeyset(t.createdAt, t.id))
    .limit(query.limit + 1);
  // The reference's token list has no totalCount.
  return toPage(rows, query.limit, presentToken);
}

export interface TokenCredential {
  tokenId: string;
  environment: ApiEnvironment;
  permissions: TokenPermission[];
}

/** The live token a client id and secret name, or null. Compared as digests, in constant time. */
export async function authenticateToken(
  context: ServiceContext,
  clientId: string,
  secret: string,
): Promise<TokenCredential | null> {
  // Only the form the service gives (tok_ and hex): anything else, a NUL that PostgreSQL refuses among them, is no token.
  if (!/^tok_[0-9a-f]{1,96}$/.test(clientId)) return null;
  const [row] = await context.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.clientId, clientId), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  const expected = Buffer.from(row.secretDigest, "hex");
  const given = Buffer.from(digest(secret), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { tokenId: row.clientId, environment: row.environment, permissions: row.permissions };
}
