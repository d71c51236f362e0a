"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { errorDetails } from "@/components/ui/error-details";
import { QueryState } from "@/components/ui/query-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { saveVisibility, visibilityQuery } from "@/lib/client/api/privacy";
import { teamProposalsQuery } from "@/lib/client/api/team";
import { queryKeys } from "@/lib/universal/api/keys";
import { type Role, roles } from "@/lib/universal/auth/permissions";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import {
  CATEGORY_LABELS,
  PERSONAL_DATA_CATEGORIES,
  type PersonalDataCategory,
  type Visibility,
} from "@/lib/universal/privacy/fields";
import {
  describeVisibilityChange,
  unmasksAny,
  visibilityChanges,
} from "@/lib/universal/privacy/visibility-change";

/**
 * Which roles see a counterparty's personal data unmasked, per kind (lib/privacy). Everyone else sees it masked;
 * compliance reveals a masked field with a reason, audited. Admins always see everything. Admins change it here
 * (PUT /api/privacy/visibility, audited with before and after): masking applies at once, unmasking is proposed for
 * a second admin, who approves it in "Waiting for a second admin" (decision 0088).
 */
export function PersonalDataVisibility() {
  const manage = usePermission("team.manage");
  const queryClient = useQueryClient();
  const stored = useQuery(visibilityQuery());
  const proposals = useQuery({ ...teamProposalsQuery(), enabled: manage.allowed });
  const waiting = proposals.data?.pending.find((proposal) => proposal.kind === "privacy");
  // What this admin ticked and has not saved; until they tick something, the boxes follow the stored setting (a
  // change another admin approves shows at once, never read as an edit of this one).
  const [edits, setEdits] = useState<Visibility | null>(null);
  const draft = edits ?? stored.data?.visibility ?? null;
  const save = useMutation({
    mutationFn: (visibility: Visibility) => saveVisibility(visibility),
    onSuccess: (answer) => {
      queryClient.setQueryData(visibilityQuery().queryKey, { visibility: answer.visibility });
      setEdits(null);
      if (answer.proposal) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.team });
        toast.success("Proposed: another admin must approve it before anyone sees more");
      } else {
        toast.success("Personal data settings saved");
      }
    },
    onError: (error) => toast.error(errorDetails(error).message),
  });
  const changes = draft && stored.data ? visibilityChanges(stored.data.visibility, draft) : [];
  const changed = changes.length > 0;
  const needsSecondAdmin = unmasksAny(changes);
  const toggle = (role: Role, category: PersonalDataCategory, on: boolean) => {
    if (!draft) return;
    const kept = draft[role].filter((item) => item !== category);
    setEdits({ ...draft, [role]: on ? [...kept, category] : kept });
  };

  const table = (
    <div className="overflow-x-auto">
      <Table aria-labelledby="personal-data-title">
        <TableHeader>
          <TableRow>
            <TableHead>Shown unmasked</TableHead>
            {roles.map((role) => (
              <TableHead key={role} className="text-center">
                {ROLE_LABELS[role]}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {PERSONAL_DATA_CATEGORIES.map((category) => (
            <TableRow key={category}>
              <TableCell>{CATEGORY_LABELS[category]}</TableCell>
              {roles.map((role) => (
                <TableCell key={role} className="text-center">
                  <Checkbox
                    aria-label={`${CATEGORY_LABELS[category]} unmasked for ${ROLE_LABELS[role]}`}
                    checked={role === "admin" || (draft?.[role].includes(category) ?? false)}
                    disabled={role === "admin" || !manage.allowed || draft === null}
                    onCheckedChange={(checked) => toggle(role, category, checked === true)}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
  return (
    <Card className="mt-8" aria-labelledby="personal-data-title">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle id="personal-data-title">Who sees a sender's personal data</CardTitle>
          <CardDescription>
            What a payment's counterparty shares (names, birth dates, addresses…) is masked for every role not
            ticked here, in the approval queue, on payment pages and in the webhook inbox. Compliance officers
            reveal a masked field with a reason, kept in the audit log. Admins always see everything. Masking
            applies at once; showing a role something it sees masked waits for a second admin.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* The table shows while the stored settings load, its boxes disabled until they arrive. */}
        <QueryState query={stored} loading={table} error={{}}>
          {() => table}
        </QueryState>
        {waiting && waiting.kind === "privacy" ? (
          <p className="text-sm text-violet-900 dark:text-violet-200">
            Waiting for a second admin: {describeVisibilityChange(waiting.changes).toLowerCase()}. It is
            decided under "Waiting for a second admin" above; until then the boxes show what applies now.
          </p>
        ) : null}
        <div className="flex justify-end">
          <PermittedButton
            decision={manage}
            disabled={!changed || save.isPending}
            onClick={() => draft && save.mutate(draft)}
          >
            {save.isPending
              ? "Saving…"
              : needsSecondAdmin
                ? "Propose change — needs a second admin"
                : "Save personal data settings"}
          </PermittedButton>
        </div>
      </CardContent>
    </Card>
  );
}
