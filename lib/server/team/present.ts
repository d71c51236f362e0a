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
    /** When the single sign-on link was made (null when not linked, or linked before the console kept the time). */
    ssoLinkedAt: user.oidcLinkedAt?.toISOString() ?? null,
    /** Whether the member has a password to sign in with (never the hash itself). */
    password: user.passwordHash !== null,
    lastSignedInAt: user.lastSignedInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
