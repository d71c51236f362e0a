import "server-only";
import type { SsoRefusal } from "../../universal/auth/sso-refusals";
import { writeAudit, writeAuditOutcome } from "../audit/log";
import type { ConsoleDatabase } from "../db/client";
import { newRequestId } from "../http/request-id";
import { findUserByEmail, type UserRow } from "./users";

/** What the identity provider's userinfo endpoint said about the person (only what the console reads). */
export interface SsoProfile {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
}

export type SsoAdmission = { admitted: UserRow } | { refused: SsoRefusal };

/**
 * Single sign-on admits only a person an admin added to the team, matched by an email the identity provider has
 * verified: `email_verified` must be `true` (absent is not enough, or anyone able to put an unverified address in
 * their profile at the provider could sign in as its owner). A disabled member is refused as well.
 */
export async function admitSsoProfile(db: ConsoleDatabase, profile: SsoProfile): Promise<SsoAdmission> {
  const email = typeof profile.email === "string" ? profile.email.trim() : "";
  if (!email) return { refused: "sso-no-email" };
  if (profile.email_verified !== true) return { refused: "sso-email-unverified" };
  const user = await findUserByEmail(db, email);
  if (!user) return { refused: "sso-not-on-team" };
  if (user.disabledAt) return { refused: "sso-disabled" };
  return { admitted: user };
}

/**
 * Writes the decision to the audit log (`auth.sso.sign-in`). An admission that cannot be recorded throws, so the
 * sign-in does not go ahead unrecorded; a refusal stands whether or not it is recorded (the failure is logged).
 */
export async function auditSsoDecision(
  profile: SsoProfile,
  admission: SsoAdmission,
  issuer: string | undefined,
): Promise<void> {
  const subject = typeof profile.sub === "string" ? profile.sub : null;
  const email = typeof profile.email === "string" ? profile.email : null;
  const common = { action: "auth.sso.sign-in", requestId: newRequestId(), targetId: email };
  if ("admitted" in admission) {
    const user = admission.admitted;
    await writeAudit({
      ...common,
      actor: { id: user.id, email: user.email, role: user.role },
      targetId: user.email,
      outcome: "allowed",
      summary: { issuer, subject },
    });
    return;
  }
  await writeAuditOutcome({
    ...common,
    actor: null,
    outcome: "refused",
    summary: { issuer, subject, reason: admission.refused },
  });
}
