import "server-only";
import type { PolicyVersionView } from "../../universal/policies/version-types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { announcing } from "./version-announce";
import { policyTarget, proposalRow } from "./version-audit";
import { declineVersion, getVersion } from "./versions";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * POST /api/policies/[versionId]/decline: a second person declines a proposed version with their reason, kept with
 * the version and in both audit rows (the attempt names it too, so a refused decline says what was tried).
 */
export async function declinePolicyVersion(
  who: Who,
  user: ConsoleUser,
  versionId: string,
  reason: string,
): Promise<PolicyVersionView> {
  const db = getConsoleDatabase();
  const version = await getVersion(db, versionId);
  return auditedAction(
    {
      ...who,
      action: "policy.version.decline",
      targetId: policyTarget(version.version),
      summary: { policyVersion: version.version, reason, ...(await proposalRow(db, version.version)) },
    },
    async () => announcing(await declineVersion(db, version.id, user, reason)),
  );
}
