import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { apiTokenListSchema } from "../../../shared/contract";
import type { ConsoleTokenList } from "../../universal/api/token-list";
import { proposalOf } from "../config/proposals";
import { getConsoleDatabase } from "../db";
import { configProposals } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { log } from "../log/logger";
import { readApi } from "../payment-api/read";
import { nameOf, namesByEmail } from "../team/names-by-email";
import { revokeDueTokens } from "./expiry";
import { secretsWaitingFor, tokenRecordsOf } from "./records";

/**
 * The token page's list (GET /api/tokens): expired tokens are revoked first (lib/server/tokens/expiry.ts), then every token
 * the API lists, each with the console's record of who created and approved it and when it expires, or none (made
 * at the API, not through this console); this environment's waiting token proposals; the secrets waiting for `userId`.
 */
export async function listConsoleTokens(userId: string): Promise<ConsoleTokenList> {
  await revokeDueTokens().catch((error: unknown) =>
    log.warn("tokens", "the expiry sweep failed; the list is read anyway", { error }),
  );
  const list = await readApi("/tokens?limit=100", apiTokenListSchema);
  const records = new Map(
    (await tokenRecordsOf(list.data.map((token) => token.id))).map((r) => [r.tokenId, r]),
  );
  const environment = currentEnvironment();
  const pending = await getConsoleDatabase()
    .select()
    .from(configProposals)
    .where(
      and(
        eq(configProposals.kind, "token"),
        eq(configProposals.status, "proposed"),
        eq(configProposals.environment, environment),
      ),
    )
    .orderBy(desc(configProposals.createdAt));
  const secrets = await secretsWaitingFor(userId, environment);
  const names = await namesByEmail([
    ...[...records.values()].flatMap((record) => [record.createdByEmail, record.approvedByEmail]),
    ...secrets.map((record) => record.approvedByEmail),
  ]);
  return {
    data: list.data.map((token) => {
      const record = records.get(token.id);
      return {
        id: token.id,
        name: token.name,
        clientId: token.clientId,
        permissions: token.permissions,
        createdAt: token.createdAt,
        record: record
          ? {
              createdBy: record.createdByEmail,
              createdByName: nameOf(names, record.createdByEmail),
              approvedBy: record.approvedByEmail,
              approvedByName: nameOf(names, record.approvedByEmail),
              proposalId: record.proposalId,
              expiresAt: record.expiresAt.toISOString(),
            }
          : null,
      };
    }),
    hasMore: list.hasMore,
    pending: pending.map((row) => proposalOf(row)),
    secrets: secrets.map((record) => ({
      tokenId: record.tokenId,
      name: record.name,
      approvedBy: record.approvedByEmail,
      approvedByName: nameOf(names, record.approvedByEmail),
      collectBy: (record.secretCollectBy ?? record.expiresAt).toISOString(),
    })),
  };
}
