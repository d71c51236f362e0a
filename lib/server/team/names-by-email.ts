import "server-only";
import { inArray, sql } from "drizzle-orm";
import { getConsoleDatabase } from "../db";
import { users } from "../db/schema";

/**
 * The names of the members with these emails, by lower-cased email: what a record that kept only an email (the audit
 * log, a token's record) is named by, as the console names people. An email of nobody (removed) is left out.
 */
export async function namesByEmail(
  emails: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const wanted = [
    ...new Set([...emails].filter((email): email is string => Boolean(email)).map((e) => e.toLowerCase())),
  ];
  if (wanted.length === 0) return new Map();
  const found = await getConsoleDatabase()
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  return new Map(found.map((person) => [person.email.toLowerCase(), person.name]));
}

/** A person's name from `namesByEmail`'s answer, or null. */
export const nameOf = (names: ReadonlyMap<string, string>, email: string | null | undefined) =>
  email ? (names.get(email.toLowerCase()) ?? null) : null;
