import "server-only";
import { cache } from "react";
import { getConsoleDatabase } from "../db";
import { env } from "../env";
import { auth } from "./config";
import type { Role } from "./permissions";
import { findUserById } from "./users";

export interface ConsoleUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * The signed-in person, reloaded from the database on every request: a disabled user, a changed role or a
 * sign-out elsewhere (a bumped session version) takes effect at once, whatever the cookie says.
 */
export const currentUser = cache(async (): Promise<ConsoleUser | null> => {
  const session = await auth();
  if (!session?.uid || session.sv === undefined || session.started === undefined) return null;
  if (Date.now() - session.started > env().SESSION_MAX_HOURS * 3_600_000) return null;
  const user = await findUserById(getConsoleDatabase(), session.uid);
  if (!user || user.disabledAt || user.sessionVersion !== session.sv) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});
