import type { Permission, Role } from "./permissions";

/**
 * DESIGN.md's role table written out by hand, independently of lib/universal/auth/permissions.ts, so a test comparing the
 * two catches a drift in either. In the sandbox environment (the e2e run's), "sandbox only" grants count.
 */
export const DESIGN_TABLE: Record<Permission, { sandbox: Role[]; production: Role[] }> = {
  read: {
    sandbox: ["viewer", "compliance", "developer", "admin"],
    production: ["viewer", "compliance", "developer", "admin"],
  },
  "approvals.decide": { sandbox: ["compliance", "admin"], production: ["compliance", "admin"] },
  "customers.write": { sandbox: ["admin"], production: ["admin"] },
  "money.move": { sandbox: ["developer", "admin"], production: ["admin"] },
  "config.write": { sandbox: ["admin"], production: ["admin"] },
  "webhooks.test": { sandbox: ["developer", "admin"], production: ["developer", "admin"] },
  "sandbox.use": { sandbox: ["developer", "admin"], production: [] },
  "team.manage": { sandbox: ["admin"], production: ["admin"] },
  "audit.read": { sandbox: ["compliance", "admin"], production: ["compliance", "admin"] },
  // Screening (issue 48, decision 0058): compliance screens, dismisses and confirms; admins manage the lists.
  "screening.read": { sandbox: ["compliance", "admin"], production: ["compliance", "admin"] },
  "screening.decide": { sandbox: ["compliance", "admin"], production: ["compliance", "admin"] },
  "screening.lists": { sandbox: ["admin"], production: ["admin"] },
};
