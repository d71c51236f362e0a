import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateUser } from "../auth/users";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";
import { createConsoleTestDatabase } from "../db/test-database";
import { activateVersion, createDraft, proposeDraft } from "../policies/versions";
import { firstPersonStands, requireRoleBefore, roleSinceOf } from "./role-since";

// Issue 46 item 2: an account cannot be the second person on something older than its role (users.role_since).

let db: ConsoleDatabase;
let ada: { id: string; email: string };
let vic: { id: string; email: string };

beforeAll(async () => {
  ({ db } = await createConsoleTestDatabase("role-since"));
  [ada, vic] = (await db
    .insert(users)
    .values([
      { email: "ada@example.com", name: "Ada", role: "admin" },
      { email: "vic@example.com", name: "Vic", role: "viewer" },
    ])
    .returning({ id: users.id, email: users.email })) as [typeof ada, typeof vic];
});

afterAll(async () => {
  await db?.pool.end();
});

const since = async (id: string) => (await roleSinceOf(id, db))?.getTime();

describe("role_since", () => {
  it("moves on a role change and on enabling again, not on a rename, a same-role save or a disable", async () => {
    const start = await since(vic.id);
    expect(start).toBeTypeOf("number");
    await updateUser(db, vic.id, { name: "Vic Renamed" });
    await updateUser(db, vic.id, { role: "viewer" });
    await updateUser(db, vic.id, { disabled: true });
    expect(await since(vic.id)).toBe(start);
    await updateUser(db, vic.id, { disabled: false });
    const enabled = await since(vic.id);
    expect(enabled).toBeGreaterThan(start ?? 0);
    await updateUser(db, vic.id, { role: "compliance" });
    expect(await since(vic.id)).toBeGreaterThan(enabled ?? 0);
  });

  it("refuses a second person whose role is newer than the thing decided", async () => {
    const before = new Date(Date.now() - 60_000);
    await expect(requireRoleBefore(vic.id, before, "proposal", db)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_PERSON_TOO_NEW",
    });
    await expect(requireRoleBefore(vic.id, new Date(Date.now() + 60_000), "proposal", db)).resolves.toBe(
      undefined,
    );
  });

  it("refuses to activate a policy version proposed before the activator got their role", async () => {
    const draft = await createDraft(db, ada, {
      document: {
        rules: [
          {
            id: "r",
            name: "R",
            when: [{ kind: "senderAllowListed", value: true }],
            // biome-ignore lint/suspicious/noThenProperty: a policy rule's "then", never awaited
            then: { decision: "approve" },
          },
        ],
        allowListedDomains: ["pay.example"],
      },
    });
    await proposeDraft(db, draft.id, ada);
    // Vic becomes compliance only now, after the proposal: too new to be its second person.
    await db.update(users).set({ role: "viewer" }).where(eq(users.id, vic.id));
    await updateUser(db, vic.id, { role: "compliance" });
    await expect(activateVersion(db, draft.id, vic)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_PERSON_TOO_NEW",
    });
  });

  it("counts a first person only while they stand as they did: not once disabled or moved since", async () => {
    const [eve] = await db
      .insert(users)
      .values({ email: "eve@example.com", name: "Eve", role: "compliance" })
      .returning({ id: users.id, roleSince: users.roleSince });
    const id = eve?.id ?? "";
    // Acting the moment they got their role, then again after a move.
    const acted = eve?.roleSince ?? new Date();
    expect(await firstPersonStands(id, acted, db)).toBe(true);
    await updateUser(db, id, { role: "admin" });
    expect(await firstPersonStands(id, acted, db)).toBe(false);
    const later = (await roleSinceOf(id, db)) ?? new Date();
    expect(await firstPersonStands(id, later, db)).toBe(true);
    await updateUser(db, id, { disabled: true });
    expect(await firstPersonStands(id, later, db)).toBe(false);
    expect(await firstPersonStands("00000000-0000-4000-8000-000000000000", later, db)).toBe(false);
  });
});
