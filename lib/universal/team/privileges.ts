import { type Environment, grantedPermissions, type Permission, type Role } from "../auth/permissions";
import type { TeamMemberChanges } from "./team-proposal-types";

const ENVIRONMENTS: readonly Environment[] = ["sandbox", "production"];

/**
 * What makes an account someone's "second person": deciding payments, changing the configuration, managing the
 * team or reading the audit log. Creating an account that holds any of these needs a second admin (issue 46 item 2).
 */
const SECOND_PERSON_PERMISSIONS: readonly Permission[] = [
  "approvals.decide",
  "config.write",
  "team.manage",
  "audit.read",
  "screening.decide",
];

/** The permissions `to` holds, in either environment, that `from` lacks there (e.g. developer → compliance). */
export function permissionsGained(from: Role, to: Role): Permission[] {
  const gained = new Set<Permission>();
  for (const environment of ENVIRONMENTS) {
    const before = new Set(grantedPermissions(from, environment));
    for (const permission of grantedPermissions(to, environment)) {
      if (!before.has(permission)) gained.add(permission);
    }
  }
  return [...gained];
}

/** A role change that gives the member any permission they lacked: a second admin must approve it. */
export function raisesPrivileges(from: Role, to: Role): boolean {
  return permissionsGained(from, to).length > 0;
}

/** A new account of this role needs a second admin: it could act as someone's second person (admin, compliance). */
export function isPrivilegedRole(role: Role): boolean {
  return ENVIRONMENTS.some((environment) =>
    grantedPermissions(role, environment).some((permission) =>
      SECOND_PERSON_PERMISSIONS.includes(permission),
    ),
  );
}

/**
 * Whether a change to a member needs a second admin: raising their role, or enabling again a disabled account whose
 * role is privileged. Lowering a role, renaming and disabling make things stricter and apply at once.
 */
export function changeNeedsSecondAdmin(
  member: { role: Role; disabled: boolean },
  changes: TeamMemberChanges,
): boolean {
  if (changes.role !== undefined && raisesPrivileges(member.role, changes.role)) return true;
  return changes.disabled === false && member.disabled && isPrivilegedRole(changes.role ?? member.role);
}

/**
 * Whether a role change replaces a password account's password (the new one shown once to the approving admin): a
 * raise into a role that can be someone's second person. Whoever made the account, or reset it, may know its
 * password; they must not gain a second person by a promotion that looks routine.
 */
export function raiseReplacesPassword(from: Role, to: Role | undefined): boolean {
  return to !== undefined && isPrivilegedRole(to) && raisesPrivileges(from, to);
}
