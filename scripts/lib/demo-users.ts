import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { generateFirstPassword } from "../../lib/server/auth/passwords";
import { createUser } from "../../lib/server/auth/users";
import { createConsoleDatabase } from "../../lib/server/db/client";
import type { Role } from "../../lib/universal/auth/permissions";

export interface DemoUser {
  email: string;
  name: string;
  role: Role;
  password: string;
}

const DEMO: Omit<DemoUser, "password">[] = [
  { email: "admin@demo.local", name: "Ada Admin", role: "admin" },
  { email: "compliance@demo.local", name: "Carla Compliance", role: "compliance" },
  { email: "developer@demo.local", name: "Dev Developer", role: "developer" },
  { email: "viewer@demo.local", name: "Vic Viewer", role: "viewer" },
  // A second admin and a second compliance officer: every four-eyes control needs another person of the role, and
  // a real team has them; the demo shows those controls working rather than waiting forever.
  { email: "second-admin@demo.local", name: "Sam Second-Admin", role: "admin" },
  { email: "second-compliance@demo.local", name: "Cole Compliance", role: "compliance" },
];

export function demoUsersFile(secretsDir: string): string {
  return path.join(secretsDir, "demo-users.json");
}

/**
 * On the embedded default's first start (no users yet), one demo user per role with a generated password,
 * written to a git-ignored file readable by its owner only, each a member since `since` (when the demo platform
 * opened: its history's approval policy was written and activated by them). Returns the users created now: none on
 * later starts.
 */
export async function seedDemoUsersIfEmpty(
  databaseUrl: string,
  secretsDir: string,
  since: Date,
): Promise<DemoUser[]> {
  const db = createConsoleDatabase(databaseUrl, { max: 2 });
  try {
    const count = await db.execute<{ count: number }>(sql`select count(*)::int as count from users`);
    if ((count.rows[0]?.count ?? 0) > 0) return [];
    const created: DemoUser[] = [];
    for (const demo of DEMO) {
      const password = generateFirstPassword();
      await createUser(db, { ...demo, password }, since);
      created.push({ ...demo, password });
    }
    writeFileSync(demoUsersFile(secretsDir), `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
    return created;
  } finally {
    await db.pool.end();
  }
}
