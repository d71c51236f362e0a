import {
  can,
  type Environment,
  grantedPermissions,
  type Permission,
  permissions,
  type Role,
  roles,
} from "./permissions";

/** Each permission as a person reads it on the Team page: what holding it lets someone do. */
export const ABILITIES: Record<Permission, string> = {
  read: "See payments, customers and settings",
  "approvals.decide": "Approve and reject held payments",
  "customers.write": "Create, edit and delete customers",
  "money.move": "Move money",
  "config.write": "Edit the platform configuration",
  "webhooks.test": "Send test webhooks",
  "sandbox.use": "Use the sandbox console",
  "team.manage": "Add people, change roles, reset passwords, disable sign-in",
  "audit.read": "Read the audit log",
  "screening.read": "Read screening results and look up names on the watchlists",
  "screening.decide": "Dismiss or confirm screening matches",
  "screening.lists": "Load and refresh the watchlists",
};

export type Ability = {
  permission: Permission;
  label: string;
  /** Granted in this environment. */
  granted: boolean;
  /** Granted only because this is the sandbox: the same role lacks it in production. */
  sandboxOnly: boolean;
};

/** What a role may do in an environment, every permission in the table's order, read from permissions.ts. */
export function roleAbilities(role: Role, environment: Environment): Ability[] {
  return permissions.map((permission) => {
    const granted = can(role, permission, environment);
    return {
      permission,
      label: ABILITIES[permission],
      granted,
      sandboxOnly: granted && environment === "sandbox" && !can(role, permission, "production"),
    };
  });
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function sentence(held: Permission[], sandboxOnly: ReadonlySet<Permission> = new Set()): string {
  return held
    .map((permission, index) => {
      const words = `${ABILITIES[permission]}${sandboxOnly.has(permission) ? " (in the sandbox only)" : ""}`;
      return index === 0 ? words : lowerFirst(words);
    })
    .join(", ");
}

/**
 * A role's abilities in one short line, for where a role is chosen: the least role says what it sees; a role
 * holding everything the others hold names only what it alone may do; any other role, what it adds to the least.
 */
export function roleSummary(role: Role, environment: Environment): string {
  const [least] = roles;
  const mine = grantedPermissions(role, environment);
  if (role === least || !least) return `${sentence(mine)}; change nothing.`;
  const others = roles
    .filter((other) => other !== role)
    .map((other) => grantedPermissions(other, environment));
  const theirs = new Set(others.flat());
  const lacking = [...theirs].filter((permission) => !mine.includes(permission));
  // The widest role: everything the others may do (but for one or two things kept from it), and its own.
  if (lacking.length <= 2 && mine.length > theirs.size / 2) {
    const own = mine.filter((permission) => !theirs.has(permission));
    const except = lacking.length > 0 ? ` except ${lowerFirst(sentence(lacking))}` : "";
    return own.length === 0
      ? `Everything the other roles may do${except}.`
      : `Everything the other roles may do${except}, and ${lowerFirst(sentence(own))}.`;
  }
  const base = grantedPermissions(least, environment);
  const added = mine.filter((permission) => !base.includes(permission));
  // What the sandbox grants and production does not is said so: "move money (in the sandbox only)".
  const sandboxOnly = new Set(
    roleAbilities(role, environment)
      // The sandbox console is the sandbox's by its name.
      .filter((ability) => ability.sandboxOnly && ability.permission !== "sandbox.use")
      .map((ability) => ability.permission),
  );
  return `What a ${least} sees, and ${lowerFirst(sentence(added, sandboxOnly))}.`;
}
