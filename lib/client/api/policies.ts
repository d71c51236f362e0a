import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import type { PolicyDocument } from "../../universal/policies/rules";
import { consoleCall } from "./client";

/** Approval policy versions (app/api/policies): the list, and the changes a person makes to one. */
export const policyVersionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.policies,
    queryFn: ({ signal }) => consoleCall("GET /api/policies", { signal }),
  });

export function createPolicyDraft(source: { document: PolicyDocument } | { copyOf: string }) {
  return consoleCall("POST /api/policies", { body: source });
}

export function savePolicyDraft(id: string, document: PolicyDocument) {
  return consoleCall("PUT /api/policies/[versionId]", { params: { versionId: id }, body: { document } });
}

export function changePolicyVersion(id: string, step: "propose" | "activate") {
  return consoleCall(`POST /api/policies/[versionId]/${step}`, { params: { versionId: id }, body: {} });
}

/** A second person declines a proposed version, saying why (required: kept with the version and in the audit log). */
export function declinePolicyVersion(id: string, reason: string) {
  return consoleCall("POST /api/policies/[versionId]/decline", {
    params: { versionId: id },
    body: { reason: reason.trim() },
  });
}
