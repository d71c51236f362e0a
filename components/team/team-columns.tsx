import { TriangleAlert } from "lucide-react";
import { dataTableColumnHelper } from "@/components/data-table/columns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { WrappableAddress } from "@/components/ui/wrappable-address";
import type { TeamMember } from "@/lib/client/api/team";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import { ResetPasswordDialog } from "./reset-password-dialog";

/** What the row buttons do, and who may press them. */
export type TeamActions = {
  /** The signed-in person, whose own row has no buttons. */
  viewerEmail: string;
  canManage: boolean;
  onChangeRole: (member: TeamMember) => void;
  onResetPassword: (member: TeamMember) => void;
  onEnable: (member: TeamMember) => void;
  onDisable: (member: TeamMember) => void;
  onUnlinkSso: (member: TeamMember) => void;
  onRename: (member: TeamMember) => void;
  /** Names to rename, by member id: one reading as another's, or one the name rule now refuses. */
  nameWarnings: ReadonlyMap<string, string>;
};

const col = dataTableColumnHelper<TeamMember>();

export function teamColumns(actions: TeamActions) {
  return col.columns([
    col.accessor("name", {
      header: "Member",
      meta: { phone: { line: 1 } },
      cell: (info) => {
        const member = info.row.original;
        return (
          <>
            <span className="font-medium">{member.name}</span>
            {member.email === actions.viewerEmail ? (
              <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">(you)</span>
            ) : null}
            {/* A long address wraps at its "@" and dots, so it never pushes the row's buttons out of sight at 1280 px. */}
            <span className="block font-mono text-xs wrap-break-word text-zinc-600 dark:text-zinc-400">
              <WrappableAddress text={member.email} />
            </span>
            {actions.nameWarnings.has(member.id) ? (
              <span className="mt-1 flex max-w-md items-start gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                <span>
                  <span className="sr-only">Name warning: </span>
                  {actions.nameWarnings.get(member.id)}
                  {actions.canManage ? (
                    <>
                      {" "}
                      <Button
                        variant="link"
                        className="h-auto p-0 text-xs"
                        onClick={() => actions.onRename(member)}
                        aria-label={`Rename ${member.name}`}
                        {...ConfirmDialog.preloadOn()}
                      >
                        Rename…
                      </Button>
                    </>
                  ) : null}
                </span>
              </span>
            ) : null}
          </>
        );
      },
    }),
    col.accessor("role", {
      header: "Role",
      meta: { phone: { line: 2, label: "Role" } },
      cell: (info) => ROLE_LABELS[info.getValue()],
    }),
    col.accessor("disabled", {
      header: "Status",
      meta: { phone: { line: 1, end: true } },
      cell: (info) =>
        info.getValue() ? <Badge variant="danger">Disabled</Badge> : <Badge variant="success">Active</Badge>,
    }),
    col.accessor("lastSignedInAt", {
      header: "Last signed in",
      meta: {
        className: "whitespace-nowrap text-zinc-600 dark:text-zinc-400",
        phone: { line: 2, end: true, label: "Last signed in" },
      },
      cell: (info) => {
        const at = info.getValue();
        return at ? <RelativeTime date={at} clock="console" /> : "Never";
      },
    }),
    col.display({
      id: "sign-in",
      header: "Signs in with",
      meta: { phone: { line: 3, label: "Signs in with" } },
      cell: (info) => {
        const member = info.row.original;
        if (!member.password && !member.sso)
          return <span className="text-zinc-600 dark:text-zinc-400">No way yet</span>;
        return (
          <ul className="flex flex-col gap-1 text-sm">
            {member.password ? <li>Password</li> : null}
            {member.sso ? (
              // Unlinking sits under the link it undoes, so a row's own buttons stay three (one line at 1280 px).
              <li className="whitespace-nowrap">
                Single sign-on
                <span className="flex items-baseline gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
                  {member.ssoLinkedAt ? (
                    <span>
                      linked <RelativeTime date={member.ssoLinkedAt} clock="console" />
                    </span>
                  ) : (
                    "linked"
                  )}
                  {actions.canManage ? (
                    <>
                      <span aria-hidden="true">·</span>
                      <Button
                        variant="link"
                        className="h-auto p-0 text-xs"
                        onClick={() => actions.onUnlinkSso(member)}
                        {...ConfirmDialog.preloadOn()}
                      >
                        Unlink<span className="sr-only"> single sign-on of {member.name}</span>
                      </Button>
                    </>
                  ) : null}
                </span>
              </li>
            ) : null}
          </ul>
        );
      },
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { actions: true, phone: { wide: true } },
      cell: (info) => {
        const member = info.row.original;
        if (!actions.canManage) return null;
        // Your own row has none (your password is changed from your account; unlinking your own single sign-on is in
        // the sign-in column, and waits for a second admin).
        if (member.email === actions.viewerEmail) return null;
        return (
          // Side by side on a laptop (three in a row at 1280 px); on a phone's card, across its foot.
          <div className="flex flex-wrap justify-end gap-2 xl:flex-nowrap">
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.onChangeRole(member)}
              {...ConfirmDialog.preloadOn()}
            >
              Change role<span className="sr-only"> of {member.name}</span>
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.onResetPassword(member)}
              {...ResetPasswordDialog.preloadOn()}
            >
              Reset password<span className="sr-only"> of {member.name}</span>
            </Button>
            {member.disabled ? (
              <Button size="sm" variant="outline" onClick={() => actions.onEnable(member)}>
                Enable<span className="sr-only"> {member.name}</span>
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                onClick={() => actions.onDisable(member)}
                {...ConfirmDialog.preloadOn()}
              >
                Disable<span className="sr-only"> {member.name}</span>
              </Button>
            )}
          </div>
        );
      },
    }),
  ]);
}
