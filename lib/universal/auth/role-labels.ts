import type { Role } from "./permissions";

/** A role as every page names it: "Viewer", "Compliance". */
export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Viewer",
  compliance: "Compliance",
  developer: "Developer",
  admin: "Admin",
};
