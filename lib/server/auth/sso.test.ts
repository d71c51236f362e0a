import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssoRefusalMessage } from "../../universal/auth/sso-refusals";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";
import { createUser, type UserRow, updateUser } from "./users";

let db: ConsoleDatabase;
let member: UserRow;
let admitSsoProfile: typeof import("./sso")["admitSsoProfile"];

beforeAll(async () => {
  ({ db } = await useConsoleTestDatabase("sso_admission"));
  ({ admitSsoProfile } = await import("./sso"));
  member = await createUser(db, { email: "member@example.test", name: "Member", role: "viewer" });
  const gone = await createUser(db, { email: "gone@example.test", name: "Gone", role: "viewer" });
  await updateUser(db, gone.id, { disabled: true });
});

afterAll(async () => {
  await db.pool.end();
});

describe("single sign-on admission", () => {
  it("admits a team member by an email the provider verified, whatever its case", async () => {
    const admission = await admitSsoProfile(db, {
      sub: "s1",
      email: "Member@Example.TEST",
      email_verified: true,
    });
    expect(admission).toEqual({ admitted: expect.objectContaining({ id: member.id }) });
  });

  it("refuses an email not verified, or not said to be verified", async () => {
    for (const email_verified of [false, undefined, "true", 1]) {
      expect(await admitSsoProfile(db, { email: member.email, email_verified })).toEqual({
        refused: "sso-email-unverified",
      });
    }
  });

  it("refuses a verified email not on the team, a disabled member, and a profile without an email", async () => {
    expect(await admitSsoProfile(db, { email: "stranger@example.test", email_verified: true })).toEqual({
      refused: "sso-not-on-team",
    });
    expect(await admitSsoProfile(db, { email: "gone@example.test", email_verified: true })).toEqual({
      refused: "sso-disabled",
    });
    for (const email of [undefined, "", "  ", 42]) {
      expect(await admitSsoProfile(db, { email, email_verified: true })).toEqual({ refused: "sso-no-email" });
    }
  });

  it("links a member to the provider's identity at their first sign-in: another identity with their email is refused", async () => {
    const linked = await createUser(db, { email: "linked@example.test", name: "Linked", role: "viewer" });
    const as = (sub: unknown) => admitSsoProfile(db, { sub, email: linked.email, email_verified: true });
    expect(await as("subject-a")).toEqual({ admitted: expect.objectContaining({ id: linked.id }) });
    expect(await as("subject-a")).toEqual({ admitted: expect.objectContaining({ id: linked.id }) });
    // The mailbox given to someone else, or another identity at the provider claiming the address.
    expect(await as("subject-b")).toEqual({ refused: "sso-subject-mismatch" });
    expect(await as(undefined)).toEqual({ refused: "sso-subject-mismatch" });
    // An identity linked to one member does not sign in as another.
    const other = await createUser(db, { email: "other@example.test", name: "Other", role: "viewer" });
    expect(await admitSsoProfile(db, { sub: "subject-a", email: other.email, email_verified: true })).toEqual(
      {
        refused: "sso-subject-mismatch",
      },
    );
  });

  it("records a first link as attempted before it is made, and makes none when the audit log cannot be written", async () => {
    const lee = await createUser(db, { email: "lee@example.test", name: "Lee", role: "compliance" });
    const linkRows = async () =>
      (
        await db
          .select({ outcome: auditEvents.outcome, summary: auditEvents.summary })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, "auth.sso.link"), eq(auditEvents.targetId, lee.email)))
          .orderBy(auditEvents.id)
      ).map((row) => [row.outcome, row.summary.subject]);
    // The audit log refuses writes: the sign-in fails and the account stays unlinked.
    await db.execute(sql`alter table audit_events rename to audit_events_away`);
    try {
      await expect(
        admitSsoProfile(db, { sub: "lee-identity", email: lee.email, email_verified: true }),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table audit_events_away rename to audit_events`);
    }
    expect((await db.select().from(users).where(eq(users.id, lee.id)))[0]?.oidcSubject).toBeNull();
    expect(await linkRows()).toEqual([]);

    expect(
      await admitSsoProfile(db, { sub: "lee-identity", email: lee.email, email_verified: true }),
    ).toEqual({
      admitted: expect.objectContaining({ id: lee.id }),
    });
    expect(await linkRows()).toEqual([
      ["attempted", "lee-identity"],
      ["allowed", "lee-identity"],
    ]);
    // Signing in again with the linked identity links nothing anew.
    await admitSsoProfile(db, { sub: "lee-identity", email: lee.email, email_verified: true });
    expect(await linkRows()).toHaveLength(2);
  });

  it("refuses an email that only lower-cases to a member's (a look-alike outside ASCII)", async () => {
    const kate = await createUser(db, { email: "kate@example.test", name: "Kate", role: "admin" });
    // U+212A KELVIN SIGN lower-cases to "k".
    expect("\u212Aate@example.test".toLowerCase()).toBe(kate.email);
    expect(
      await admitSsoProfile(db, { sub: "k1", email: "\u212Aate@example.test", email_verified: true }),
    ).toEqual({ refused: "sso-not-on-team" });
  });

  it("has a message for each refusal, and none for other values of ?error=", () => {
    for (const code of [
      "sso-not-on-team",
      "sso-email-unverified",
      "sso-no-email",
      "sso-disabled",
      "sso-subject-mismatch",
    ]) {
      expect(ssoRefusalMessage(code)).toMatch(/\.$/);
    }
    for (const code of ["CredentialsSignin", "toString", "__proto__", undefined, ["sso-disabled"]]) {
      expect(ssoRefusalMessage(code)).toBeNull();
    }
  });
});
