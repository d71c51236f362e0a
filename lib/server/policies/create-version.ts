import "server-only";
import type { CreateDraftBody } from "../../universal/policies/version-bodies";
import type { PolicyVersionView } from "../../universal/policies/version-types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { assertRuleFieldsVisible } from "./field-guard";
import { policyTarget, type ReplayedAt, replayedAtSummary } from "./version-audit";
import { createDraft, getVersion } from "./versions";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** POST /api/policies: a new draft from a document (empty if none) or a copy of a version, audited. */
export function createPolicyDraft(
  who: Who,
  user: ConsoleUser,
  body: CreateDraftBody,
  replayed: ReplayedAt = {},
): Promise<PolicyVersionView> {
  const source =
    body.copyOf !== undefined
      ? { copyOf: body.copyOf }
      : { document: body.document ?? { rules: [], allowListedDomains: [] } };
  return auditedAction(
    {
      ...who,
      action: "policy.version.create",
      targetId: null,
      summary: {
        ...(body.copyOf ? { copyOf: body.copyOf } : { rules: source.document?.rules.length ?? 0 }),
        ...replayedAtSummary(replayed),
      },
    },
    async () => {
      // A copy is a save too: its clauses must be ones this person's role may write (item 6 of issue 46).
      const document =
        body.copyOf !== undefined
          ? (await getVersion(getConsoleDatabase(), body.copyOf)).document
          : body.document;
      if (document) await assertRuleFieldsVisible(user.role, document);
      return createDraft(getConsoleDatabase(), user, source, body.note ?? "", replayed.at);
    },
    (version) => ({ targetId: policyTarget(version.version), summary: { policyVersion: version.version } }),
  );
}
