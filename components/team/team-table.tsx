"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { DataTable } from "@/components/data-table/data-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type TeamMember, teamQuery, unlinkTeamMemberSso, updateTeamMember } from "@/lib/client/api/team";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Role } from "@/lib/universal/auth/permissions";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import { teamNameWarnings } from "@/lib/universal/team/person-name";
import { isPrivilegedRole, raisesPrivileges } from "@/lib/universal/team/privileges";
import { ApiError } from "@/shared/api-error";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { RoleChoice } from "./role-choice";
import { teamColumns } from "./team-columns";

export function TeamTable() {
  const query = useQuery(teamQuery());
  const manage = usePermission("team.manage");
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const [disabling, setDisabling] = useState<TeamMember | null>(null);
  // The member whose role is being changed, and the role chosen so far; saved only on "Save role".
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  const [unlinking, setUnlinking] = useState<TeamMember | null>(null);
  const [changingRole, setChangingRole] = useState<{ member: TeamMember; role: Role } | null>(null);
  // The member being renamed (their name flagged), and the name typed so far.
  const [renaming, setRenaming] = useState<{ member: TeamMember; name: string } | null>(null);

  // What the last change came to, told on the page beside the table (never a toast over the next button).
  const [status, setStatus] = useState<{ tone: "done" | "failed"; text: string } | null>(null);

  const change = useCallback(
    async (member: TeamMember, changes: { role?: Role; disabled?: boolean; name?: string }) => {
      try {
        const result = await updateTeamMember(member.id, changes);
        setStatus({
          tone: "done",
          text:
            "proposal" in result
              ? changes.role
                ? `Proposed: ${member.name} as ${ROLE_LABELS[changes.role]}. It waits for a second admin.`
                : `Proposed: enabling ${member.name} again. It waits for a second admin.`
              : changes.name !== undefined
                ? `${member.name} is now named ${changes.name}.`
                : changes.role
                  ? `${member.name}'s role is now ${ROLE_LABELS[changes.role]}.`
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
    },
    [queryClient],
  );
  const unlink = useCallback(
    async (member: TeamMember) => {
      try {
        const result = await unlinkTeamMemberSso(member.id);
        setStatus({
          tone: "done",
          text:
            "proposal" in result
              ? `Proposed: unlinking ${member.name}'s single sign-on. It waits for a second admin.`
              : `${member.name}'s single sign-on is unlinked and their sessions ended. Their next single sign-on links a new identity.`,
        });
        await queryClient.invalidateQueries({ queryKey: queryKeys.team });
      } catch (error) {
        setStatus({
          tone: "failed",
          text: error instanceof ApiError ? error.message : "The single sign-on could not be unlinked.",
        });
        throw error;
      }
    },
    [queryClient],
  );
  // Names given before they were checked (lib/universal/team/person-name.ts): flagged for an admin to rename.
  const nameWarnings = useMemo(() => teamNameWarnings(query.data?.data ?? []), [query.data]);
  const columns = useMemo(
    () =>
      teamColumns({
        viewerEmail: viewer.email,
        canManage: manage.allowed,
        onChangeRole: (member) => setChangingRole({ member, role: member.role }),
        onResetPassword: setResetting,
        onEnable: (member) => void change(member, { disabled: false }).catch(() => {}),
        onDisable: setDisabling,
        onUnlinkSso: setUnlinking,
        onRename: (member) => setRenaming({ member, name: member.name }),
        nameWarnings,
      }),
    [viewer.email, manage.allowed, change, nameWarnings],
  );
  // An admin's or compliance officer's single sign-on, or your own, is only proposed: whoever controls the email at
  // the provider becomes them (the server decides the same in unlinkTeamMemberSso).
  const unlinkNeedsSecond =
    unlinking !== null && (isPrivilegedRole(unlinking.role) || unlinking.email === viewer.email);
  const raising = changingRole !== null && raisesPrivileges(changingRole.member.role, changingRole.role);

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
      <DataTable
        columns={columns}
        query={query}
        paginated={false}
        getRowId={(member) => member.id}
        label="Team members"
        phoneCards
        itemNoun={{ one: "team member", other: "team members" }}
        loadingLabel="Loading the team"
        errorTitle="The team could not be loaded"
      />
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
        description={
          raising
            ? "Once another admin approves it, they are signed out and get the new role when they sign in again. What each role may do here:"
            : "They are signed out at once and get the new role when they sign in again. What each role may do here:"
        }
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
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
        title={`Rename ${renaming?.member.name ?? ""}`}
        description="The name the audit log, the payments' timelines and every four-eyes panel give them from now on. It may not read as another member's name."
        confirmLabel="Save name"
        pendingLabel="Saving…"
        confirmDisabled={!renaming || renaming.name.trim() === "" || renaming.name === renaming.member.name}
        onConfirm={async () => {
          if (renaming) await change(renaming.member, { name: renaming.name.trim() });
        }}
      >
        {renaming ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="rename-member">Name</Label>
            <Input
              id="rename-member"
              data-autofocus
              value={renaming.name}
              maxLength={120}
              autoComplete="off"
              onChange={(event) => setRenaming({ ...renaming, name: event.target.value })}
            />
          </div>
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
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => {
          if (!open) setUnlinking(null);
        }}
        title={`Unlink ${unlinking?.name ?? ""}'s single sign-on?`}
        description={`The next single sign-on with ${unlinking?.name ?? ""}'s verified email links the identity it comes with, whoever holds it at the identity provider. ${
          unlinkNeedsSecond ? "Once another admin approves it, their" : "Their"
        } sessions end at once; a password, if they have one, still works.`}
        confirmLabel={unlinkNeedsSecond ? "Propose unlink" : "Unlink"}
        pendingLabel={unlinkNeedsSecond ? "Proposing…" : "Unlinking…"}
        destructive={!unlinkNeedsSecond}
        onConfirm={async () => {
          if (unlinking) await unlink(unlinking);
        }}
      >
        {unlinkNeedsSecond ? (
          <p className="text-sm font-medium text-violet-800 dark:text-violet-300">
            {unlinking?.email === viewer.email
              ? "This is your own single sign-on, so it needs a second admin: confirming proposes it, and it applies when another admin approves."
              : `${unlinking?.name ?? ""} is ${unlinking?.role === "admin" ? "an admin" : "a compliance officer"}: whoever next signs in with their email becomes ${unlinking?.role === "admin" ? "an admin" : "a compliance officer"} here, able to be someone's second person, so it needs a second admin. Confirming proposes it, and it applies when another admin approves.`}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
