import type { Role } from "@/lib/universal/auth/permissions";

export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Viewer",
  compliance: "Compliance",
  developer: "Developer",
  admin: "Admin",
};
