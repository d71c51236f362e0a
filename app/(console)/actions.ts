"use server";

import { signOut } from "@/lib/server/auth/config";

/**
 * Signing out ends every session of the person, not only this browser's cookie: Auth.js's sign-out retires the
 * session's version (events.signOut in lib/server/auth/config.ts), whichever way it is reached.
 */
export async function signOutAction(): Promise<void> {
  // The sign-in page it lands on tells this browser's other tabs, once the session is gone
  // (components/auth/tell-other-tabs.tsx).
  await signOut({ redirectTo: "/login?signed-out=here" });
}
