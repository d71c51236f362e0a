import "server-only";
import type { PolicyVersionView } from "../../universal/policies/version-types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { announcing } from "./version-announce";
import { policyTarget, proposalRow, type ReplayedAt, replayedAtSummary } from "./version-audit";
import { activateVersion, getVersion } from "./versions";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** POST /api/policies/[versionId]/activate: a second person puts a proposed version in force, audited. */
export async function activatePolicyVersion(
  who: Who,
  user: ConsoleUser,
  versionId: string,
  replayed: ReplayedAt = {},
): Promise<{ activated: PolicyVersionView; superseded: number | null }> {
  const db = getConsoleDatabase();
  const version = await getVersion(db, versionId);
  return auditedAction(
    {
      ...who,
      action: "policy.version.activate",
      targetId: policyTarget(version.version),
      summary: {
        policyVersion: version.version,
        ...(await proposalRow(db, version.version)),
        ...replayedAtSummary(replayed),
      },
    },
    async () => announcing(await activateVersion(db, version.id, user, replayed.at)),
    ({ superseded }) => ({ summary: { superseded } }),
  );
}
