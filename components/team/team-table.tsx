"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type TeamMember, teamQuery, updateTeamMember } from "@/lib/client/api/team";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Role } from "@/lib/universal/auth/permissions";
import { raisesPrivileges } from "@/lib/universal/team/privileges";
import { ApiError } from "@/shared/api-error";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { RoleChoice } from "./role-choice";
import { ROLE_LABELS } from "./role-labels";

export function TeamTable() {
  const query = useQuery(teamQuery());
  const manage = usePermission("team.manage");
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const [disabling, setDisabling] = useState<TeamMember | null>(null);
  // The member whose role is being changed, and the role chosen so far; saved only on "Save role".
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  const [changingRole, setChangingRole] = useState<{ member: TeamMember; role: Role } | null>(null);

  // What the last change came to, told on the page beside the table (never a toast over the next button).
  const [status, setStatus] = useState<{ tone: "done" | "failed"; text: string } | null>(null);

  const change = async (member: TeamMember, changes: { role?: Role; disabled?: boolean }) => {
    try {
      const result = await updateTeamMember(member.id, changes);
      setStatus({
        tone: "done",
        text:
          "proposal" in result
            ? changes.role
              ? `Proposed: ${member.name} as ${ROLE_LABELS[changes.role].toLowerCase()}. It waits for a second admin.`
              : `Proposed: enabling ${member.name} again. It waits for a second admin.`
            : changes.role
              ? `${member.name} is now ${ROLE_LABELS[changes.role].toLowerCase()}.`
              : changes.disabled
                ? `${member.name} can no longer sign in.`
                : `${member.name} can sign in again.`,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.team });
    } catch (error) {
      setStatus({
        tone: "failed",
        text: error instanceof ApiError ? error.message : "The change could not be saved.",
      });
      throw error;
    }
  };
  const raising = changingRole !== null && raisesPrivileges(changingRole.member.role, changingRole.role);

  if (query.isPending) return <LoadingState label="Loading the team" rows={4} columns={4} />;
  if (query.isError)
    return (
      <ErrorState
        title="The team could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );

  return (
    <>
      <p
        id="team-status"
        role="status"
        className={
          status?.tone === "failed"
            ? "mb-3 text-sm font-medium text-red-700 dark:text-red-400"
            : "mb-3 text-sm text-zinc-700 dark:text-zinc-300"
        }
      >
        {status?.text ?? ""}
      </p>
      <Table aria-label="Team members">
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last signed in</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.data.map((member) => {
            const self = member.email === viewer.email;
            return (
              <TableRow key={member.id}>
                <TableCell>
                  <span className="font-medium">{member.name}</span>
                  {self ? <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">(you)</span> : null}
                  <span className="block font-mono text-xs text-zinc-600 dark:text-zinc-400">
                    {member.email}
                  </span>
                </TableCell>
                <TableCell>{ROLE_LABELS[member.role]}</TableCell>
                <TableCell>
                  {member.disabled ? (
                    <Badge variant="danger">Disabled</Badge>
                  ) : (
                    <Badge variant="success">Active</Badge>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  {member.lastSignedInAt ? (
                    <RelativeTime date={member.lastSignedInAt} clock="console" />
                  ) : (
                    "Never"
                  )}
                </TableCell>
                <TableCell>
                  {manage.allowed && !self ? (
                    <div className="flex justify-end gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setChangingRole({ member, role: member.role })}
                        {...ConfirmDialog.preloadOn()}
                      >
                        Change role<span className="sr-only"> of {member.name}</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setResetting(member)}
                        {...ResetPasswordDialog.preloadOn()}
                      >
                        Reset password<span className="sr-only"> of {member.name}</span>
                      </Button>
                      {member.disabled ? (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => void change(member, { disabled: false }).catch(() => {})}
                        >
                          Enable<span className="sr-only"> {member.name}</span>
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setDisabling(member)}
                          {...ConfirmDialog.preloadOn()}
                        >
                          Disable<span className="sr-only"> {member.name}</span>
                        </Button>
                      )}
                    </div>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {!manage.allowed ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{manage.reason}</p>
      ) : null}
      <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={changingRole !== null}
        onOpenChange={(open) => {
          if (!open) setChangingRole(null);
        }}
        title={`Change ${changingRole?.member.name ?? ""}'s role`}
        description="They are signed out at once and get the new role when they sign in again. What each role may do here:"
        confirmLabel={raising ? "Propose role" : "Save role"}
        pendingLabel={raising ? "Proposing…" : "Saving…"}
        confirmDisabled={!changingRole || changingRole.role === changingRole.member.role}
        onConfirm={async () => {
          if (changingRole) await change(changingRole.member, { role: changingRole.role });
        }}
      >
        {raising ? (
          <p className="text-sm font-medium text-violet-800 dark:text-violet-300">
            This role may do more than the current one, so it needs a second admin: saving proposes it, and it
            applies when another admin approves.
          </p>
        ) : null}
        {changingRole ? (
          <RoleChoice
            value={changingRole.role}
            current={changingRole.member.role}
            onChange={(role) => setChangingRole({ ...changingRole, role })}
          />
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => {
          if (!open) setDisabling(null);
        }}
        title={`Disable ${disabling?.name ?? ""}?`}
        description="They are signed out at once and cannot sign in until an admin enables them again."
        confirmLabel="Disable"
        pendingLabel="Disabling…"
        destructive
        onConfirm={async () => {
          if (disabling) await change(disabling, { disabled: true });
        }}
      />
    </>
  );
}
