import "server-only";
import { and, desc, eq, gte, inArray, or } from "drizzle-orm";
import type { SessionEnd } from "../../universal/auth/session-end";
import { getConsoleDatabase } from "../db";
import { auditEvents } from "../db/schema";
import { env } from "../env";
import type { HeaderReader } from "../http/header-reader";
import { claimedSession } from "./session-user";
import { findUserById } from "./users";

/** The audited actions that end every session of the member they name (by email), newest first. */
const ENDING_ACTIONS = [
  "team.user.password.reset",
  "team.user.update",
  "account.password.change",
  "team.user.sso.unlink",
];

/** A member's update ends their sessions when it changes their role or status (lib/server/auth/users.ts). */
function endsSessions(entry: { summary: Record<string, unknown> }): boolean {
  const changes = entry.summary.changes;
  return typeof changes === "object" && changes !== null && ("role" in changes || "disabled" in changes);
}

/**
 * Why the request's session cookie no longer signs its holder in (the sign-in page says so), or null when there is
 * no such cookie or it still holds. Told only to the holder of a cookie the console itself sealed for that member,
 * and only about that member: a role changed (from what the cookie was signed in with to the row's), an account
 * disabled or gone, a password reset by admins or changed by its owner since the session began, their single
 * sign-on unlinked by admins, a sign-out
 * elsewhere (which ends every session), or the session's maximum length. Reads nothing but the member's own row and
 * the audit log's entries about them since the session began.
 */
export async function whySessionEnded(requestHeaders: HeaderReader): Promise<SessionEnd | null> {
  const claims = await claimedSession(requestHeaders);
  if (!claims) return null;
  const db = getConsoleDatabase();
  const row = await findUserById(db, claims.uid);
  if (!row) return { why: "removed" };
  if (row.disabledAt) return { why: "disabled" };
  if (row.sessionVersion === claims.sv) {
    return claims.pastMaxHours ? { why: "max-hours", hours: env().SESSION_MAX_HOURS } : null;
  }
  const since = new Date(claims.started);
  const entries = await db
    .select({ action: auditEvents.action, summary: auditEvents.summary })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.outcome, "allowed"),
        gte(auditEvents.occurredAt, since),
        or(
          and(eq(auditEvents.targetId, row.email), inArray(auditEvents.action, ENDING_ACTIONS)),
          and(eq(auditEvents.actorId, row.id), eq(auditEvents.action, "auth.sign-out")),
        ),
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(20);
  // A change only proposed (four eyes) ended nothing, its approval is an entry of its own; nor did a new name.
  const applied = entries.filter(
    (entry) =>
      entry.summary.fourEyes !== "proposed" && (entry.action !== "team.user.update" || endsSessions(entry)),
  );
  const passwordReplaced = applied.some(
    (entry) =>
      entry.action === "team.user.password.reset" ||
      (entry.action === "team.user.update" && entry.summary.passwordReplaced === true),
  );
  const ssoUnlinked = applied.some(
    (entry) => entry.action === "team.user.update" && entry.summary.ssoUnlinked === true,
  );
  if (claims.role && claims.role !== row.role) {
    return { why: "role-changed", from: claims.role, to: row.role, passwordReplaced, ssoUnlinked };
  }
  const latest = applied[0];
  if (latest?.action === "team.user.password.reset") return { why: "password-reset" };
  if (latest?.action === "account.password.change") return { why: "password-changed" };
  if (latest?.action === "auth.sign-out") return { why: "signed-out" };
  if (latest?.action === "team.user.sso.unlink") return { why: "sso-unlinked" };
  if (latest?.action === "team.user.update") return { why: "account-changed" };
  return { why: "ended" };
}
