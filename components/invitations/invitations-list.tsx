"use client";

import { useQuery } from "@tanstack/react-query";
import { MailPlus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { recentInvitationsQuery } from "@/lib/client/api/invitations";
import type { InvitationStatus } from "@/shared/contract";
import { invitationColumns } from "./invitations-columns";

type Shown = "ALL" | InvitationStatus;
const CHOICES: readonly { value: Shown; label: string }[] = [
  { value: "ALL", label: "All" },
  { value: "PENDING", label: "Pending" },
  { value: "CLAIMED", label: "Claimed" },
  { value: "CANCELLED", label: "Cancelled" },
  { value: "EXPIRED", label: "Expired" },
];

/**
 * The invitations this console knows of (created here, or claimed and announced by webhook), with their status as
 * the payment API has it now, and Cancel on the pending ones. The API keeps no list, so this is the console's.
 */
export function InvitationsList({
  onOpen,
  localService,
}: {
  onOpen: (code: string) => void;
  localService: boolean;
}) {
  const query = useQuery(recentInvitationsQuery());
  // The columns are made once; a code's link calls the latest onOpen.
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  const columns = useMemo(
    () => invitationColumns((code) => open.current(code), localService),
    [localService],
  );
  const [shown, setShown] = useState<Shown>("ALL");
  const rows = useMemo(
    () => (query.data?.data ?? []).filter((row) => shown === "ALL" || row.invitation?.status === shown),
    [query.data, shown],
  );
  return (
    <Card aria-labelledby="recent-invitations-heading">
      <CardHeader>
        <div>
          <CardTitle id="recent-invitations-heading">Recent invitations</CardTitle>
          <CardDescription>
            Invitations created in this console or claimed, newest first, with their status now. The payment
            API keeps no list of them.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SegmentedChoice
          name="invitation-status"
          label="Show invitations"
          value={shown}
          onChange={setShown}
          options={CHOICES}
        />
        <DataTable
          columns={columns}
          query={query}
          rows={rows}
          paginated={false}
          getRowId={(row) => row.code}
          label="Invitations"
          labelledBy="recent-invitations-heading"
          itemNoun={{ one: "invitation", other: "invitations" }}
          errorTitle="The invitations could not be loaded"
          framed={false}
          empty={{
            icon: MailPlus,
            title: shown === "ALL" ? "No invitations yet" : "No invitation has this status",
            description: "Invitations you create here, and claimed ones, are listed as they happen.",
          }}
        />
      </CardContent>
    </Card>
  );
}
