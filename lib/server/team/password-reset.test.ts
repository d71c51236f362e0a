import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRow } from "../auth/users";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// A member's password reset (POST /api/team/[userId]/password), proposed by one admin and applied by a second, who
// is shown the new password once. Whoever holds that password may now be someone else (the approving admin), so the
// reset counts as a new person for the checks that a first approval came from someone other than its second.

type Who = Parameters<typeof import("./propose-password-reset")["proposePasswordReset"]>[0];

let db: ConsoleDatabase;
let proposePasswordReset: typeof import("./propose-password-reset")["proposePasswordReset"];
let approveProposal: typeof import("../four-eyes/decide-proposal")["approveProposal"];
let firstPersonStands: typeof import("./role-since")["firstPersonStands"];
let requireRoleBefore: typeof import("./role-since")["requireRoleBefore"];
let ada: Who;
let bea: Who;

const who = (row: UserRow, requestId: string) =>
  ({ user: row as unknown as Who["user"], requestId, clientRequestId: null }) as Who;

async function member(email: string, role: UserRow["role"]): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ email, name: email.split("@")[0] ?? email, role, roleSince: new Date(Date.now() - 3_600_000) })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
}

const rowOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

beforeAll(async () => {
  ({ db } = await useConsoleTestDatabase("password_reset"));
  ({ proposePasswordReset } = await import("./propose-password-reset"));
  ({ approveProposal } = await import("../four-eyes/decide-proposal"));
  ({ firstPersonStands, requireRoleBefore } = await import("./role-since"));
  ada = who(await member("ada@example.com", "admin"), "req_ada");
  bea = who(await member("bea@example.com", "admin"), "req_bea");
});

afterAll(async () => {
  await db?.pool.end();
});

describe("a member's password reset", () => {
  it("makes the account a new person: what it approved first no longer counts, nor can it second older things", async () => {
    const ora = await member("ora@example.com", "compliance");
    // Ora gave a first approval a minute ago, as herself.
    const firstApprovalAt = new Date(Date.now() - 60_000);
    expect(await firstPersonStands(ora.id, firstApprovalAt, db)).toBe(true);

    const proposal = await proposePasswordReset(ada, ora.id);
    const applied = await approveProposal(bea, proposal.id);
    // Bea has seen Ora's new password: signed in as Ora, she must not be the second person on Ora's first approval,
    // nor on anything proposed before the reset.
    expect(applied.initialPassword).toEqual(expect.any(String));
    const after = await rowOf(ora.id);
    expect(after?.roleSince.getTime()).toBeGreaterThan(ora.roleSince.getTime());
    expect(await firstPersonStands(ora.id, firstApprovalAt, db)).toBe(false);
    await expect(requireRoleBefore(ora.id, firstApprovalAt, "approval", db)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_PERSON_TOO_NEW",
    });
    expect(after?.sessionVersion).toBe(ora.sessionVersion + 1);
  });
});
