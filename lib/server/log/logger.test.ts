import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { hashPassword } from "../auth/passwords";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import { users } from "../db/schema";
import { logLine } from "./logger";

vi.mock("server-only", () => ({}));

let db: ConsoleDatabase;

beforeAll(async () => {
  const url = await createTestDatabase("logger");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 2 });
});

afterAll(async () => {
  await db.pool.end();
});

/** The error a query throws: drizzle's DrizzleQueryError around pg's DatabaseError. */
async function failing(query: () => Promise<unknown>): Promise<unknown> {
  try {
    await query();
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

describe("the console's logger", () => {
  it("writes a failed insert as its codes, never the row it carried", async () => {
    const person = { email: "ada.lovelace@example.test", name: "Ada Byron Lovelace" };
    const passwordHash = await hashPassword("a-long-enough-password");
    await db.insert(users).values({ ...person, passwordHash });
    const error = await failing(() => db.insert(users).values({ ...person, passwordHash }));
    // What the old logging printed: the parameters and PostgreSQL's detail, with the row in both.
    expect(String((error as Error).message)).toContain(passwordHash);

    const line = logLine("error", "team", "could not add a member", { requestId: "req-1", error });
    expect(line).toBe(
      "error [team] could not add a member requestId=req-1 error=DrizzleQueryError ← DatabaseError code=23505 constraint=users_email_key table=users",
    );
    for (const leak of [person.email, person.name, passwordHash, "$argon2id$", "Key (", "params", "insert"]) {
      expect(line).not.toContain(leak);
    }
  });

  it("writes a query over text PostgreSQL cannot hold as its code only", async () => {
    const error = await failing(() =>
      db.insert(users).values({ email: "nul@example.test", name: "Grace\u0000Hopper" }),
    );
    const line = logLine("error", "team", "failed", { error });
    expect(line).toMatch(/^error \[team\] failed error=DrizzleQueryError ← DatabaseError code=\w+$/);
    expect(line).not.toContain("Grace");
  });

  it("keeps the message only of errors written for people, and follows causes", () => {
    const configuration = Object.assign(new Error("The console is not configured: check AUTH_SECRET"), {
      name: "ConfigurationError",
    });
    expect(logLine("error", "console", "x", { error: configuration })).toBe(
      'error [console] x error=ConfigurationError "The console is not configured: check AUTH_SECRET"',
    );
    const wrapped = new TypeError("Cannot read properties of Ada Lovelace", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
    expect(logLine("error", "console", "x", { error: wrapped })).toBe(
      "error [console] x error=TypeError ← Error code=ECONNREFUSED",
    );
    expect(logLine("warn", "auth", "x", { error: "a thrown string with a secret" })).toBe(
      "warn [auth] x error=string",
    );
    // Auth.js keeps what it caught as cause.err.
    const authError = Object.assign(new Error("Read more at https://errors.authjs.dev"), {
      name: "CallbackRouteError",
      cause: { err: Object.assign(new Error("boom"), { code: "57P01" }), email: "x@example.test" },
    });
    expect(logLine("error", "auth", "x", { error: authError })).toBe(
      "error [auth] x error=CallbackRouteError ← Error code=57P01",
    );
  });

  it("writes ids and codes on one line and omits anything that is not a plain value", () => {
    const line = logLine("info", "webhooks", "stored", {
      requestId: "req\n2 error [forged] line",
      status: 401,
      stored: false,
      body: { fullName: "Ada" },
      path: "/api/team",
      missing: undefined,
    });
    expect(line).toBe(
      'info [webhooks] stored requestId="req 2 error [forged] line" status=401 stored=false body=[omitted] path=/api/team',
    );
    expect(logLine("info", "x", "y", { requestId: "r".repeat(500) })).toHaveLength(
      "info [x] y requestId=".length + 200,
    );
  });
});
