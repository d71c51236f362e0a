import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import type { PolicyDocument } from "../../universal/policies/rules";
import type { PolicyVersionList, PolicyVersionView } from "../../universal/policies/version-types";
import { consoleFetch } from "./client";

/** Approval policy versions (app/api/policies): the list, and the changes a person makes to one. */
export const policyVersionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.policies,
    queryFn: ({ signal }) => consoleFetch<PolicyVersionList>("/api/policies", { signal }),
  });

type One = { version: PolicyVersionView };

export function createPolicyDraft(source: { document: PolicyDocument } | { copyOf: string }) {
  return consoleFetch<One>("/api/policies", { method: "POST", body: source });
}

export function savePolicyDraft(id: string, document: PolicyDocument) {
  return consoleFetch<One>(`/api/policies/${encodeURIComponent(id)}`, { method: "PUT", body: { document } });
}

export function changePolicyVersion(id: string, step: "propose" | "activate" | "decline") {
  return consoleFetch<One>(`/api/policies/${encodeURIComponent(id)}/${step}`, { method: "POST", body: {} });
}
