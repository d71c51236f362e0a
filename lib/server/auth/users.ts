import "server-only";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { MIN_PASSWORD_LENGTH } from "../../universal/auth/password-rules";
import { createUserInputSchema, updateUserInputSchema } from "../../universal/console-api/bodies";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";
import { userCache } from "./user-cache";

export { createUserInputSchema, updateUserInputSchema };

export type UserRow = typeof users.$inferSelect;

export type CreateUserInput = z.input<typeof createUserInputSchema>;

export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export class DuplicateUserError extends Error {
  constructor(email: string) {
    super(`A user with the email ${email} already exists.`);
    this.name = "DuplicateUserError";
  }
}

/**
 * A new user. `since` is when they joined with their role, now unless told: the demo's team joined when its platform
 * opened, 60 days before its first start (scripts/lib/demo-users.ts), so their history reads true.
 */
export async function createUser(
  db: ConsoleDatabase,
  input: CreateUserInput,
  since = new Date(),
): Promise<UserRow> {
  const parsed = createUserInputSchema.parse(input);
  const passwordHash = parsed.password ? await hashPassword(parsed.password) : null;
  const rows = await db
    .insert(users)
    .values({
      email: parsed.email,
      name: parsed.name,
      role: parsed.role,
      passwordHash,
      createdAt: since,
      updatedAt: since,
      roleSince: since,
    })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw new DuplicateUserError(parsed.email);
  return rows[0];
}

export async function findUserByEmail(db: ConsoleDatabase, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return rows[0];
}

/** Google's mail delivers to one mailbox whatever dots its local part has, under either of its two domains. */
const DOTLESS_DOMAINS = ["gmail.com", "googlemail.com"];

/**
 * Domains that deliver one name to one person's mailbox, each under the first of its group: Google's two; Proton's
 * (a Proton user's name at each of its domains is their own address); Apple's iCloud, whose older accounts have the
 * same name at me.com and mac.com.
 */
const SAME_MAILBOX_DOMAINS: readonly (readonly string[])[] = [
  DOTLESS_DOMAINS,
  ["proton.me", "protonmail.com", "protonmail.ch", "pm.me"],
  ["icloud.com", "me.com", "mac.com"],
];

const domainOfMailbox = (domain: string): string =>
  SAME_MAILBOX_DOMAINS.find((group) => group.includes(domain))?.[0] ?? domain;

/**
 * The mailbox an address is delivered to, as far as the console can tell without asking the mail server: the
 * address without regard to case, its "+tag" left out (alice+ops@corp.com is delivered to alice@corp.com), under the
 * first of the domains that share their names (SAME_MAILBOX_DOMAINS: alice@pm.me is alice@proton.me's), and at
 * Gmail without its dots (a.lice@gmail.com and alice@googlemail.com are alice@gmail.com's).
 */
export function mailboxOf(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf("@");
  const local = lower.slice(0, at).replace(/\+.*$/, "");
  const domain = domainOfMailbox(lower.slice(at + 1));
  return domain === DOTLESS_DOMAINS[0] ? `${local.replaceAll(".", "")}@${domain}` : `${local}@${domain}`;
}

/** A member whose address reaches the same mailbox as `email` (mailboxOf). */
export async function findUserBySameMailbox(
  db: ConsoleDatabase,
  email: string,
): Promise<UserRow | undefined> {
  const local = sql`regexp_replace(split_part(lower(${users.email}), '@', 1), '[+].*$', '')`;
  const domain = sql`split_part(lower(${users.email}), '@', 2)`;
  const groups = SAME_MAILBOX_DOMAINS.map(
    (group) =>
      sql`when ${domain} in (${sql.join(
        group.map((name) => sql`${name}`),
        sql`, `,
      )}) then ${group === DOTLESS_DOMAINS ? sql`replace(${local}, '.', '')` : local} || ${`@${group[0]}`}`,
  );
  const mailbox = sql`case ${sql.join(groups, sql` `)} else ${local} || '@' || ${domain} end`;
  const rows = await db
    .select()
    .from(users)
    .where(sql`${mailbox} = ${mailboxOf(email)}`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: ConsoleDatabase, id: string): Promise<UserRow | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const rows = await db.select().from(users).where(eq(users.id, id));
  return rows[0];
}

export function listUsers(db: ConsoleDatabase): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
}

/**
 * Changes a user's role, name or status. A role change or a disable bumps the session version, so every session
 * the user holds stops working on its very next request.
 */
