import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { isUniqueViolation } from "../../../shared/data-exception";
import type { SsoRefusal } from "../../universal/auth/sso-refusals";
import { auditedAction, writeAudit, writeAuditOutcome } from "../audit/log";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";
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
 *
 * The email is taken as written, in ASCII as every member's is: lower-casing a look-alike (the Kelvin sign U+212A
 * becomes "k") must not match someone else's. The member's first single sign-on links them to the provider's
 * identity (`sub`); from then on only that identity signs in as them, so a mailbox given to someone else, or another
 * identity at the provider claiming the same email, does not. An admin can undo the link (unlinkSso in ./users.ts,
 * lib/server/team/unlink-sso.ts): the next single sign-on with the member's verified email then links anew.
 */
export async function admitSsoProfile(db: ConsoleDatabase, profile: SsoProfile): Promise<SsoAdmission> {
  const email = typeof profile.email === "string" ? profile.email.trim() : "";
  if (!email) return { refused: "sso-no-email" };
  if (profile.email_verified !== true) return { refused: "sso-email-unverified" };
  if (!PRINTABLE_ASCII.test(email)) return { refused: "sso-not-on-team" };
  const user = await findUserByEmail(db, email);
  if (!user) return { refused: "sso-not-on-team" };
  if (user.disabledAt) return { refused: "sso-disabled" };
  const subject = typeof profile.sub === "string" && profile.sub.length > 0 ? profile.sub : null;
  if (!subject || !(await linkedTo(db, user, subject))) return { refused: "sso-subject-mismatch" };
  return { admitted: user };
}

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Whether `user` is linked to the provider's `subject`: linked now if they were linked to none. Linking binds the
 * account to whoever holds that identity, so it is a change like any other: `auth.sso.link` is recorded as attempted
 * before it is made (nothing is linked if it cannot be: the sign-in fails) and its outcome after.
 */
async function linkedTo(db: ConsoleDatabase, user: UserRow, subject: string): Promise<boolean> {
  if (user.oidcSubject !== null) return user.oidcSubject === subject;
  try {
    await auditedAction(
      {
        actor: { id: user.id, email: user.email, role: user.role },
        action: "auth.sso.link",
        requestId: newRequestId(),
        targetId: user.email,
        summary: { subject },
      },
      async () => {
        if (!(await linkIfUnlinked(db, user, subject))) {
          throw new ApiError(409, "SSO_LINKED_ELSEWHERE", "The account or the identity is linked otherwise.");
        }
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "SSO_LINKED_ELSEWHERE") return false;
    throw error;
  }
}

async function linkIfUnlinked(db: ConsoleDatabase, user: UserRow, subject: string): Promise<boolean> {
  try {
    const linked = await db
      .update(users)
      .set({ oidcSubject: subject, oidcLinkedAt: sql`now()` })
      .where(and(eq(users.id, user.id), isNull(users.oidcSubject)))
      .returning({ oidcSubject: users.oidcSubject });
    if (linked.length > 0) return true;
  } catch (error) {
    // The identity is already another member's.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  // Linked at the same moment by another sign-in: the identity that won is the one.
  const [now] = await db.select({ oidcSubject: users.oidcSubject }).from(users).where(eq(users.id, user.id));
  return now?.oidcSubject === subject;
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
