import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRow } from "../auth/users";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// Undoing a member's single sign-on link (DELETE /api/team/[userId]/sso) against a real database: a developer's or
// viewer's at once, an admin's, a compliance officer's or your own only through a second admin; their sessions end;
// the next sign-on links anew, as a new person for the checks that a first approval came from someone else. A raise
// into a role that can be someone's second person undoes the link too.

type Who = Parameters<typeof import("./unlink-sso")["unlinkTeamMemberSso"]>[0];

let db: ConsoleDatabase;
let unlinkTeamMemberSso: typeof import("./unlink-sso")["unlinkTeamMemberSso"];
let admitSsoProfile: typeof import("../auth/sso")["admitSsoProfile"];
let approveProposal: typeof import("../four-eyes/decide-proposal")["approveProposal"];
let updateTeamMember: typeof import("./update-member")["updateTeamMember"];
let ada: Who;
let bea: Who;

const who = (row: UserRow, requestId: string) =>
  ({ user: row as unknown as Who["user"], requestId, clientRequestId: null }) as Who;

async function member(email: string, role: UserRow["role"], subject: string | null): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ email, name: email.split("@")[0] ?? email, role, oidcSubject: subject })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
}

const rowOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
const sso = (email: string, sub: string) => admitSsoProfile(db, { sub, email, email_verified: true });

async function auditOf(email: string) {
  return db
    .select({ outcome: auditEvents.outcome, actor: auditEvents.actorEmail, summary: auditEvents.summary })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "team.user.sso.unlink"), eq(auditEvents.targetId, email)))
    .orderBy(auditEvents.id);
}

beforeAll(async () => {
  ({ db } = await useConsoleTestDatabase("unlink_sso"));
  ({ unlinkTeamMemberSso } = await import("./unlink-sso"));
  ({ admitSsoProfile } = await import("../auth/sso"));
  ({ approveProposal } = await import("../four-eyes/decide-proposal"));
  ({ updateTeamMember } = await import("./update-member"));
  ada = who(await member("ada@example.com", "admin", "ada-subject"), "req_ada");
  bea = who(await member("bea@example.com", "admin", null), "req_bea");
});

afterAll(async () => {
  await db?.pool.end();
});

