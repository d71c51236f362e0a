"use server";

import { signOut } from "@/lib/auth/config";
import { currentUser } from "@/lib/auth/session";
import { revokeSessions } from "@/lib/auth/users";
import { getConsoleDatabase } from "@/lib/db";

/** Signing out ends every session of the person, not only this browser's cookie. */
export async function signOutAction(): Promise<void> {
  const user = await currentUser();
  if (user) await revokeSessions(getConsoleDatabase(), user.id);
  await signOut({ redirectTo: "/login" });
}
