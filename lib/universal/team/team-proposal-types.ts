import type { Role } from "../auth/permissions";
import { ROLE_LABELS } from "../auth/role-labels";

export interface TeamMemberChanges {
  role?: Role;
  disabled?: boolean;
  name?: string;
}

/**
 * A team change waiting for a second admin (a `team` config proposal's body). Never a password: for a new account
 * or a reset, the password is generated when a second admin approves and shown once to that admin.
 */
export type TeamChange =
  | { action: "create"; email: string; name: string; role: Role }
  | {
      action: "update";
      userId: string;
      email: string;
      name: string;
      changes: TeamMemberChanges;
      before: { role: Role; disabled: boolean };
    }
  | { action: "password"; userId: string; email: string; name: string }
  /** Undo an admin's (or the proposer's own) single sign-on link to the provider's identity `subject`. */
  | { action: "unlink-sso"; userId: string; email: string; name: string; subject: string };

/** What the Team page says a waiting change does, e.g. "Add Bea Admin (bea@x) as Admin". */
export function describeTeamChange(change: TeamChange): string {
  switch (change.action) {
    case "create":
      return `Add ${change.name} (${change.email}) as ${ROLE_LABELS[change.role]}`;
    case "password":
      return `Reset the password of ${change.name} (${change.email})`;
    case "unlink-sso":
      return `Unlink the single sign-on of ${change.name} (${change.email}): their next single sign-on links a new identity`;
    case "update": {
      const parts: string[] = [];
      if (change.changes.role !== undefined && change.changes.role !== change.before.role) {
        parts.push(`role ${ROLE_LABELS[change.before.role]} → ${ROLE_LABELS[change.changes.role]}`);
      }
      if (change.changes.disabled === false && change.before.disabled) parts.push("enable the account");
      if (change.changes.disabled === true) parts.push("disable the account");
      if (change.changes.name !== undefined) parts.push(`name → ${change.changes.name}`);
      return `Change ${change.name} (${change.email}): ${parts.join(", ") || "no change"}`;
    }
  }
}
