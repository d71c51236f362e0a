import "server-only";
import { diffCounts, diffPolicies } from "../../universal/policies/diff";
import type { PolicyVersionView } from "../../universal/policies/version-types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { assertRuleFieldsVisible } from "./field-guard";
import { announcing } from "./version-announce";
import { policyTarget, type ReplayedAt, replayedAtSummary } from "./version-audit";
import { activeVersion, getVersion, proposeDraft } from "./versions";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** POST /api/policies/[versionId]/propose: a draft proposed for a second person, audited with its diff. */
export async function proposePolicyVersion(
  who: Who,
  user: ConsoleUser,
  versionId: string,
  replayed: ReplayedAt = {},
): Promise<PolicyVersionView> {
  const db = getConsoleDatabase();
  const version = await getVersion(db, versionId);
  const active = await activeVersion(db);
  return auditedAction(
    {
      ...who,
      action: "policy.version.propose",
      targetId: policyTarget(version.version),
      // The diff to the version in force when it was proposed, stored with the proposal.
      summary: {
        policyVersion: version.version,
        against: active?.version ?? null,
        changes: diffCounts(diffPolicies(active?.document ?? null, version.document)),
        ...replayedAtSummary(replayed),
      },
    },
    async () => {
      await assertRuleFieldsVisible(user.role, version.document);
      return announcing(await proposeDraft(db, version.id, user, replayed.at));
    },
  );
}
