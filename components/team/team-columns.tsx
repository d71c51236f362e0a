import { dataTableColumnHelper } from "@/components/data-table/columns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import type { TeamMember } from "@/lib/client/api/team";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { ROLE_LABELS } from "./role-labels";

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
            {/* A long address breaks where it must, so it never pushes the row's buttons out of sight at 1280 px. */}
            <span className="block font-mono text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">
              {member.email}
            </span>
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
              <li className="whitespace-nowrap">
                Single sign-on
                <span className="block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  {member.ssoLinkedAt ? (
                    <>
                      linked <RelativeTime date={member.ssoLinkedAt} clock="console" />
                    </>
                  ) : (
                    "linked"
                  )}
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
        const unlink = member.sso ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => actions.onUnlinkSso(member)}
            {...ConfirmDialog.preloadOn()}
          >
            Unlink single sign-on<span className="sr-only"> of {member.name}</span>
          </Button>
        ) : null;
        // Your own row: only your single sign-on link, which a second admin must approve unlinking.
        if (member.email === actions.viewerEmail) {
          return unlink ? (
            <div className="flex flex-wrap justify-end gap-2 2xl:flex-nowrap">{unlink}</div>
          ) : null;
        }
        return (
          // Side by side on a laptop (three in a row at 1280 px); with single sign-on's fourth, two and two until the
          // screen is wide enough for all four beside the other columns. On a phone's card, across its foot.
          <div
            className={`flex flex-wrap justify-end gap-2 ${unlink ? "2xl:flex-nowrap" : "xl:flex-nowrap"}`}
          >
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
            {unlink}
          </div>
        );
      },
    }),
  ]);
}
