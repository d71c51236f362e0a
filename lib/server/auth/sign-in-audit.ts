import "server-only";
import { type AuditEntry, writeAudit, writeAuditOutcome } from "../audit/log";
import { getConsoleDatabase } from "../db";
import { newRequestId } from "../http/request-id";
import { log } from "../log/logger";
import { findUserById, type UserRow } from "./users";

/** Why a password sign-in was refused, as the audit log says it (the sign-in page says one thing for all). */
export type PasswordRefusal =
  | "unknown account"
  | "no password (single sign-on only)"
  | "wrong password"
  | "disabled";

/** The refusal of a checked password sign-in, or null when it succeeded. */
export function passwordRefusal(user: UserRow | undefined, passwordMatches: boolean): PasswordRefusal | null {
  if (!user) return "unknown account";
  if (!user.passwordHash) return "no password (single sign-on only)";
  if (!passwordMatches) return "wrong password";
  if (user.disabledAt) return "disabled";
  return null;
}

/**
 * A password sign-in in the audit log (`auth.sign-in`), as single sign-on's is (`auth.sso.sign-in`): the attempt
 * before the password is checked (a sign-in not recorded does not go ahead: writeAudit throws), the outcome after.
 * The actor is the member whose email was given; an email that names no member is never written, since people type
 * their password into the email field. Attempts past the sign-in limit are not checked and not recorded here: the
 * limit's own table counts them, and a flood of them must not fill the log.
 */
export async function auditedPasswordSignIn(
  user: UserRow | undefined,
  check: () => Promise<PasswordRefusal | null>,
): Promise<boolean> {
  const entry: Omit<AuditEntry, "outcome"> = {
    action: "auth.sign-in",
    requestId: newRequestId(),
    actor: user ? { id: user.id, email: user.email, role: user.role } : null,
    summary: { method: "password" },
  };
  await writeAudit({ ...entry, outcome: "attempted" });
  const refusal = await check();
  await writeAuditOutcome(
    refusal
      ? { ...entry, outcome: "refused", summary: { method: "password", reason: refusal } }
      : { ...entry, outcome: "allowed" },
  );
  return refusal === null;
}

/**
 * A sign-out in the audit log (`auth.sign-out`): every session of the person ends (`end`). Unlike any other change,
 * it goes ahead when the log cannot be written (the failure is logged): ending sessions only takes access away, and
 * a person who cannot sign out while the log is down is worse off than a sign-out without its row.
 */
export async function auditedSignOut(userId: string, end: () => Promise<void>): Promise<void> {
  const user = await findUserById(getConsoleDatabase(), userId);
  const entry: Omit<AuditEntry, "outcome"> = {
    action: "auth.sign-out",
    requestId: newRequestId(),
    actor: user ? { id: user.id, email: user.email, role: user.role } : null,
    summary: { sessionsEnded: true },
  };
  try {
    await writeAudit({ ...entry, outcome: "attempted" });
  } catch (error) {
    log.warn("auth", "a sign-out went ahead without its audit row", { error });
  }
  await end();
  await writeAuditOutcome({ ...entry, outcome: "allowed" });
}