export async function updateUser(
  db: Pick<ConsoleDatabase, "update">,
  id: string,
  changes: UpdateUserInput,
): Promise<UserRow | undefined> {
  const revokes = changes.role !== undefined || changes.disabled !== undefined;
  const rows = await db
    .update(users)
    .set({
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.disabled !== undefined
        ? { disabledAt: changes.disabled ? sql`coalesce(${users.disabledAt}, now())` : null }
        : {}),
      ...(revokes ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      // A new role, or an account enabled again, starts its "role since" now: it cannot be the second person on
      // anything that waited before (lib/server/team/role-since.ts).
      ...(changes.role !== undefined || changes.disabled === false
        ? {
            roleSince: sql`case when ${
              changes.role !== undefined ? sql`${users.role} <> ${changes.role}::role` : sql`false`
            } or ${
              changes.disabled === false ? sql`${users.disabledAt} is not null` : sql`false`
            } then now() else ${users.roleSince} end`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning();
  userCache().forget(id);
  return rows[0];
}

/**
 * Records a successful sign-in, for the Team page's "Last signed in". Not a profile change: `updated_at` stays.
 */
export async function markSignedIn(db: ConsoleDatabase, id: string): Promise<void> {
  await db.update(users).set({ lastSignedInAt: sql`now()` }).where(eq(users.id, id));
}

/**
 * Sign-out: ends every session of the user, as long as the one signing out is still current (at `sessionVersion`),
 * so a session that has already ended cannot end the ones that followed it.
 */
export async function endSessionsOf(db: ConsoleDatabase, id: string, sessionVersion: number): Promise<void> {
  if (!z.uuid().safeParse(id).success) return;
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, id), eq(users.sessionVersion, sessionVersion)));
  userCache().forget(id);
}

/**
 * Undoes a member's single sign-on link, only if they are still linked to `subject` (the identity the admin saw;
 * null: whatever identity is linked), and ends every session they hold: their next single sign-on with their
 * verified email links the identity it comes with. Whoever that is may be another person, so `role_since` moves to
 * now, as a role change moves it: a first approval or proposal the old identity gave no longer counts as another
 * person's. Answers the row, or undefined when the link was no longer `subject`'s (or, for null, there was none).
 */
export async function unlinkSso(
  db: ConsoleDatabase,
  id: string,
  subject: string | null,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({
      oidcSubject: null,
      oidcLinkedAt: null,
      roleSince: sql`now()`,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(users.id, id), subject === null ? isNotNull(users.oidcSubject) : eq(users.oidcSubject, subject)),
    )
    .returning();
  userCache().forget(id);
  return rows[0];
}

/**
 * Sets a member's password and ends their sessions. `handedOver`: the password was made for them and shown to
 * someone else (an admin's approved reset), so whoever signs in with it may be another person: `role_since` moves to
 * now, as an SSO unlink moves it, and a first approval or proposal made before no longer counts as another person's.
 */
export async function setPassword(
  db: ConsoleDatabase,
  id: string,
  password: string,
  options: { handedOver?: boolean } = {},
): Promise<void> {
  const parsed = z.string().min(MIN_PASSWORD_LENGTH).max(200).parse(password);
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(parsed),
      ...(options.handedOver ? { roleSince: sql`now()` } : {}),
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
  userCache().forget(id);
}

/**
 * Changes a member as updateUser does, but never leaves the console without an active admin: when the change
 * demotes or disables an active admin, every active admin's row is locked first (in id order), so two admins
 * demoting each other at once take turns and the second counts what the first left (409 LAST_ADMIN).
 */
export async function updateUserKeepingAnAdmin(
  db: ConsoleDatabase,
  target: Pick<UserRow, "id" | "role" | "disabledAt">,
  changes: UpdateUserInput,
): Promise<UserRow | undefined> {
  const demotesAdmin =
    target.role === "admin" &&
    !target.disabledAt &&
    (changes.disabled === true || (changes.role !== undefined && changes.role !== "admin"));
  if (!demotesAdmin) return updateUser(db, target.id, changes);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
      .orderBy(asc(users.id))
      .for("update");
    // Still an active admin once the locks are held (another change may have demoted them meanwhile), and the last.
    if (admins.length <= 1 && admins.some((admin) => admin.id === target.id)) {
      throw new ApiError(
        409,
        "LAST_ADMIN",
        "The console needs at least one active admin; promote someone else first.",
      );
    }
    return updateUser(tx, target.id, changes);
  });
}
