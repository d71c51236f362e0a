import "server-only";
import type { UserRow } from "../auth/users";

/** A team member as the console's pages see them: never the password hash or session version. */
export function presentUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    disabled: user.disabledAt !== null,
    sso: user.oidcSubject !== null,
    lastSignedInAt: user.lastSignedInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
