import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";
import { createConsoleTestDatabase } from "../db/test-database";
import { findUserBySameMailbox, mailboxOf } from "./users";

let db: ConsoleDatabase;

beforeAll(async () => {
  ({ db } = await createConsoleTestDatabase("same-mailbox"));
  await db.insert(users).values(
    [
      "Alice.Smith@gmail.com",
      "bob@corp.example",
      "carol.jones@corp.example",
      "dana.lee@protonmail.com",
      "erin@me.com",
    ].map((email) => ({
      email,
      name: email,
      role: "admin" as const,
    })),
  );
});

afterAll(async () => {
  await db?.pool.end();
});

describe("one person, one mailbox", () => {
  it.each([
    ["alicesmith@gmail.com", "Alice.Smith@gmail.com"],
    ["a.l.i.c.e.s.m.i.t.h@gmail.com", "Alice.Smith@gmail.com"],
    ["alice.smith+ops@googlemail.com", "Alice.Smith@gmail.com"],
    ["ALICESMITH@GOOGLEMAIL.COM", "Alice.Smith@gmail.com"],
    ["bob+second@corp.example", "bob@corp.example"],
    ["BOB@corp.example", "bob@corp.example"],
    // Proton's and iCloud's domains give one name to one person.
    ["dana.lee@pm.me", "dana.lee@protonmail.com"],
    ["Dana.Lee+admin@proton.me", "dana.lee@protonmail.com"],
    ["dana.lee@protonmail.ch", "dana.lee@protonmail.com"],
    ["erin@icloud.com", "erin@me.com"],
    ["erin+two@mac.com", "erin@me.com"],
  ])("finds that %s reaches %s's mailbox", async (email, member) => {
    expect((await findUserBySameMailbox(db, email))?.email).toBe(member);
  });

  it.each([
    // Elsewhere a dot is part of the address: carol.jones@ and caroljones@ are two people's.
    "caroljones@corp.example",
    "bob@corp.example.org",
    "alice.smith@gmail.co",
    "b.ob@corp.example",
    // Only Gmail leaves dots out.
    "danalee@pm.me",
    "erin@outlook.com",
  ])("finds no member's mailbox for %s", async (email) => {
    expect(await findUserBySameMailbox(db, email)).toBeUndefined();
  });

  it("names the mailbox the database compares by", () => {
    expect(mailboxOf("A.Li.Ce+x@GoogleMail.com")).toBe("alice@gmail.com");
    expect(mailboxOf("a.b+c@corp.example")).toBe("a.b@corp.example");
    expect(mailboxOf("Dana.Lee@PM.me")).toBe("dana.lee@proton.me");
  });
});