describe("unlinking a member's single sign-on", () => {
  it("unlinks a developer at once, ends their sessions, audits it, and lets their new identity link", async () => {
    const cal = await member("cal@example.com", "developer", null);
    // Cal's first single sign-on links identity A, dated; identity B with the same verified email is refused.
    expect(await sso(cal.email, "identity-a")).toEqual({ admitted: expect.objectContaining({ id: cal.id }) });
    const linked = await rowOf(cal.id);
    expect(linked?.oidcSubject).toBe("identity-a");
    expect(linked?.oidcLinkedAt).toBeInstanceOf(Date);
    expect(await sso(cal.email, "identity-b")).toEqual({ refused: "sso-subject-mismatch" });

    const answer = await unlinkTeamMemberSso(ada, cal.id);
    expect(answer).toEqual({ user: expect.objectContaining({ id: cal.id, sso: false, ssoLinkedAt: null }) });
    const after = await rowOf(cal.id);
    expect(after?.oidcSubject).toBeNull();
    expect(after?.sessionVersion).toBe((linked?.sessionVersion ?? 0) + 1);
    // Whoever links next may be another person: what the old identity did no longer counts as theirs.
    expect(after?.roleSince.getTime()).toBeGreaterThan(
      linked?.roleSince.getTime() ?? Number.POSITIVE_INFINITY,
    );
    expect(await auditOf(cal.email)).toEqual([
      { outcome: "attempted", actor: ada.user.email, summary: { subject: "identity-a", role: "developer" } },
      {
        outcome: "allowed",
        actor: ada.user.email,
        summary: { subject: "identity-a", role: "developer", sessionsEnded: true },
      },
    ]);

    // Identity B now signs in as Cal and is linked; A no longer is.
    expect(await sso(cal.email, "identity-b")).toEqual({ admitted: expect.objectContaining({ id: cal.id }) });
    expect((await rowOf(cal.id))?.oidcSubject).toBe("identity-b");
    expect(await sso(cal.email, "identity-a")).toEqual({ refused: "sso-subject-mismatch" });
  });

  it("refuses a member with no link (409) and an unknown member (404), changing nothing", async () => {
    const dee = await member("dee@example.com", "viewer", null);
    await expect(unlinkTeamMemberSso(ada, dee.id)).rejects.toMatchObject({ status: 409, code: "NOT_LINKED" });
    for (const id of ["9b2f1c1e-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await expect(unlinkTeamMemberSso(ada, id)).rejects.toMatchObject({
        status: 404,
        code: "USER_NOT_FOUND",
      });
    }
    expect((await rowOf(dee.id))?.sessionVersion).toBe(dee.sessionVersion);
  });

  it("only proposes unlinking an admin's link, which the proposer cannot approve and a second admin applies", async () => {
    const eve = await member("eve@example.com", "admin", "eve-subject");
    const answer = await unlinkTeamMemberSso(ada, eve.id);
    if (!("proposal" in answer)) throw new Error("an admin's unlink was applied at once");
    expect(answer.proposal).toMatchObject({
      status: "proposed",
      change: { action: "unlink-sso", userId: eve.id, subject: "eve-subject" },
    });
    expect((await rowOf(eve.id))?.oidcSubject).toBe("eve-subject");
    expect(await sso(eve.email, "someone-else")).toEqual({ refused: "sso-subject-mismatch" });

    await expect(approveProposal(ada, answer.proposal.id)).rejects.toMatchObject({ status: 409 });
    expect((await rowOf(eve.id))?.oidcSubject).toBe("eve-subject");

    await approveProposal(bea, answer.proposal.id);
    const after = await rowOf(eve.id);
    expect(after?.oidcSubject).toBeNull();
    expect(after?.sessionVersion).toBe(eve.sessionVersion + 1);
    expect(
      (await auditOf(eve.email)).map((entry) => [entry.outcome, entry.actor, entry.summary.fourEyes]),
    ).toEqual([
      ["attempted", ada.user.email, "proposed"],
      ["allowed", ada.user.email, "proposed"],
      ["attempted", bea.user.email, "approved"],
      ["allowed", bea.user.email, "approved"],
    ]);
  });

  it("only proposes unlinking a compliance officer's link: whoever links next could second payments", async () => {
    const fay = await member("fay@example.com", "compliance", "fay-subject");
    const answer = await unlinkTeamMemberSso(ada, fay.id);
    if (!("proposal" in answer)) throw new Error("a compliance officer's unlink was applied at once");
    expect((await rowOf(fay.id))?.oidcSubject).toBe("fay-subject");
    expect(await sso(fay.email, "someone-else")).toEqual({ refused: "sso-subject-mismatch" });
    await approveProposal(bea, answer.proposal.id);
    const after = await rowOf(fay.id);
    expect(after?.oidcSubject).toBeNull();
    expect(after?.roleSince.getTime()).toBeGreaterThan(fay.roleSince.getTime());
  });

  it("undoes the link of a member raised into compliance, as it replaces their password", async () => {
    const gus = await member("gus@example.com", "developer", null);
    // Gus's account was made by Ada, who signed in as it by single sign-on and linked an identity of hers.
    expect(await sso(gus.email, "adas-other-identity")).toEqual({
      admitted: expect.objectContaining({ id: gus.id }),
    });
    const raise = await updateTeamMember(ada, gus.id, { role: "compliance" });
    if (!("proposal" in raise)) throw new Error("a raise was applied at once");
    expect((await rowOf(gus.id))?.oidcSubject).toBe("adas-other-identity");
    await approveProposal(bea, raise.proposal.id);
    const after = await rowOf(gus.id);
    expect(after?.role).toBe("compliance");
    expect(after?.oidcSubject).toBeNull();
    const [applied] = await db
      .select({ summary: auditEvents.summary })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "team.user.update"),
          eq(auditEvents.targetId, gus.email),
          eq(auditEvents.outcome, "allowed"),
          eq(auditEvents.actorEmail, bea.user.email),
        ),
      );
    expect(applied?.summary).toMatchObject({ ssoUnlinked: true, subject: "adas-other-identity" });
    // The real Gus's next single sign-on links his own identity.
    expect(await sso(gus.email, "gus-own-identity")).toEqual({
      admitted: expect.objectContaining({ id: gus.id }),
    });
    expect((await rowOf(gus.id))?.oidcSubject).toBe("gus-own-identity");
  });

  it("only proposes unlinking your own link", async () => {
    const answer = await unlinkTeamMemberSso(ada, ada.user.id);
    expect("proposal" in answer).toBe(true);
    expect((await rowOf(ada.user.id))?.oidcSubject).toBe("ada-subject");
  });
});
