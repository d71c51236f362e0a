"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { type Role, roles } from "@/lib/auth/permissions";
import { ApiRequestError } from "@/lib/payments/client";
import { queryKeys } from "@/lib/payments/keys";
import { type TeamMember, teamQuery, updateTeamMember } from "@/lib/payments/team";
import { ROLE_LABELS } from "./role-labels";

export function TeamTable() {
  const query = useQuery(teamQuery());
  const manage = usePermission("team.manage");
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const [disabling, setDisabling] = useState<TeamMember | null>(null);

  const change = async (member: TeamMember, changes: { role?: Role; disabled?: boolean }) => {
    try {
      await updateTeamMember(member.id, changes);
      toast.success(
        changes.role
          ? `${member.name} is now ${ROLE_LABELS[changes.role].toLowerCase()}`
          : changes.disabled
            ? `${member.name} can no longer sign in`
            : `${member.name} can sign in again`,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.team });
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : "The change could not be saved.");
      throw error;
    }
  };

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
      <Table aria-label="Team members">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
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
                <TableCell className="font-medium">
                  {member.name}
                  {self ? <span className="ml-2 text-xs text-zinc-500">(you)</span> : null}
                </TableCell>
                <TableCell className="font-mono text-xs">{member.email}</TableCell>
                <TableCell>
                  {manage.allowed && !self ? (
                    <NativeSelect
                      aria-label={`Role of ${member.name}`}
                      containerClassName="w-36"
                      value={member.role}
                      onChange={(event) =>
                        void change(member, { role: event.target.value as Role }).catch(() => {})
                      }
                    >
                      {roles.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </TableCell>
                <TableCell>
                  {member.disabled ? (
                    <Badge variant="danger">Disabled</Badge>
                  ) : (
                    <Badge variant="success">Active</Badge>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  {manage.allowed && !self ? (
                    member.disabled ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => void change(member, { disabled: false }).catch(() => {})}
                      >
                        Enable {member.name}
                      </Button>
                    ) : (
                      <Button size="sm" variant="outline" onClick={() => setDisabling(member)}>
                        Disable {member.name}
                      </Button>
                    )
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
