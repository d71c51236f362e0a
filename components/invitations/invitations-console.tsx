"use client";

import { type QueryClient, useQuery } from "@tanstack/react-query";
import { MailSearch } from "lucide-react";
import dynamic from "next/dynamic";
import { parseAsString, useQueryState } from "nuqs";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { usePrefetchDataOnMount } from "@/components/ui/preload";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { configQuery } from "@/lib/client/api/config";
import { invitationQuery } from "@/lib/client/api/invitations";
import { pickerListNow, sandboxCustomersQuery } from "@/lib/client/api/sandbox";
import { ApiError } from "@/shared/api-error";

// The create form (react-hook-form) is its own download, fetched as the page renders beside the customers and
// currencies its pickers show (prefetchCreateFormData), so the lookup, the page's first use, is not held back by it.
const CreateInvitationCard = dynamic(
  () => import("./create-invitation-card").then((module) => module.CreateInvitationCard),
  {
    loading: () => (
      <Card>
        <LoadingState label="Loading the invitation form" rows={5} columns={1} />
      </Card>
    ),
  },
);

function prefetchCreateFormData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(configQuery());
  void queryClient.prefetchQuery(pickerListNow(sandboxCustomersQuery()));
}

const InvitationsList = dynamic(() => import("./invitations-list").then((module) => module.InvitationsList), {
  loading: () => (
    <Card>
      <LoadingState label="Loading invitations" rows={3} columns={5} />
    </Card>
  ),
});

// An invitation's details and its claim form are downloaded with the first lookup, not with the page.
const InvitationDetails = dynamic(
  () => import("./invitation-details").then((module) => module.InvitationDetails),
  {
    loading: () => <LoadingState label="Loading the invitation" rows={4} columns={2} />,
  },
);

function LookedUp({ code, localService }: { code: string; localService: boolean }) {
  const query = useQuery(invitationQuery(code));
  return (
    <QueryState
      query={query}
      loading={<LoadingState label={`Looking up ${code}`} rows={4} columns={2} />}
      error={(error, retry) =>
        error instanceof ApiError && error.status === 404 ? (
          <EmptyState
            icon={MailSearch}
            title={`No invitation has the code ${code}`}
            description="Check the code for typing mistakes; codes are case-sensitive."
          />
        ) : (
          <ErrorState
            title="The invitation could not be looked up"
            error={error}
            onRetry={retry}
            retrying={query.isFetching}
          />
        )
      }
    >
      {(invitation) => <InvitationDetails invitation={invitation} localService={localService} />}
    </QueryState>
  );
}

/** Look an invitation up by its code (kept in the URL, so a lookup can be shared), claim it, and create one. */
export function InvitationsConsole({ localService }: { localService: boolean }) {
  const [code, setCode] = useQueryState("code", parseAsString.withOptions({ history: "push" }));
  const inputId = useId();
  usePrefetchDataOnMount(prefetchCreateFormData, localService);

  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <Card aria-labelledby="lookup-invitation-heading">
          <CardHeader>
            <div>
              <CardTitle id="lookup-invitation-heading">Look up an invitation</CardTitle>
              <CardDescription>
                Enter the code from an invitation link (…/i/CODE) to see its status.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <search>
              {/* A GET form with a named field: sent before the page's script runs, it still opens ?code=… */}
              <form
                method="get"
                className="flex flex-wrap items-end gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  // Read the field itself: text typed before the page's script ran is in the DOM, not in state.
                  const typed = new FormData(event.currentTarget).get("code");
                  const value = (typeof typed === "string" ? typed : "").trim().replace(/^.*\/i\//, "");
                  void setCode(value === "" ? null : value);
                }}
              >
                <div className="flex min-w-56 flex-1 flex-col gap-1.5">
                  <Label htmlFor={inputId}>Invitation code</Label>
                  <Input
                    id={inputId}
                    name="code"
                    autoComplete="off"
                    spellCheck={false}
                    key={code ?? ""}
                    defaultValue={code ?? ""}
                    className="font-mono"
                    placeholder="e.g. 7KQ2M9XHTA"
                  />
                </div>
                <Button type="submit">Look up</Button>
              </form>
            </search>
            {code ? (
              <LookedUp code={code} localService={localService} />
            ) : (
              <EmptyState
                icon={MailSearch}
                title="No invitation looked up yet"
                description="Its status, inviter, amount and expiry appear here, with a form to claim it while it is pending."
              />
            )}
          </CardContent>
        </Card>
        {localService ? (
          <CreateInvitationCard onCreated={(invitation) => void setCode(invitation.code)} />
        ) : (
          <Card>
            <CardHeader>
              <div>
                <CardTitle>Create an invitation</CardTitle>
                <CardDescription>
                  Invitations are created by your customers' apps through the payment API. The console creates
                  them only on the local payment service, for testing.
                </CardDescription>
              </div>
            </CardHeader>
          </Card>
        )}
      </div>
      <InvitationsList
        localService={localService}
        onOpen={(opened) => {
          void setCode(opened);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
