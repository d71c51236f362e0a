"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FilePlus2 } from "lucide-react";
import dynamic from "next/dynamic";
import { parseAsInteger, useQueryState } from "nuqs";
import { useCallback, useEffect, useRef } from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { preload } from "@/components/ui/preload";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { createPolicyDraft, policyVersionsQuery } from "@/lib/client/api/policies";
import { queryKeys } from "@/lib/universal/api/keys";
import { usePolicyWrite } from "./policy-permission";
import { RuleList } from "./rule-list";
import { TwoPersonRuleNote } from "./two-person-rule-note";
import { VersionsTable } from "./versions-table";

// An opened version (its editor, diff, backtest and steps) is not the page's first load: its code downloads as the
// pointer or focus reaches the versions, or when the address opens one.
const VersionPanel = dynamic(() => import("./version-panel").then((module) => module.VersionPanel), {
  loading: () => <LoadingState label="Opening the version" rows={4} />,
});
const preloadVersionPanel = () => preload(() => import("./version-panel"));

/** Approval policies: the version in force, every version, and the one opened (editor, diff, backtest, steps). */
export function PoliciesPage() {
  const queryClient = useQueryClient();
  const write = usePolicyWrite();
  const versions = useQuery(policyVersionsQuery());
  // The open version is in the address (/policies?version=7): a link to it opens it, Back closes it, a reload keeps it.
  const [openNumber, setOpenNumber] = useQueryState(
    "version",
    parseAsInteger.withOptions({ history: "push" }),
  );
  const list = versions.data?.versions ?? [];
  const active = list.find((version) => version.status === "active") ?? null;
  const selected = list.find((version) => version.version === openNumber) ?? null;
  const missing = openNumber !== null && versions.isSuccess && selected === null;
  const open = useCallback(
    (id: string) => {
      const version = list.find((each) => each.id === id);
      if (version) void setOpenNumber(version.version);
    },
    [list, setOpenNumber],
  );
  const create = useMutation({
    mutationFn: () =>
      createPolicyDraft(active ? { copyOf: active.id } : { document: { rules: [], allowListedDomains: [] } }),
    onSuccess: ({ version }) => {
      void setOpenNumber(version.version);
      void queryClient.invalidateQueries({ queryKey: queryKeys.policies });
    },
  });
  // Arrived by a link to a version (the overview's "waiting for you"), the person is taken to it once it is drawn.
  const arrivedAt = useRef(openNumber);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (arrivedAt.current === null || !selected || selected.version !== arrivedAt.current) return;
    arrivedAt.current = null;
    panel.current?.scrollIntoView({ block: "start" });
  }, [selected]);

  return (
    <>
      <PageHeader
        title="Approval policies"
        description="Rules that decide pending incoming payments inside the API's window: the first rule that matches approves, rejects or holds the payment for a person. A change is a new version: one person proposes it, another activates it."
        actions={
          <PermittedButton
            decision={write}
            loading={create.isPending}
            loadingText="Creating…"
            onClick={() => create.mutate()}
          >
            <FilePlus2 aria-hidden="true" />
            New draft
          </PermittedButton>
        }
      />
      {create.isError ? (
        <p role="alert" className="pb-4 text-sm text-red-700 dark:text-red-400">
          {create.error.message}
        </p>
      ) : null}
      <div className="flex flex-col gap-6">
        {/* Said first: the person came by a link to a version and looks for it at the top. */}
        {missing ? (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            There is no version v{openNumber}. Open one of the versions below.
          </p>
        ) : null}
        <Card aria-labelledby="active-policy-heading">
          <CardHeader>
            <CardTitle id="active-policy-heading">
              {active ? `In force: v${active.version}` : "In force: none"}
            </CardTitle>
            <CardDescription>
              {active
                ? `Activated by ${active.decidedBy?.name ?? "—"}; proposed by ${active.proposedBy?.name ?? "—"}.`
                : "No policy is active: every pending payment is held for people."}
            </CardDescription>
          </CardHeader>
          {active ? (
            <CardContent>
              <RuleList document={active.document} label={`Rules in force (v${active.version})`} />
              <TwoPersonRuleNote />
            </CardContent>
          ) : null}
        </Card>
        <Card
          aria-labelledby="versions-heading"
          onPointerEnter={preloadVersionPanel}
          onFocusCapture={preloadVersionPanel}
        >
          <CardHeader>
            <CardTitle id="versions-heading">Versions</CardTitle>
            <CardDescription>
              New draft starts from the version in force. Open one to edit a draft, see its changes, or
              activate a proposal.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <QueryState
              query={versions}
              loading={<LoadingState label="Loading policy versions" rows={3} />}
              error={{ title: "The versions could not be loaded", retry: false }}
              isEmpty={() => list.length === 0}
              empty={
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  No version yet. Start with New draft.
                </p>
              }
            >
              {() => <VersionsTable versions={list} selectedId={selected?.id ?? null} onOpen={open} />}
            </QueryState>
          </CardContent>
        </Card>
        {selected ? (
          <Card ref={panel} className="scroll-mt-20">
            <CardContent className="pt-6">
              <VersionPanel key={selected.id} version={selected} active={active} />
            </CardContent>
          </Card>
        ) : null}
      </div>
    </>
  );
}
