import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRow } from "../auth/users";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// Undoing a member's single sign-on link (DELETE /api/team/[userId]/sso) against a real database: a non-admin's
// at once, an admin's or your own only through a second admin; their sessions end; the next sign-on links anew.

type Who = Parameters<typeof import("./unlink-sso")["unlinkTeamMemberSso"]>[0];

let db: ConsoleDatabase;
let unlinkTeamMemberSso: typeof import("./unlink-sso")["unlinkTeamMemberSso"];
let admitSsoProfile: typeof import("../auth/sso")["admitSsoProfile"];
let approveProposal: typeof import("../four-eyes/decide-proposal")["approveProposal"];
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
  ada = who(await member("ada@example.com", "admin", "ada-subject"), "req_ada");
  bea = who(await member("bea@example.com", "admin", null), "req_bea");
});

afterAll(async () => {
  await db?.pool.end();
});

describe("unlinking a member's single sign-on", () => {
  it("unlinks a non-admin at once, ends their sessions, audits it, and lets their new identity link", async () => {
    const cal = await member("cal@example.com", "compliance", null);
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
    expect(await auditOf(cal.email)).toEqual([
      { outcome: "attempted", actor: ada.user.email, summary: { subject: "identity-a", role: "compliance" } },
      {
        outcome: "allowed",
        actor: ada.user.email,
        summary: { subject: "identity-a", role: "compliance", sessionsEnded: true },
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

  it("only proposes unlinking your own link", async () => {
    const answer = await unlinkTeamMemberSso(ada, ada.user.id);
    expect("proposal" in answer).toBe(true);
    expect((await rowOf(ada.user.id))?.oidcSubject).toBe("ada-subject");
  });
});
