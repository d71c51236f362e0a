/**
 * Who may do what: DESIGN.md's role table in one place. The server checks it in every route handler; the UI
 * reads the same table only to disable what a role may not do and to say why.
 */
export const roles = ["viewer", "compliance", "developer", "admin"] as const;
export type Role = (typeof roles)[number];

export const permissions = [
  "read",
  "approvals.decide",
  "customers.write",
  "money.move",
  "config.write",
  "webhooks.test",
  "sandbox.use",
  "team.manage",
  "audit.read",
  "screening.read",
  "screening.decide",
  "screening.lists",
] as const;
export type Permission = (typeof permissions)[number];

export type Environment = "sandbox" | "production";

type Grant = "always" | "sandbox-only";

const GRANTS: Record<Permission, Partial<Record<Role, Grant>>> = {
  read: { viewer: "always", compliance: "always", developer: "always", admin: "always" },
  "approvals.decide": { compliance: "always", admin: "always" },
  "customers.write": { admin: "always" },
  "money.move": { developer: "sandbox-only", admin: "always" },
  "config.write": { admin: "always" },
  "webhooks.test": { developer: "always", admin: "always" },
  "sandbox.use": { developer: "sandbox-only", admin: "sandbox-only" },
  "team.manage": { admin: "always" },
  "audit.read": { compliance: "always", admin: "always" },
  "screening.read": { compliance: "always", admin: "always" },
  "screening.decide": { compliance: "always", admin: "always" },
  "screening.lists": { admin: "always" },
};

const WHO_MAY: Record<Permission, string> = {
  read: "Everyone signed in may read this.",
  "approvals.decide": "Only compliance officers and admins approve or reject payments.",
  "customers.write": "Only admins create, edit or delete customers.",
  "money.move": "Only admins move money (developers only in the sandbox).",
  "config.write": "Only admins edit the platform configuration.",
  "webhooks.test": "Only developers and admins send test webhooks.",
  "sandbox.use": "Only developers and admins use the sandbox console.",
  "team.manage": "Only admins manage the team.",
  "audit.read": "Only compliance officers and admins read the audit log.",
  "screening.read": "Only compliance officers and admins read screening results and the watchlists.",
  "screening.decide": "Only compliance officers and admins dismiss or confirm screening matches.",
  "screening.lists": "Only admins load and refresh the watchlists.",
};

export interface Decision {
  allowed: boolean;
  /** Why not, in words a person can act on. */
  reason?: string;
}

export function decide(role: Role, permission: Permission, environment: Environment): Decision {
  const grant = GRANTS[permission][role];
  if (!grant) return { allowed: false, reason: WHO_MAY[permission] };
  if (grant === "sandbox-only" && environment !== "sandbox") {
    // What exists in production for another role (an admin's transfers) is not said to exist only in the sandbox.
    const reason = existsIn(permission, environment)
      ? `${WHO_MAY[permission]} This is production.`
      : "This exists only in the sandbox environment.";
    return { allowed: false, reason };
  }
  return { allowed: true };
}

/**
 * Whether what a permission allows exists at all in an environment: the sandbox's own actions (granted only
 * "sandbox-only") are absent from production for everyone, not shown disabled.
 */
export function existsIn(permission: Permission, environment: Environment): boolean {
  if (environment === "sandbox") return true;
  return Object.values(GRANTS[permission]).some((grant) => grant === "always");
}

export function can(role: Role, permission: Permission, environment: Environment): boolean {
  return decide(role, permission, environment).allowed;
}

/** Every permission a role holds in an environment: what the browser receives to mirror the rules. */
export function grantedPermissions(role: Role, environment: Environment): Permission[] {
  return permissions.filter((permission) => can(role, permission, environment));
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}
