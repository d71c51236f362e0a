import "server-only";
import type { z } from "zod";
import type { updateDraftBodySchema } from "../../universal/policies/version-bodies";
import type { PolicyVersionView } from "../../universal/policies/version-types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { assertRuleFieldsVisible } from "./field-guard";
import { policyTarget } from "./version-audit";
import { getVersion, updateDraft } from "./versions";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * PUT /api/policies/[versionId]: replaces a draft's rules and allow-list, audited. `readBody` parses the request's
 * body and is called once the version is found, so an unknown version is 404 whatever the body holds.
 */
export async function updatePolicyDraft(
  who: Who,
  user: ConsoleUser,
  versionId: string,
  readBody: () => Promise<z.output<typeof updateDraftBodySchema>>,
): Promise<PolicyVersionView> {
  const db = getConsoleDatabase();
  const current = await getVersion(db, versionId);
  const body = await readBody();
  return auditedAction(
    {
      ...who,
      action: "policy.version.update",
      targetId: policyTarget(current.version),
      summary: { policyVersion: current.version, rules: body.document.rules.length },
    },
    async () => {
      await assertRuleFieldsVisible(user.role, body.document);
      return updateDraft(db, current.id, user, body.document, body.note);
    },
  );
}
